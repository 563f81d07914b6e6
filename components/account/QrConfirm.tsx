'use client';
/**
 * The phone's side of QR-code login: shows what is asking to be signed in (the site, the desktop's browser and system,
 * its approximate address, the time of the request; issue 22: a phishing link to someone else's code looked like
 * one's own sign-in) with 确认登录 and 取消; a visitor is asked to log in first (message box); a used, cancelled or
 * expired code says so. Confirming signs the desktop in.
 */
import { useCallback, useEffect, useState } from 'react';
import { browserHeaders, browserTransport } from '@/lib/api/browser';
import { isSessionCode } from '@/lib/contract/messages';
import type { QrDevice } from '@/lib/contract/accounts';
import type { ContractBody, ContractData, ContractPath } from '@/lib/contract/endpoints';
import { HTTP_TIMEOUT_MS } from '@/lib/constants';
import { isLoggedIn } from '@/lib/session/client';
import { openLogin, openMessageBox } from '@/lib/ui/events';
import { useSite } from '@/components/site/SiteContext';

/** The page shows every answer itself (and keeps it on screen), so calls go through the raw transport, without the client's toasts. */
async function post<P extends ContractPath>(
  path: P,
  body: ContractBody<P>,
): Promise<{ ok: true; data: ContractData<P> } | { ok: false; code: number; msg: string }> {
  try {
    const env = await browserTransport({ path, body, headers: browserHeaders(), timeoutMs: HTTP_TIMEOUT_MS });
    return env.code === 0
      ? { ok: true, data: env.data as ContractData<P> }
      : { ok: false, code: env.code, msg: env.msg };
  } catch {
    return { ok: false, code: -1, msg: '网络异常，请稍后重试' };
  }
}

type View =
  | { kind: 'loading' }
  | { kind: 'login' }
  | { kind: 'ask'; operatorName: string; orgName: string; userID: string; device: QrDevice }
  | { kind: 'done' }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

/** The request's time as the phone user reads it: China time, to the second (the code lasts a minute). */
const requestTime = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(new Date(iso));

export function QrConfirm({ randNum }: { randNum: string }) {
  const { title } = useSite();
  const [view, setView] = useState<View>(
    randNum ? { kind: 'loading' } : { kind: 'error', message: '二维码无效，请在电脑上刷新二维码后重新扫码' },
  );
  const load = useCallback(async () => {
    if (!randNum) return;
    const res = await post('/modules/eosoperator/qrScan', { randNum });
    if (!res.ok) return setView({ kind: 'error', message: res.msg });
    const r = res.data;
    if (r.needLogin || !isLoggedIn()) {
      setView({ kind: 'login' });
      // SPEC 2.7 mode 7: the answer to a scan by someone without an account here.
      openMessageBox(7, { onConfirm: () => openLogin(1) });
    } else {
      const device = r.device ?? {
        host: '',
        browser: '',
        system: '',
        address: '',
        requestedAt: new Date().toISOString(),
      };
      setView({
        kind: 'ask',
        operatorName: r.operatorName ?? '',
        orgName: r.orgName ?? '',
        userID: r.userID ?? '',
        device,
      });
    }
  }, [randNum]);
  useEffect(() => {
    const t = setTimeout(() => void load(), 0);
    return () => clearTimeout(t);
  }, [load]);

  const confirm = async () => {
    const res = await post('/modules/eosoperator/qrConfirm', { randNum });
    if (res.ok) return setView({ kind: 'done' });
    // The phone's session ended meanwhile: log in again, then confirm.
    if (isSessionCode(res.code)) {
      setView({ kind: 'login' });
      openLogin(1);
    } else setView({ kind: 'error', message: res.msg });
  };

  const cancel = async () => {
    const res = await post('/modules/eosoperator/qrCancel', { randNum });
    setView(res.ok ? { kind: 'cancelled' } : { kind: 'error', message: res.msg });
  };

  const button = 'mt-6 w-full rounded-md bg-brand-700 py-3 text-lg text-white hover:bg-brand-800';
  const secondary =
    'mt-3 w-full rounded-md border border-gray-300 bg-white py-3 text-lg text-gray-800 hover:bg-gray-50';
  return (
    <section aria-labelledby="qr-title" className="rounded-lg bg-white p-6 text-center shadow">
      <h1 id="qr-title" className="text-xl font-semibold text-brand-800">
        {title}扫码登录
      </h1>
      <div role="status" aria-live="polite" className="mt-4 text-gray-800">
        {view.kind === 'loading' && <p>正在读取二维码…</p>}
        {view.kind === 'login' && (
          <>
            <p>请先登录，再确认在电脑上登录。</p>
            <button type="button" className={button} onClick={() => openLogin(1)}>
              登录
            </button>
          </>
        )}
        {view.kind === 'ask' && (
          <>
            <p>
              <strong>{view.operatorName}</strong>
              {view.orgName && `（${view.orgName}）`}
            </p>
            <p className="mt-1 text-sm text-gray-600">
              将以账号 {view.userID} 在以下设备上登录{title}
            </p>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-gray-50 p-3 text-left text-sm">
              <dt className="text-gray-600">登录网站</dt>
              <dd className="break-all font-medium">{view.device.host}</dd>
              <dt className="text-gray-600">浏览器</dt>
              <dd>{view.device.browser}</dd>
              <dt className="text-gray-600">操作系统</dt>
              <dd>{view.device.system}</dd>
              <dt className="text-gray-600">大致位置</dt>
              <dd>{/[.:]/.test(view.device.address) ? `IP ${view.device.address}` : view.device.address}</dd>
              <dt className="text-gray-600">请求时间</dt>
              <dd>{requestTime(view.device.requestedAt)}</dd>
            </dl>
            <p className="mt-3 text-left text-sm text-red-700">
              如果这不是您刚刚在电脑上发起的登录，请点“取消”：确认后，这台设备将登录您的账号。
            </p>
            <button type="button" className={button} onClick={() => void confirm()}>
              确认登录
            </button>
            <button type="button" className={secondary} onClick={() => void cancel()}>
              取消
            </button>
          </>
        )}
        {view.kind === 'done' && <p>已确认，电脑端即将完成登录。</p>}
        {view.kind === 'cancelled' && <p>已取消，电脑端不会登录。</p>}
        {view.kind === 'error' && <p>{view.message}</p>}
      </div>
    </section>
  );
}

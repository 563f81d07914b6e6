'use client';
/**
 * The phone's side of QR-code login: shows who is asking and a confirm button; a visitor is asked to
 * log in first (message box); a used or expired code says so. Confirming signs the desktop in.
 */
import { useCallback, useEffect, useState } from 'react';
import { browserHeaders, browserTransport } from '@/lib/api/browser';
import { isSessionCode } from '@/lib/contract/messages';
import { HTTP_TIMEOUT_MS } from '@/lib/constants';
import { isLoggedIn } from '@/lib/session/client';
import { openLogin, openMessageBox } from '@/lib/ui/events';
import { useSite } from '@/components/site/SiteContext';

/** The page shows every answer itself (and keeps it on screen), so calls go through the raw transport, without the client's toasts. */
async function post<T>(path: string, body: unknown): Promise<{ ok: true; data: T } | { ok: false; code: number; msg: string }> {
  try {
    const env = await browserTransport({ path, body, headers: browserHeaders(), timeoutMs: HTTP_TIMEOUT_MS });
    return env.code === 0 ? { ok: true, data: env.data as T } : { ok: false, code: env.code, msg: env.msg };
  } catch {
    return { ok: false, code: -1, msg: '网络异常，请稍后重试' };
  }
}

type View = { kind: 'loading' } | { kind: 'login' } | { kind: 'ask'; operatorName: string; orgName: string; userID: string } | { kind: 'done' } | { kind: 'error'; message: string };

export function QrConfirm({ randNum }: { randNum: string }) {
  const { title } = useSite();
  const [view, setView] = useState<View>(randNum ? { kind: 'loading' } : { kind: 'error', message: '二维码无效，请在电脑上刷新二维码后重新扫码' });
  const load = useCallback(async () => {
    if (!randNum) return;
    const res = await post<{ needLogin: boolean; operatorName?: string; orgName?: string; userID?: string }>('/modules/eosoperator/qrScan', { randNum });
    if (!res.ok) return setView({ kind: 'error', message: res.msg });
    const r = res.data;
    if (r.needLogin || !isLoggedIn()) {
      setView({ kind: 'login' });
      // SPEC 2.7 mode 7: the answer to a scan by someone without an account here.
      openMessageBox(7, { onConfirm: () => openLogin(1) });
    } else setView({ kind: 'ask', operatorName: r.operatorName ?? '', orgName: r.orgName ?? '', userID: r.userID ?? '' });
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

  const button = 'mt-6 w-full rounded-md bg-brand-700 py-3 text-lg text-white hover:bg-brand-800';
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
            <p className="mt-1 text-sm text-gray-600">账号 {view.userID} 正在请求在电脑上登录{title}</p>
            <button type="button" className={button} onClick={() => void confirm()}>
              确认登录
            </button>
          </>
        )}
        {view.kind === 'done' && <p>已确认，电脑端即将完成登录。</p>}
        {view.kind === 'error' && <p>{view.message}</p>}
      </div>
    </section>
  );
}

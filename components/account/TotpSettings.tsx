'use client';
/**
 * 两步验证 in the personal centre's account settings (issue 38): enrol an authenticator app (a QR code of the otpauth
 * URI, and the secret as text for typing it in), confirm with its first code, and keep the ten recovery codes shown
 * this once; or turn it off with a code (not while a role requires it).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import { apiQuery } from '@/lib/api/query';
import type { TotpEnrolment } from '@/lib/contract/accounts';
import { Field, FormError } from '@/components/login/fields';

const INLINE = { shownInline: true } as const;
const card = 'rounded-lg border border-gray-200 bg-white p-5';
const submit = 'rounded-md bg-brand-700 px-6 py-2 text-white hover:bg-brand-800 disabled:opacity-60';
const CODE_RULE = /^\d{6}$/;
const CODE_MSG = '请输入6位数字验证码';

export function TotpSettings() {
  const client = useQueryClient();
  const status = useQuery(apiQuery('/api/eosoperator/totp/status'));
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['/api/eosoperator/totp/status'] });

  const run = async (fn: () => Promise<void>) => {
    setError('');
    const v = code.replace(/\s+/g, '');
    if (!CODE_RULE.test(v)) return setError(CODE_MSG);
    setBusy(true);
    try {
      await fn();
      setCode('');
    } catch (e) {
      setError(failureText(e, '操作失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  const begin = async () => {
    setError('');
    setBusy(true);
    try {
      setEnrolment(await call(api, '/api/eosoperator/totp/begin', {}, INLINE));
    } catch (e) {
      setError(failureText(e, '操作失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };
  const confirm = () =>
    run(async () => {
      const r = await call(api, '/api/eosoperator/totp/confirm', { code }, INLINE);
      setEnrolment(null);
      setRecovery(r.recoveryCodes);
      await refresh();
    });
  const disable = () =>
    run(async () => {
      await call(api, '/api/eosoperator/totp/disable', { code }, INLINE);
      await refresh();
    });

  const codeField = (
    <Field
      id="totp-setting-code"
      label="验证码"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      value={code}
      onChange={(e) => setCode(e.target.value)}
      error={error || undefined}
    />
  );

  const s = status.data;
  let body: React.ReactNode;
  if (recovery)
    body = (
      <div>
        <p className="text-sm text-green-800" role="status">
          两步验证已启用。以下10个恢复码只显示这一次，每个只能使用一次，请抄写或打印后妥善保存；手机丢失时可用它登录。
        </p>
        <ul aria-label="恢复码" data-testid="totp-recovery-codes" className="mt-3 grid grid-cols-2 gap-1 font-mono">
          {recovery.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <button type="button" className={`${submit} mt-4`} onClick={() => setRecovery(null)}>
          我已保存恢复码
        </button>
      </div>
    );
  else if (enrolment)
    body = (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <p className="text-sm text-gray-700">
          请用身份验证器应用（如 Microsoft Authenticator、Google
          身份验证器）扫描二维码，或手动输入下面的密钥，然后输入应用显示的6位验证码。
        </p>
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made by the server, not an optimisable image */}
        <img src={enrolment.qr} alt="两步验证绑定二维码" width={200} height={200} className="my-3" />
        <p className="text-sm text-gray-700">
          密钥：
          <code data-testid="totp-secret" className="break-all font-mono">
            {enrolment.secret}
          </code>
        </p>
        <div className="mt-3">{codeField}</div>
        <button type="submit" disabled={busy} className={submit}>
          确认启用
        </button>
      </form>
    );
  else if (s?.enrolled)
    body = (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void disable();
        }}
      >
        <p className="text-sm text-gray-700">
          已启用两步验证，剩余恢复码 {s.recoveryLeft} 个。
          {s.required ? '您的管理角色要求启用两步验证，不能停用。' : '停用前请输入验证码。'}
        </p>
        {!s.required && (
          <>
            <div className="mt-3">{codeField}</div>
            <button type="submit" disabled={busy} className={submit}>
              停用两步验证
            </button>
          </>
        )}
      </form>
    );
  else
    body = (
      <div>
        <p className="text-sm text-gray-700">
          {s?.required
            ? '您的管理角色要求启用两步验证：启用后才能进行管理操作。'
            : '登录时除密码外还需输入身份验证器上的验证码，账号更安全。'}
        </p>
        <FormError message={error || undefined} />
        <button type="button" disabled={busy} className={`${submit} mt-4`} onClick={() => void begin()}>
          启用两步验证
        </button>
      </div>
    );

  return (
    <div id="totp" className={card}>
      <h3 className="mb-3 font-semibold">两步验证</h3>
      {status.isPending ? <p className="text-gray-600">加载中…</p> : body}
    </div>
  );
}

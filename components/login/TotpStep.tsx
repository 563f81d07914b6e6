'use client';
/**
 * The second step of a sign-in (issue 38) for an account with the TOTP second factor, whichever first factor led
 * here (password, QR code, passport, CAS, WeChat): the 6-digit code of the authenticator app, or a recovery code,
 * and whether to remember this browser. A remembered browser is signed in without being asked (the first call,
 * without a code, answers the sign-in, or 1033 when the code is needed).
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api/browser';
import { ApiError, call, failureText } from '@/lib/api/core';
import { CODE_TOTP_CODE_NEEDED } from '@/lib/contract/accounts';
import type { LoginResult } from '@/lib/contract/home';
import { Field, INLINE, linkButton, primaryButton } from './fields';

export function TotpStep({
  ticket,
  onSuccess,
  onCancel,
}: {
  ticket: string;
  onSuccess: (r: LoginResult) => void;
  onCancel: () => void;
}) {
  const [checking, setChecking] = useState(true);
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The probe below runs once per ticket, whatever the parent passes on each render.
  const done = useRef(onSuccess);
  useEffect(() => {
    done.current = onSuccess;
  }, [onSuccess]);

  // A browser remembered for this account needs no code.
  useEffect(() => {
    let live = true;
    call(api, '/modules/eosoperator/loginBySecondFactor', { ticket }, INLINE).then(
      (r) => live && done.current(r),
      (e) => {
        if (!live) return;
        setChecking(false);
        if (!(e instanceof ApiError && e.code === CODE_TOTP_CODE_NEEDED)) setError(failureText(e, '登录失败，请重试'));
      },
    );
    return () => {
      live = false;
    };
  }, [ticket]);

  useEffect(() => {
    if (!checking) input.current?.focus();
  }, [checking, useRecovery]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    if (!useRecovery && !/^\d{6}$/.test(v.replace(/\s+/g, ''))) {
      setError('请输入6位数字验证码');
      input.current?.focus();
      return;
    }
    if (useRecovery && !v) {
      setError('请输入恢复码');
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const r = await call(
        api,
        '/modules/eosoperator/loginBySecondFactor',
        useRecovery ? { ticket, recoveryCode: v, remember } : { ticket, code: v, remember },
        INLINE,
      );
      onSuccess(r);
    } catch (err) {
      setError(failureText(err, '验证失败，请重试'));
      setValue('');
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  if (checking) return <p className="py-8 text-center text-gray-700">正在验证…</p>;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3" aria-label="两步验证">
      <p id="totp-hint" className="text-sm text-gray-700">
        {useRecovery
          ? '请输入一个未使用过的恢复码（每个恢复码只能使用一次）。'
          : '您的账号已启用两步验证，请打开身份验证器应用，输入显示的6位验证码。'}
      </p>
      <Field
        ref={input}
        id="totp-code"
        label={useRecovery ? '恢复码' : '验证码'}
        hint="totp-hint"
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={useRecovery ? 16 : 7}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} className="h-5 w-5" />
        在此浏览器上记住我（一段时间内无需再次输入验证码）
      </label>
      <button type="submit" disabled={busy} className={primaryButton}>
        {busy ? '验证中…' : '验证并登录'}
      </button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className={linkButton}
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
            setError(null);
          }}
        >
          {useRecovery ? '使用验证码' : '使用恢复码'}
        </button>
        <button type="button" className={linkButton} onClick={onCancel}>
          返回登录
        </button>
      </div>
    </form>
  );
}

'use client';

import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { api } from '@/lib/api/browser';
import { ApiError } from '@/lib/api/core';
import type { Captcha } from '@/lib/api/types';
import { LOGIN_DIALOG_WIDTH_REM } from '@/lib/constants';
import { onUi } from '@/lib/ui/events';
import { loginSchema, type LoginForm } from '@/lib/validation/auth';
import { useSite } from '@/components/site/SiteContext';

/** Remembered login info (SPEC 3): only the login name, never the password. */
const REMEMBER_KEY = 'rememberLogin';

/**
 * The login dialog, username login (type 1 of SPEC 2.6). The other types (registration, password
 * retrieval, QR code, passport) come with the accounts issue. The captcha is refreshed when the
 * dialog opens, when the image is clicked and after a failed login (SPEC 4.2).
 */
export function LoginDialog({ initial = false }: { initial?: boolean }) {
  const { title } = useSite();
  const [open, setOpen] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [remember, setRemember] = useState(false);
  const form = useForm<LoginForm>({ resolver: zodResolver(loginSchema), defaultValues: { userID: '', password: '', code: '', codeUuid: '' } });
  const { register, handleSubmit, setValue, formState } = form;

  const refreshCaptcha = useCallback(async () => {
    setValue('code', '');
    try {
      const c = await api.request<Captcha>('/modules/imgCode/detail');
      setCaptcha(c);
      setValue('codeUuid', c.uuid);
    } catch {
      setCaptcha(null);
    }
  }, [setValue]);

  const show = useCallback(() => {
    const remembered = localStorage.getItem(REMEMBER_KEY);
    if (remembered) {
      setValue('userID', remembered);
      setRemember(true);
    }
    setOpen(true);
    void refreshCaptcha();
  }, [refreshCaptcha, setValue]);

  useEffect(() => {
    const offUi = onUi((e) => {
      if (e.type === 'login') show();
    });
    // Mounted by the event that asked for it (components/shell/LazyDialogs).
    const first = initial ? setTimeout(show, 0) : undefined;
    return () => {
      clearTimeout(first);
      offUi();
    };
  }, [show, initial]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.request('/modules/eosoperator/login', values);
      if (remember) localStorage.setItem(REMEMBER_KEY, values.userID.trim());
      else localStorage.removeItem(REMEMBER_KEY);
      setOpen(false);
      const back = new URLSearchParams(window.location.search).get('redirect');
      // Only a path of this site: never an open redirect.
      if (back && back.startsWith('/') && !back.startsWith('//')) window.location.assign(back);
      else window.location.reload();
    } catch (e) {
      // The message also shows inside the dialog, where focus and screen readers are.
      form.setError('root', { message: e instanceof ApiError ? e.message : '登录失败，请稍后重试' });
      void refreshCaptcha();
    }
  });

  const err = formState.errors;
  const input = 'w-full rounded-md border border-gray-300 px-3 py-2 focus:border-brand-600 focus:outline-none';
  return (
    <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full rounded-lg bg-white p-8 shadow-xl" style={{ maxWidth: `min(${LOGIN_DIALOG_WIDTH_REM.normal}rem, 95vw)` }}>
          <DialogTitle className="text-center text-2xl font-semibold text-brand-800">登录{title}</DialogTitle>
          <form onSubmit={onSubmit} noValidate className="mx-auto mt-6 max-w-sm space-y-4">
            <div>
              <label htmlFor="login-user" className="mb-1 block text-sm text-gray-700">
                登录账号
              </label>
              <input id="login-user" autoComplete="username" className={input} aria-invalid={!!err.userID} aria-describedby="login-user-err" {...register('userID')} />
              <p id="login-user-err" className="mt-1 text-sm text-red-700">{err.userID?.message}</p>
            </div>
            <div>
              <label htmlFor="login-password" className="mb-1 block text-sm text-gray-700">
                登录密码
              </label>
              <input id="login-password" type="password" autoComplete="current-password" className={input} aria-invalid={!!err.password} aria-describedby="login-password-err" {...register('password')} />
              <p id="login-password-err" className="mt-1 text-sm text-red-700">{err.password?.message}</p>
            </div>
            <div>
              <label htmlFor="login-code" className="mb-1 block text-sm text-gray-700">
                验证码
              </label>
              <div className="flex gap-3">
                <input id="login-code" autoComplete="off" className={input} aria-invalid={!!err.code} aria-describedby="login-code-err" {...register('code')} />
                <button type="button" onClick={() => void refreshCaptcha()} className="h-10 w-30 shrink-0 overflow-hidden rounded-md border border-gray-300" aria-label="看不清，换一张验证码">
                  {captcha ? (
                    // eslint-disable-next-line @next/next/no-img-element -- a data: URL made by the server
                    <img src={captcha.codeBase64} alt="验证码图片" width={120} height={40} className="h-full w-full" />
                  ) : (
                    <span className="text-sm text-gray-600">加载中</span>
                  )}
                </button>
              </div>
              <p id="login-code-err" className="mt-1 text-sm text-red-700">{err.code?.message}</p>
            </div>
            {err.root?.message && (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {err.root.message}
              </p>
            )}
            <label className="flex items-center gap-2 text-sm text-gray-700">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
              记住账号
            </label>
            <button type="submit" disabled={formState.isSubmitting} className="w-full rounded-md bg-brand-700 py-2.5 text-white hover:bg-brand-800 disabled:opacity-60">
              {formState.isSubmitting ? '登录中…' : '登录'}
            </button>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

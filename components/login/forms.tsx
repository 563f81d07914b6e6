'use client';
/** The forms of the login dialog (SPEC 2.6), each on react-hook-form with the shared zod schema. */
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api } from '@/lib/api/browser';
import { ApiError, call, failureText } from '@/lib/api/core';
import { CAPTCHA_WRONG_MSG, EMAIL_TAKEN_MSG, LOGIN_NAME_TAKEN_MSG } from '@/lib/contract/messages';
import { loginSchema, type LoginForm } from '@/lib/validation/auth';
import { registerSchema, type RegisterForm as RegisterValues } from '@/lib/validation/accounts';
import { CaptchaField, Field, FormError, INLINE, primaryButton, useCaptcha } from './fields';
import type { SignInAnswer } from '@/lib/contract/accounts';

/** Where the server's refusal belongs: beside the field it is about (the captcha, a taken e-mail), else under the form. */
function refusalField(e: unknown): 'code' | 'email' | 'root' {
  if (!(e instanceof ApiError)) return 'root';
  if (e.message === CAPTCHA_WRONG_MSG) return 'code';
  return e.message === EMAIL_TAKEN_MSG || e.message === LOGIN_NAME_TAKEN_MSG ? 'email' : 'root';
}
/** Remembered login info (SPEC 3): only the login name, never the password. */
export const REMEMBER_KEY = 'rememberLogin';

/** Username login: type 1, and the variants 15 (chosen account), 16 (log in to match) and 17 (exam login). */
export function UsernameForm({
  userID,
  esLoginIO,
  wxLoginIO,
  lockedUser,
  onSuccess,
}: {
  userID?: string;
  esLoginIO?: string;
  /** A WeChat identity this sign-in binds (type 17, first WeChat login). */
  wxLoginIO?: string;
  lockedUser?: boolean;
  onSuccess: (r: SignInAnswer) => void;
}) {
  // Rendered only in the browser (the dialog loads without SSR), so localStorage is safe to read here.
  const [remembered] = useState(() => (userID ? null : localStorage.getItem(REMEMBER_KEY)));
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginSchema),
    defaultValues: { userID: userID ?? remembered ?? '', password: '', code: '', codeUuid: '', esLoginIO, wxLoginIO },
  });
  const { register, handleSubmit, setValue, formState } = form;
  const [remember, setRemember] = useState(!!remembered);
  const onNew = useCallback(
    (uuid: string) => {
      setValue('code', '');
      setValue('codeUuid', uuid);
    },
    [setValue],
  );
  const { captcha, failed, refresh } = useCaptcha(onNew);
  useEffect(() => void refresh(), [refresh]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const redirect = new URLSearchParams(window.location.search).get('redirect') ?? undefined;
      const result = await call(api, '/modules/eosoperator/login', { ...values, redirect }, INLINE);
      if (remember) localStorage.setItem(REMEMBER_KEY, values.userID.trim());
      else localStorage.removeItem(REMEMBER_KEY);
      onSuccess(result);
    } catch (e) {
      // The message also shows inside the dialog, where focus and screen readers are: beside the captcha (focused,
      // so it is read with its field) when it is about the captcha.
      const field = refusalField(e) === 'code' ? 'code' : 'root';
      form.setError(field, { message: failureText(e, '登录失败，请稍后重试') }, { shouldFocus: field !== 'root' });
      void refresh();
    }
  });
  const err = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <Field
        id="login-user"
        label="登录账号"
        autoComplete="username"
        readOnly={lockedUser}
        // The dialog opens with the focus here (Headless UI's initial focus), not on its container; unlike autoFocus,
        // a switch back to this tab leaves the focus on the tab.
        data-autofocus={lockedUser ? undefined : ''}
        error={err.userID?.message}
        {...register('userID')}
      />
      <Field
        id="login-password"
        label="登录密码"
        type="password"
        autoComplete="current-password"
        data-autofocus={lockedUser ? '' : undefined}
        error={err.password?.message}
        {...register('password')}
      />
      <CaptchaField
        id="login-code"
        captcha={captcha}
        failed={failed}
        onRefresh={() => void refresh()}
        onSolved={(code) => setValue('code', code, { shouldValidate: true })}
        error={err.code?.message}
        {...register('code')}
      />
      <FormError message={err.root?.message} />
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        记住账号
      </label>
      <button type="submit" disabled={formState.isSubmitting} className={primaryButton}>
        {formState.isSubmitting ? '登录中…' : '登录'}
      </button>
    </form>
  );
}

/** Type -1: visitor registration (SPEC 3, 5); a train resource adds resourceId and resourceType=1. */
export function RegisterForm({ resourceId, onDone }: { resourceId?: number; onDone: (email: string) => void }) {
  const defaults = {
    operatorName: '',
    orgName: '',
    email: '',
    password: '',
    repassword: '',
    code: '',
    codeUuid: '',
    ...(resourceId ? { resourceId, resourceType: 1 as const } : {}),
  };
  const form = useForm<RegisterValues>({ resolver: zodResolver(registerSchema), defaultValues: defaults });
  const { register, handleSubmit, setValue, formState, setError, clearErrors } = form;
  const onNew = useCallback(
    (uuid: string) => {
      setValue('code', '');
      setValue('codeUuid', uuid);
    },
    [setValue],
  );
  const { captcha, failed, refresh } = useCaptcha(onNew);
  useEffect(() => void refresh(), [refresh]);

  const checkEmail = async (email: string) => {
    const parsed = registerSchema.safeParse({ ...defaults, email });
    if (parsed.error?.issues.some((i) => i.path[0] === 'email')) return;
    try {
      await call(api, '/api/register/valid', { email: email.trim().toLowerCase() });
      clearErrors('email');
    } catch (e) {
      if (e instanceof ApiError) setError('email', { message: e.message });
    }
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await call(api, '/api/register/create', values, INLINE);
      onDone(res.email);
    } catch (e) {
      const field = refusalField(e);
      setError(field, { message: failureText(e, '注册失败，请稍后重试') }, { shouldFocus: field !== 'root' });
      void refresh();
    }
  });
  const err = formState.errors;
  // Registered in the order shown, so an invalid submit focuses the first invalid field as seen.
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
      <Field
        id="reg-name"
        label="姓名"
        autoComplete="name"
        error={err.operatorName?.message}
        {...register('operatorName')}
      />
      <Field
        id="reg-org"
        label="单位"
        autoComplete="organization"
        error={err.orgName?.message}
        {...register('orgName')}
      />
      <div className="sm:col-span-2">
        <Field
          id="reg-email"
          label="邮箱（登录账号）"
          type="email"
          autoComplete="email"
          error={err.email?.message}
          {...register('email', { onBlur: (e: React.FocusEvent<HTMLInputElement>) => void checkEmail(e.target.value) })}
        />
      </div>
      <Field
        id="reg-password"
        label="密码"
        type="password"
        autoComplete="new-password"
        hint="reg-password-hint"
        error={err.password?.message}
        {...register('password')}
      />
      <Field
        id="reg-repassword"
        label="确认密码"
        type="password"
        autoComplete="new-password"
        error={err.repassword?.message}
        {...register('repassword')}
      />
      <div className="sm:col-span-2">
        <p id="reg-password-hint" className="mb-2 text-xs text-gray-600">
          密码须包含字母、数字和下划线，且不少于8位。
        </p>
        <CaptchaField
          id="reg-code"
          captcha={captcha}
          failed={failed}
          onRefresh={() => void refresh()}
          onSolved={(code) => setValue('code', code, { shouldValidate: true })}
          error={err.code?.message}
          {...register('code')}
        />
        <FormError message={err.root?.message} />
        <button type="submit" disabled={formState.isSubmitting} className={`${primaryButton} mt-2`}>
          {formState.isSubmitting ? '提交中…' : '注册'}
        </button>
      </div>
    </form>
  );
}

'use client';
/** The forms of the login dialog (SPEC 2.6), each on react-hook-form with the shared zod schema. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api } from '@/lib/api/browser';
import { ApiError, call, failureText } from '@/lib/api/core';
import { CAPTCHA_WRONG_MSG, EMAIL_TAKEN_MSG, LOGIN_NAME_TAKEN_MSG } from '@/lib/contract/messages';
import { loginSchema, type LoginForm } from '@/lib/validation/auth';
import {
  forgotSchema,
  perfectInfoSchema,
  registerSchema,
  resetFormSchema,
  type RegisterForm as RegisterValues,
} from '@/lib/validation/accounts';
import { CaptchaField, Field, FormError, primaryButton, useCaptcha } from './fields';
import type { LoginResult } from './after-login';

/** Where the server's refusal belongs: beside the field it is about (the captcha, a taken e-mail), else under the form. */
function refusalField(e: unknown): 'code' | 'email' | 'root' {
  if (!(e instanceof ApiError)) return 'root';
  if (e.message === CAPTCHA_WRONG_MSG) return 'code';
  return e.message === EMAIL_TAKEN_MSG || e.message === LOGIN_NAME_TAKEN_MSG ? 'email' : 'root';
}
/** The forms show the server's message beside their fields (FormError, role=alert): the toast does not announce it again. */
const INLINE = { shownInline: true } as const;

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
  onSuccess: (r: LoginResult) => void;
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
        error={err.userID?.message}
        {...register('userID')}
      />
      <Field
        id="login-password"
        label="登录密码"
        type="password"
        autoComplete="current-password"
        error={err.password?.message}
        {...register('password')}
      />
      <CaptchaField
        id="login-code"
        captcha={captcha}
        failed={failed}
        onRefresh={() => void refresh()}
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

/** Type 3: password retrieval by e-mail. */
export function ForgotForm({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm<{ userIdOrEmail: string }>({
    resolver: zodResolver(forgotSchema),
    defaultValues: { userIdOrEmail: '' },
  });
  const { register, handleSubmit, formState, setError } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await call(api, '/api/eosoperator/forgetPasswordSendEmail', values);
      onSent(res.email);
    } catch (e) {
      // A silent path (SPEC 8): the answer is shown here.
      setError('root', { message: failureText(e, '发送失败，请稍后重试') });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <p className="text-sm text-gray-700">
        请输入登录账号或注册邮箱，我们将向您的邮箱发送重置密码的链接（30分钟内有效）。
      </p>
      <Field
        id="forgot-user"
        label="登录账号或邮箱"
        autoComplete="username"
        error={formState.errors.userIdOrEmail?.message}
        {...register('userIdOrEmail')}
      />
      <FormError message={formState.errors.root?.message} />
      <button type="submit" disabled={formState.isSubmitting} className={primaryButton}>
        {formState.isSubmitting ? '发送中…' : '发送重置邮件'}
      </button>
    </form>
  );
}

interface ResetOwner {
  operatorName: string;
  orgName: string;
  userID: string;
}

/** Type 7: set a new password from the link's token; an invalid link switches to type 6. */
export function ResetForm({ token, onInvalid, onDone }: { token: string; onInvalid: () => void; onDone: () => void }) {
  const [owner, setOwner] = useState<ResetOwner | null>(null);
  const form = useForm<{ newPassword: string; newPasswordConfirm: string }>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { newPassword: '', newPasswordConfirm: '' },
  });
  const { register, handleSubmit, formState, setError } = form;
  useEffect(() => {
    call(api, '/api/eosoperator/forgetPasswordCheckToken', { forgetPasswordToken: token }).then(setOwner, onInvalid);
  }, [token, onInvalid]);
  const onSubmit = handleSubmit(async (values) => {
    try {
      await call(api, '/api/eosoperator/forgetPasswordModify', { forgetPasswordToken: token, ...values }, INLINE);
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.message.startsWith('链接不正确')) onInvalid();
      else setError('root', { message: failureText(e, '修改失败，请稍后重试') });
    }
  });
  if (!owner) return <p className="py-6 text-center text-gray-600">正在验证链接…</p>;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-gray-50 p-3 text-sm">
        <dt className="text-gray-600">姓名</dt>
        <dd>{owner.operatorName}</dd>
        <dt className="text-gray-600">单位</dt>
        <dd>{owner.orgName || '—'}</dd>
        <dt className="text-gray-600">登录账号</dt>
        <dd>{owner.userID}</dd>
      </dl>
      <Field
        id="reset-password"
        label="新密码"
        type="password"
        autoComplete="new-password"
        error={formState.errors.newPassword?.message}
        {...register('newPassword')}
      />
      <Field
        id="reset-confirm"
        label="确认新密码"
        type="password"
        autoComplete="new-password"
        error={formState.errors.newPasswordConfirm?.message}
        {...register('newPasswordConfirm')}
      />
      <FormError message={formState.errors.root?.message} />
      <button type="submit" disabled={formState.isSubmitting} className={primaryButton}>
        {formState.isSubmitting ? '提交中…' : '确认修改'}
      </button>
    </form>
  );
}

/** Types 9, 10, 11: the perfect-info prompt (loginRecommendSave). */
export function PerfectInfoForm({ type, onSaved }: { type: 9 | 10 | 11; onSaved: () => void }) {
  const need = useMemo(() => ({ email: type !== 9, password: type !== 10 }), [type]);
  const schema = useMemo(() => perfectInfoSchema(need), [need]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', newPassword: '', confirmPassword: '' },
  });
  const { register, handleSubmit, formState, setError } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      // Only what this prompt asks for goes to the server.
      const body = need.password ? { newPassword: values.newPassword, confirmPassword: values.confirmPassword } : {};
      await call(
        api,
        '/modules/eosoperator/loginRecommendSave',
        need.email ? { ...body, email: values.email } : body,
        INLINE,
      );
      onSaved();
    } catch (e) {
      setError('root', { message: failureText(e, '保存失败，请稍后重试') });
    }
  });
  const err = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <p className="text-sm text-gray-700">
        {type === 11
          ? '您仍在使用初始密码且尚未填写邮箱，为了账号安全，请修改密码并补充邮箱。'
          : type === 9
            ? '您仍在使用初始密码，为了账号安全，请修改密码。'
            : '您尚未填写邮箱，补充邮箱后可通过邮箱找回密码。'}
      </p>
      {need.email && (
        <Field
          id="perfect-email"
          label="邮箱"
          type="email"
          autoComplete="email"
          error={err.email?.message}
          {...register('email')}
        />
      )}
      {need.password && (
        <>
          <Field
            id="perfect-password"
            label="新密码"
            type="password"
            autoComplete="new-password"
            error={err.newPassword?.message}
            {...register('newPassword')}
          />
          <Field
            id="perfect-confirm"
            label="确认新密码"
            type="password"
            autoComplete="new-password"
            error={err.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </>
      )}
      <FormError message={err.root?.message} />
      <button type="submit" disabled={formState.isSubmitting} className={primaryButton}>
        {formState.isSubmitting ? '保存中…' : '保存'}
      </button>
    </form>
  );
}

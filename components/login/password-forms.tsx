'use client';
/** The password forms of the login dialog (SPEC 4): retrieval by e-mail (types 3 and 7) and the perfect-info prompt. */
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api } from '@/lib/api/browser';
import { ApiError, call, failureText } from '@/lib/api/core';
import { forgotSchema, perfectInfoSchema, resetFormSchema } from '@/lib/validation/accounts';
import { Field, FormError, INLINE, NewPasswordFields, primaryButton } from './fields';

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
      <NewPasswordFields
        password={{ id: 'reset-password', error: formState.errors.newPassword?.message, ...register('newPassword') }}
        confirm={{
          id: 'reset-confirm',
          error: formState.errors.newPasswordConfirm?.message,
          ...register('newPasswordConfirm'),
        }}
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
        <NewPasswordFields
          password={{ id: 'perfect-password', error: err.newPassword?.message, ...register('newPassword') }}
          confirm={{ id: 'perfect-confirm', error: err.confirmPassword?.message, ...register('confirmPassword') }}
        />
      )}
      <FormError message={err.root?.message} />
      <button type="submit" disabled={formState.isSubmitting} className={primaryButton}>
        {formState.isSubmitting ? '保存中…' : '保存'}
      </button>
    </form>
  );
}

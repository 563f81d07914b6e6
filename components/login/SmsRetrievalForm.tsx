'use client';
/**
 * Password retrieval by SMS (SPEC 7: smsCode/sendForgetPasswordCode, eosoperator/forgetPassword), inside type 3: a
 * six-digit code to the account's mobile number (valid 5 minutes, another after 60 s), then the new password.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import { smsCodeSendSchema, smsResetSchema } from '@/lib/validation/accounts';
import { Field, FormError, NewPasswordFields, primaryButton } from './fields';

const RESEND_AFTER_S = 60;
const INLINE = { shownInline: true } as const;

interface Values {
  mobile: string;
  code: string;
  newPassword: string;
  newPasswordConfirm: string;
}

export function SmsRetrievalForm({ onDone }: { onDone: () => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(smsResetSchema),
    defaultValues: { mobile: '', code: '', newPassword: '', newPasswordConfirm: '' },
  });
  const { register, handleSubmit, formState, setError, clearErrors, getValues } = form;
  const [wait, setWait] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  const sendCode = async () => {
    const parsed = smsCodeSendSchema.safeParse({ mobile: getValues('mobile') });
    if (!parsed.success) {
      setError('mobile', { message: parsed.error.issues[0]?.message });
      return;
    }
    clearErrors('mobile');
    setSending(true);
    try {
      const res = await call(api, '/api/smsCode/sendForgetPasswordCode', parsed.data, INLINE);
      setSentTo(res.mobile);
      setWait(RESEND_AFTER_S);
    } catch (e) {
      setError('root', { message: failureText(e, '发送失败，请稍后重试') });
    } finally {
      setSending(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await call(api, '/api/eosoperator/forgetPassword', values, INLINE);
      onDone();
    } catch (e) {
      setError('root', { message: failureText(e, '提交失败，请稍后重试') });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <p className="text-sm text-gray-700">
        请输入账号绑定的手机号码，获取短信验证码后设置新密码（验证码5分钟内有效）。
      </p>
      <Field
        id="sms-mobile"
        label="手机号码"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        error={formState.errors.mobile?.message}
        {...register('mobile')}
      />
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Field
            id="sms-code"
            label="短信验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={formState.errors.code?.message}
            {...register('code')}
          />
        </div>
        <button
          type="button"
          onClick={() => void sendCode()}
          disabled={sending || wait > 0}
          className="mb-7 shrink-0 rounded-md border border-brand-700 px-3 py-2 text-sm text-brand-700 disabled:opacity-60"
        >
          {wait > 0 ? `${wait}秒后重新获取` : sending ? '发送中…' : '获取验证码'}
        </button>
      </div>
      {sentTo && (
        <p role="status" className="text-sm text-gray-700">
          {/* The server answers every number alike (no number is listed), so a mistyped one hears the same. */}
          如该手机号已绑定账号，验证码已发送至 {sentTo}
        </p>
      )}
      <NewPasswordFields
        labels={['新密码', '确认密码']}
        password={{ id: 'sms-password', error: formState.errors.newPassword?.message, ...register('newPassword') }}
        confirm={{
          id: 'sms-password2',
          error: formState.errors.newPasswordConfirm?.message,
          ...register('newPasswordConfirm'),
        }}
      />
      <FormError message={formState.errors.root?.message} />
      <button type="submit" disabled={formState.isSubmitting} className={primaryButton}>
        {formState.isSubmitting ? '提交中…' : '重置密码'}
      </button>
    </form>
  );
}

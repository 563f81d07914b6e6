'use client';
/** Labelled inputs with their message beside them (SPEC 5), and the captcha of SPEC 4.2. */
import { forwardRef, useCallback, useState, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { api } from '@/lib/api/browser';
import type { CaptchaImage } from '@/lib/contract/accounts';
import { call } from '@/lib/api/core';
import { AccessibleCheck } from './AccessibleCheck';
import { inputClass, linkButton, primaryButton } from './field-styles';

/** The forms show the server's message beside their fields (FormError, role=alert): the toast does not announce it again. */
export const INLINE = { shownInline: true } as const;
const CAPTCHA_FAILED = '验证码加载失败，点击重试';
export { inputClass, linkButton, primaryButton };

/** hint: the id of a hint about the field, read before its message. */
type FieldProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string; hint?: string };

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ id, label, error, hint, ...rest }, ref) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-gray-700">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className={inputClass}
        aria-invalid={!!error}
        aria-describedby={hint ? `${hint} ${id}-err` : `${id}-err`}
        {...rest}
      />
      <p id={`${id}-err`} className="mt-1 min-h-[1.25em] text-sm text-red-700">
        {error}
      </p>
    </div>
  );
});

/** One registered password input: react-hook-form's binding, the input's id and its message. */
export type PasswordBinding = UseFormRegisterReturn & { id: string; error?: string };

/**
 * The new password and its confirmation (SPEC 5), as every form that sets a password asks them: retrieval by SMS and
 * by e-mail link, the perfect-info prompt and the account settings. The field names differ by call, so the form
 * passes its own bindings.
 */
export function NewPasswordFields({
  password,
  confirm,
  labels = ['新密码', '确认新密码'],
}: {
  password: PasswordBinding;
  confirm: PasswordBinding;
  labels?: [string, string];
}) {
  return (
    <>
      <Field label={labels[0]} type="password" autoComplete="new-password" {...password} />
      <Field label={labels[1]} type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}

/** Fetches a new captcha: on open, on click and after a failed submit (SPEC 4.2); failed: the last fetch failed. */
export function useCaptcha(onNew: (uuid: string) => void) {
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(async () => {
    setFailed(false);
    try {
      const c = await call(api, '/modules/imgCode/detail');
      setCaptcha(c);
      onNew(c.uuid);
    } catch {
      setCaptcha(null);
      setFailed(true);
    }
  }, [onNew]);
  return { captcha, failed, refresh };
}

type CaptchaProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  error?: string;
  captcha: CaptchaImage | null;
  failed?: boolean;
  onRefresh: () => void;
  /** The answer of 无障碍验证, for the form to put in this field. */
  onSolved: (code: string) => void;
};

/**
 * The image is its own refresh button; a failed fetch says so there (a retry) and in a status message. Below it,
 * 无障碍验证 answers the captcha without the image.
 */
export const CaptchaField = forwardRef<HTMLInputElement, CaptchaProps>(function CaptchaField(
  { id, error, captcha, failed = false, onRefresh, onSolved, ...rest },
  ref,
) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-gray-700">
        验证码
      </label>
      <div className="flex gap-3">
        <input
          id={id}
          ref={ref}
          autoComplete="off"
          className={inputClass}
          aria-invalid={!!error}
          aria-describedby={`${id}-err`}
          {...rest}
        />
        <button
          type="button"
          onClick={onRefresh}
          className="h-10 w-30 shrink-0 overflow-hidden rounded-md border border-gray-300"
          aria-label={failed ? CAPTCHA_FAILED : '看不清，换一张验证码'}
        >
          {captcha ? (
            // eslint-disable-next-line @next/next/no-img-element -- a data: URL made by the server
            <img src={captcha.codeBase64} alt="验证码图片" width={120} height={40} className="h-full w-full" />
          ) : failed ? (
            <span className="text-xs text-red-700">加载失败，点击重试</span>
          ) : (
            <span className="text-sm text-gray-600">加载中</span>
          )}
        </button>
        <span role="status" className="sr-only">
          {failed ? CAPTCHA_FAILED : ''}
        </span>
      </div>
      <AccessibleCheck captcha={captcha} onSolved={onSolved} />
      <p id={`${id}-err`} className="mt-1 min-h-[1.25em] text-sm text-red-700">
        {error}
      </p>
    </div>
  );
});

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

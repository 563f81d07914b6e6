'use client';
/** Type -1: the registration form, and the way back to signing in. */
import { linkButton } from '@/components/login/fields';
import { RegisterForm } from '@/components/login/forms';

export function RegisterPanel({
  resourceId,
  onDone,
  onLogin,
}: {
  resourceId?: number;
  onDone: () => void;
  onLogin: () => void;
}) {
  return (
    <>
      <RegisterForm resourceId={resourceId} onDone={onDone} />
      <p className="mt-3 text-center text-sm">
        已有账号？
        <button type="button" className={linkButton} onClick={onLogin}>
          立即登录
        </button>
      </p>
    </>
  );
}

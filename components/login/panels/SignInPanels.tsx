'use client';
/** The login dialog's sign-in panels: by account (type 1) and the exam login, QR code and account side by side (type 17). */
import type { LoginResult } from '@/components/login/after-login';
import { linkButton } from '@/components/login/fields';
import { UsernameForm } from '@/components/login/forms';
import { QrLogin } from '@/components/login/QrLogin';

/** Type 1; notice: why the dialog came back here (a failed passport login). */
export function AccountPanel({
  notice,
  passportOn,
  onSuccess,
  onRegister,
  onForgot,
  onPassport,
}: {
  notice: string | null;
  passportOn: boolean;
  onSuccess: (r: LoginResult) => void;
  onRegister: () => void;
  onForgot: () => void;
  onPassport: () => void;
}) {
  return (
    <>
      {notice && (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {notice}
        </p>
      )}
      <UsernameForm key="1" onSuccess={onSuccess} />
      <p className="mt-3 flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className={linkButton} onClick={onRegister}>
          注册账号
        </button>
        <button type="button" className={linkButton} onClick={onForgot}>
          忘记密码
        </button>
        {passportOn && (
          <button type="button" className={linkButton} onClick={onPassport}>
            科技云通行证登录
          </button>
        )}
      </p>
    </>
  );
}

/** Type 17. */
export function ExamLoginPanel({
  passportOn,
  onSuccess,
  onPassport,
}: {
  passportOn: boolean;
  onSuccess: (r: LoginResult) => void;
  onPassport: () => void;
}) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <section aria-label="扫码登录">
        <h3 className="mb-2 text-center font-medium">手机扫码登录</h3>
        <QrLogin onSuccess={onSuccess} />
      </section>
      <section aria-label="账号登录">
        <h3 className="mb-2 text-center font-medium">账号登录</h3>
        <UsernameForm key="17" onSuccess={onSuccess} />
        {passportOn && (
          <button type="button" className={`${linkButton} mt-3 block w-full text-center`} onClick={onPassport}>
            使用科技云通行证登录
          </button>
        )}
      </section>
    </div>
  );
}

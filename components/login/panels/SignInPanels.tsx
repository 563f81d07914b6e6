'use client';
/** The login dialog's sign-in panels: by account (type 1) and the exam login, QR code and account side by side (type 17). */
import type { WxCode } from '@/lib/contract/accounts';
import type { SignInAnswer } from '@/lib/contract/accounts';
import { linkButton } from '@/components/login/fields';
import { UsernameForm } from '@/components/login/forms';
import { QrLogin } from '@/components/login/QrLogin';
import { WechatQr } from '@/components/login/WechatQr';

/** Type 1; notice: why the dialog came back here (a failed passport login). */
export function AccountPanel({
  notice,
  passportOn,
  casOn = false,
  onSuccess,
  onRegister,
  onForgot,
  onPassport,
  onCas,
}: {
  notice: string | null;
  passportOn: boolean;
  /** The institution's CAS (统一身份认证) is configured (isCas). */
  casOn?: boolean;
  onSuccess: (r: SignInAnswer) => void;
  onRegister: () => void;
  onForgot: () => void;
  onPassport: () => void;
  onCas?: () => void;
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
      {casOn && (
        <button
          type="button"
          onClick={onCas}
          className="mt-3 w-full rounded-md border border-brand-700 py-2.5 text-brand-800 hover:bg-brand-50"
        >
          统一身份认证登录
        </button>
      )}
    </>
  );
}

/**
 * Type 17: WeChat's QR code when WeChat login is configured (wechat.enabled), else the portal's own; the first
 * WeChat login of an identity (wxLoginIO) asks for the portal account it is bound to.
 */
export function ExamLoginPanel({
  passportOn,
  wechat,
  wxLoginIO,
  wxName,
  onSuccess,
  onPassport,
}: {
  passportOn: boolean;
  /** getWXCode's answer; null while it is asked. */
  wechat?: WxCode | null;
  wxLoginIO?: string;
  wxName?: string;
  onSuccess: (r: SignInAnswer) => void;
  onPassport: () => void;
}) {
  if (wxLoginIO)
    return (
      <>
        <p className="mb-3 text-sm text-gray-700">
          {wxName ? `微信用户“${wxName}”` : '该微信'}
          尚未绑定平台账号。请登录您的平台账号完成绑定，之后可直接使用微信扫码登录。
        </p>
        <UsernameForm key="17-wx" wxLoginIO={wxLoginIO} onSuccess={onSuccess} />
      </>
    );
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {wechat?.enabled ? (
        <section aria-label="微信扫码登录">
          <h3 className="mb-2 text-center font-medium">微信扫码登录</h3>
          <WechatQr url={wechat.url} />
        </section>
      ) : (
        <section aria-label="扫码登录">
          <h3 className="mb-2 text-center font-medium">手机扫码登录</h3>
          {wechat ? <QrLogin onSuccess={onSuccess} /> : <p className="py-8 text-center text-gray-600">二维码加载中…</p>}
        </section>
      )}
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

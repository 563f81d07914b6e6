'use client';
/** The login dialog's password-retrieval panels (SPEC 2.6 types 3 to 8): by e-mail or by hand, then the new password. */
import { RESET_LINK_EXPIRED_MSG, RESET_LINK_INVALID_MSG } from '@/lib/contract/messages';
import { V } from '@/lib/validation/messages';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { linkButton, primaryButton } from '@/components/login/fields';
import { ForgotForm, ResetForm } from '@/components/login/forms';
import { SmsRetrievalForm } from '@/components/login/SmsRetrievalForm';
import { useState } from 'react';

/** Type 3: by e-mail, or by a code sent to the account's mobile number. */
export function ForgotPanel({
  onSent,
  onManual,
  onBack,
  onSmsDone,
}: {
  onSent: (email: string) => void;
  onManual: () => void;
  onBack: () => void;
  onSmsDone: () => void;
}) {
  const [bySms, setBySms] = useState(false);
  return (
    <>
      {bySms ? <SmsRetrievalForm onDone={onSmsDone} /> : <ForgotForm onSent={onSent} />}
      <p className="mt-3 flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className={linkButton} onClick={() => setBySms((v) => !v)}>
          {bySms ? '邮箱找回' : '手机验证码找回'}
        </button>
        <button type="button" className={linkButton} onClick={onManual}>
          人工找回
        </button>
        <button type="button" className={linkButton} onClick={onBack}>
          返回登录
        </button>
      </p>
    </>
  );
}

/** Type 4: the contacts for a retrieval by hand, as configured (MANUAL_RETRIEVAL_*); none configured, none shown. */
export function ManualRetrievalPanel({ onBack }: { onBack: () => void }) {
  const q = useQuery(apiQuery('/api/site/retrievalContacts'));
  const contacts = q.data ?? [];
  return (
    <>
      {q.isPending ? (
        <p className="text-sm text-gray-600">正在加载联系方式…</p>
      ) : contacts.length > 0 ? (
        <>
          <p className="text-sm text-gray-700">
            账号未绑定邮箱或无法收到邮件时，请通过以下方式联系管理员人工找回密码：
          </p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
            {contacts.map((c) => (
              <div key={c.label} className="contents">
                <dt className="text-gray-600">{c.label}</dt>
                <dd>
                  {c.href ? (
                    <a className={linkButton} href={c.href}>
                      {c.value}
                    </a>
                  ) : (
                    c.value
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="text-sm text-gray-700">
          账号未绑定邮箱或无法收到邮件时，请联系所在单位的培训管理员人工找回密码。
        </p>
      )}
      <button type="button" className={`${primaryButton} mt-5`} onClick={onBack}>
        返回登录
      </button>
    </>
  );
}

/** Type 5: the reset mail went to sentTo; with a notice (the registration mail), that notice and 确定, which closes. */
export function MailSentPanel({
  notice,
  sentTo,
  onClose,
  onBack,
}: {
  notice: string | null;
  sentTo: string;
  onClose: () => void;
  onBack: () => void;
}) {
  return (
    <>
      <p role="alert" className="text-gray-800">
        {notice ?? `重置密码的邮件已发送至 ${sentTo}，请在30分钟内打开邮件中的链接设置新密码。`}
      </p>
      <button type="button" className={`${primaryButton} mt-5`} onClick={() => (notice ? onClose() : onBack())}>
        {notice ? V.confirmOk : '返回登录'}
      </button>
    </>
  );
}

/** Type 6: the reset link is wrong or out of date. */
export function LinkInvalidPanel({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <p role="alert" className="text-center text-gray-800">
        {RESET_LINK_INVALID_MSG}
        <br />
        {RESET_LINK_EXPIRED_MSG}
      </p>
      <button type="button" className={`${primaryButton} mt-5`} onClick={onRetry}>
        重新找回
      </button>
    </>
  );
}

/** Type 7: the new password, from the link's token. */
export function ResetPanel({
  token,
  onInvalid,
  onDone,
}: {
  token?: string;
  onInvalid: () => void;
  onDone: () => void;
}) {
  return token ? <ResetForm token={token} onInvalid={onInvalid} onDone={onDone} /> : <p>{RESET_LINK_INVALID_MSG}</p>;
}

/** Type 8. */
export function ResetDonePanel() {
  return (
    <p role="alert" className="py-4 text-center text-gray-800">
      密码修改成功，请使用新密码登录。
    </p>
  );
}

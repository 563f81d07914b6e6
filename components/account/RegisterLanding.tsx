'use client';
/** The /register page: activation from the e-mail's link, or registration (for a train resource with ?id). */
import { useEffect, useState } from 'react';
import { api } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import { ACTIVATION_INVALID_MSG } from '@/lib/contract/messages';
import { openLogin } from '@/lib/ui/events';

type Activation = { state: 'working' } | { state: 'done'; userID: string } | { state: 'failed'; message: string };

export function RegisterLanding({ resourceId, activateToken }: { resourceId?: number; activateToken?: string }) {
  // A link cut short or mangled is said plainly, without asking the server.
  const wellFormed = !!activateToken && /^[\w-]{16,128}$/.test(activateToken);
  const [activation, setActivation] = useState<Activation | null>(
    !activateToken ? null : wellFormed ? { state: 'working' } : { state: 'failed', message: ACTIVATION_INVALID_MSG },
  );
  const [train, setTrain] = useState<{ title: string } | null | 'missing'>(null);

  useEffect(() => {
    if (!activateToken || !wellFormed) return;
    call(api, '/api/register/activate', { token: activateToken }, { shownInline: true }).then(
      (r) => setActivation({ state: 'done', userID: r.userID }),
      (e) => setActivation({ state: 'failed', message: failureText(e, '激活失败，请稍后重试') }),
    );
  }, [activateToken, wellFormed]);
  useEffect(() => {
    if (!resourceId) return;
    call(api, '/api/register/info', { resourceId }).then(setTrain, () => setTrain('missing'));
  }, [resourceId]);

  const button = 'rounded-md bg-brand-700 px-8 py-2.5 text-white hover:bg-brand-800';
  if (activation) {
    return (
      <section aria-labelledby="activate-title" className="rounded-lg bg-white p-8 text-center shadow">
        <h1 id="activate-title" className="text-2xl font-semibold text-brand-800">
          账号激活
        </h1>
        <p role="status" className="mt-4 text-gray-800">
          {activation.state === 'working'
            ? '正在激活账号…'
            : activation.state === 'done'
              ? `账号 ${activation.userID} 已激活，请登录。`
              : activation.message}
        </p>
        {activation.state === 'done' && (
          <button type="button" className={`${button} mt-6`} onClick={() => openLogin(1)}>
            立即登录
          </button>
        )}
        {activation.state === 'failed' && (
          <button type="button" className={`${button} mt-6`} onClick={() => openLogin(-1)}>
            重新注册
          </button>
        )}
      </section>
    );
  }
  return (
    <section aria-labelledby="register-title" className="rounded-lg bg-white p-8 text-center shadow">
      <h1 id="register-title" className="text-2xl font-semibold text-brand-800">
        用户注册
      </h1>
      {resourceId && (
        <p className="mt-4 text-gray-800">
          {train === null
            ? '正在读取培训项目…'
            : train === 'missing'
              ? '培训项目不存在，可直接注册平台账号。'
              : `注册后即可报名培训项目：${train.title}`}
        </p>
      )}
      <p className="mt-4 text-gray-700">注册时请填写真实姓名、单位和常用邮箱，注册后需通过邮件中的链接激活账号。</p>
      <div className="mt-6 flex justify-center gap-4">
        <button
          type="button"
          className={button}
          onClick={() => openLogin(-1, resourceId && train !== 'missing' ? { resourceId } : undefined)}
        >
          立即注册
        </button>
        <button
          type="button"
          className="rounded-md border border-brand-700 px-8 py-2.5 text-brand-800 hover:bg-brand-50"
          onClick={() => openLogin(1)}
        >
          已有账号，登录
        </button>
      </div>
    </section>
  );
}

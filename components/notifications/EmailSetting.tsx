'use client';

/** The learner's e-mail choice (issue 25): the inbox always gets every message; e-mail copies can be turned off. */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import { apiQuery, apiQueryKey } from '@/lib/api/query';

const SETTINGS = '/api/notification/settings';

/** `heading`: with its own title, as a card of 账号设置. */
export function EmailSetting({ heading = false }: { heading?: boolean }) {
  const client = useQueryClient();
  const settings = useQuery(apiQuery(SETTINGS));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!settings.data) return null;
  const { email, hasEmail } = settings.data;
  return (
    <div className={`rounded-lg border border-gray-200 bg-white text-sm ${heading ? 'p-5' : 'p-4'}`}>
      {heading && <h3 className="mb-2 text-base font-semibold">消息通知</h3>}
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={email}
          aria-busy={busy || undefined}
          onChange={async (e) => {
            if (busy) return;
            const next = e.target.checked;
            setBusy(true);
            setMessage(null);
            try {
              const saved = await call(api, '/api/notification/saveSettings', { email: next });
              client.setQueryData(apiQueryKey(SETTINGS), saved);
              setMessage({ ok: true, text: next ? '已开启邮件通知' : '已关闭邮件通知，消息仍会在这里显示' });
            } catch (err) {
              setMessage({ ok: false, text: failureText(err, '保存失败，请稍后重试') });
            } finally {
              setBusy(false);
            }
          }}
        />
        同时发送邮件通知
      </label>
      <p className="mt-1 text-gray-600">
        {hasEmail
          ? '审核结果、考试提醒、证书颁发和学时提醒会同时发到您的邮箱；关闭后只在这里显示。'
          : '您的账号还没有填写邮箱，消息只在这里显示。可在“个人学习 → 账号设置”中填写邮箱。'}
      </p>
      {message && (
        <p role="status" className={`mt-1 ${message.ok ? 'text-green-700' : 'text-red-700'}`}>
          {message.text}
        </p>
      )}
    </div>
  );
}

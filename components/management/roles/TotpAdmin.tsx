'use client';
/**
 * The TOTP second factor in 角色管理 (issue 38): which roles require it (a checkbox per role; roles are the whole
 * institution's, so only a manager over the whole institution changes them), and the reset of a user's factor
 * (a locked-out manager: lost phone, no recovery code left), beside each grant.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import { apiQuery } from '@/lib/api/query';

export function RoleTotpPolicy() {
  const client = useQueryClient();
  const roles = useQuery(apiQuery('/api/manage/roles'));
  const [error, setError] = useState('');
  if (!roles.data?.length) return null;
  return (
    <fieldset className="rounded-lg border border-gray-200 bg-white p-5">
      <legend className="px-1 font-semibold">两步验证要求</legend>
      <p className="text-sm text-gray-700">
        勾选的角色：持有者须启用两步验证，并在登录时输入验证码后才能进行管理操作。
      </p>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        {roles.data.map((r) => (
          <li key={r.id}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={r.requireTotp}
                onChange={async (e) => {
                  setError('');
                  try {
                    await call(api, '/api/manage/roleTotp', { roleId: r.id, requireTotp: e.target.checked });
                  } catch (err) {
                    setError(failureText(err, '保存失败，请稍后重试'));
                  }
                  void client.invalidateQueries({ queryKey: ['/api/manage/roles'] });
                }}
              />
              {r.name}
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function ResetTotpButton({ operatorId, name }: { operatorId: number; name: string }) {
  return (
    <button
      type="button"
      className="ml-3 min-h-[24px] text-brand-700 hover:underline"
      aria-label={`重置 ${name} 的两步验证`}
      onClick={async () => {
        if (!window.confirm(`确定重置 ${name} 的两步验证吗？重置后其须重新绑定身份验证器。`)) return;
        try {
          const r = await call(api, '/api/manage/resetTotp', { operatorId });
          window.alert(r.reset ? '已重置两步验证' : '该用户尚未启用两步验证');
        } catch (err) {
          window.alert(failureText(err, '重置失败'));
        }
      }}
    >
      重置两步验证
    </button>
  );
}

'use client';

/**
 * 角色管理 (issue 25, power "role-manage"): the grants of roles to users over organisations inside the manager's
 * scope, a form to grant one, and 撤销. The server checks every change; the form offers only what it would allow.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey } from '@/lib/api/query';
import { api } from '@/lib/api/browser';
import { ApiError, call } from '@/lib/api/core';
import { POWER_NAMES, WHOLE_INSTITUTION } from '@/lib/contract/management';
import { BusyButton } from '@/components/ui/BusyButton';
import { EmptyState } from '@/components/ui/EmptyState';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { ScrollTable } from '@/components/ui/ScrollTable';
import { ButtonPager } from '@/components/ui/ButtonPager';
import { ResetTotpButton, RoleTotpPolicy } from './TotpAdmin';

const field = 'mt-1 block w-full rounded border border-gray-300 px-2 py-1.5 text-sm';

function GrantForm({ onDone }: { onDone: () => void }) {
  const roles = useQuery(apiQuery('/api/manage/roles'));
  const orgs = useQuery(apiQuery('/api/manage/orgs', { power: 'role-manage' }));
  const powers = useQuery(apiQuery('/api/manage/myPowers'));
  const whole = powers.data?.powers.some((p) => p.power === 'role-manage' && p.orgIds === null) ?? false;
  const [userId, setUserId] = useState('');
  const [roleId, setRoleId] = useState('');
  const [orgId, setOrgId] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <form
      aria-label="授予角色"
      className="grid gap-3 rounded-lg bg-white p-4 sm:grid-cols-4"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!userId.trim() || !roleId || orgId === '') {
          setMessage({ ok: false, text: '请填写账号，并选择角色和范围' });
          return;
        }
        setBusy(true);
        try {
          const g = await call(api, '/api/manage/grant', {
            userId: userId.trim(),
            roleId: Number(roleId),
            orgId: orgId === 'all' ? null : Number(orgId),
          });
          setMessage({ ok: true, text: `已授予 ${g.operatorName} ${g.roleName}（${g.orgName}）` });
          setUserId('');
          onDone();
        } catch (err) {
          setMessage({ ok: false, text: err instanceof Error ? err.message : '授予失败' });
        } finally {
          setBusy(false);
        }
      }}
    >
      <label className="text-sm text-gray-700">
        账号
        <input className={field} value={userId} maxLength={120} onChange={(e) => setUserId(e.target.value)} />
      </label>
      <label className="text-sm text-gray-700">
        角色
        <select className={field} value={roleId} onChange={(e) => setRoleId(e.target.value)}>
          <option value="">请选择角色</option>
          {roles.data?.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}（{r.powers.map((p) => POWER_NAMES[p]).join('、')}）
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm text-gray-700">
        范围
        <select className={field} value={orgId} onChange={(e) => setOrgId(e.target.value)}>
          <option value="">请选择单位</option>
          {whole && <option value="all">{WHOLE_INSTITUTION}</option>}
          {orgs.data?.map((o) => (
            <option key={o.id} value={o.id}>
              {o.parentId ? `— ${o.name}` : o.name}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end">
        <BusyButton
          type="submit"
          busy={busy}
          className="rounded bg-brand-700 px-4 py-1.5 text-sm text-white hover:bg-brand-800 aria-disabled:opacity-60"
        >
          授予
        </BusyButton>
      </div>
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`sm:col-span-4 text-sm ${message.ok ? 'text-green-800' : 'text-red-700'}`}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}

export function RoleAdmin() {
  const [pageNum, setPageNum] = useState(1);
  const client = useQueryClient();
  const grants = useQuery(apiQuery('/api/manage/grants', { pageNum, pageSize: 20 }));
  const refresh = () => client.invalidateQueries({ queryKey: apiQueryKey('/api/manage/grants').slice(0, 1) });
  if (grants.error instanceof ApiError && grants.error.code === 1003)
    return (
      <p role="alert" className="mt-6 rounded-lg bg-white py-16 text-center text-gray-700">
        {grants.error.message}：角色管理仅对有“角色管理”权限的管理员开放。
      </p>
    );
  if (grants.isError)
    return <LoadFailed what="授权列表" onRetry={() => grants.refetch()} retrying={grants.isFetching} />;
  const data = grants.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="mt-4 space-y-5">
      <GrantForm onDone={refresh} />
      <RoleTotpPolicy />
      <section aria-labelledby="grants-title">
        <h2 id="grants-title" className="mb-2 text-lg font-semibold">
          已授予的角色
        </h2>
        {!data ? (
          <div className="h-40 animate-pulse rounded-lg bg-gray-100" aria-busy="true" aria-label="授权列表加载中" />
        ) : data.list.length === 0 ? (
          <EmptyState>尚未授予任何角色</EmptyState>
        ) : (
          <ScrollTable label="授权列表">
            <table className="min-w-full bg-white text-sm">
              <thead className="bg-gray-50 text-left text-gray-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    用户
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    角色
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    范围
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    操作
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((g) => (
                  <tr key={g.id} className="border-t border-gray-100">
                    <td className="whitespace-nowrap px-3 py-2">
                      {g.operatorName}（{g.userId}）
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">{g.roleName}</td>
                    <td className="whitespace-nowrap px-3 py-2">{g.orgName}</td>
                    <td className="whitespace-nowrap px-3 py-2">
                      <button
                        type="button"
                        className="min-h-[24px] text-red-700 hover:underline"
                        aria-label={`撤销 ${g.operatorName} 的 ${g.roleName}（${g.orgName}）`}
                        onClick={async () => {
                          if (!window.confirm(`确定撤销 ${g.operatorName} 的 ${g.roleName}（${g.orgName}）吗？`))
                            return;
                          try {
                            await call(api, '/api/manage/revoke', { id: g.id });
                          } catch (err) {
                            window.alert(err instanceof Error ? err.message : '撤销失败');
                          }
                          void refresh();
                        }}
                      >
                        撤销
                      </button>
                      <ResetTotpButton operatorId={g.operatorId} name={g.operatorName} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
        <ButtonPager label="授权分页" pageNum={pageNum} pages={pages} onPage={setPageNum} className="mt-3" />
      </section>
    </div>
  );
}

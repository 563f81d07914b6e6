'use client';

import { useQuery } from '@tanstack/react-query';
import { MSG_STUDENTS_MANAGERS_ONLY, type TrainStudent } from '@/lib/contract/catalogue';
import type { Page } from '@/lib/contract/home';
import { isLoggedIn, readUserInfo } from '@/lib/session/client';

/**
 * The names and organisations of a training's approved learners, for managers only (issue 22): the page is cached and
 * the same for everyone, so the list is asked for in the browser, only by a signed-in user who may be a manager, and
 * shown only when the server answers it.
 */
export function TrainStudentsPanel({ trainId }: { trainId: number }) {
  const mayManage = () => isLoggedIn() && (readUserInfo()?.cmsRoleCount ?? 1) > 0;
  const q = useQuery({
    queryKey: ['/api/train/students', { trainId, viewer: true }],
    queryFn: async () => {
      try {
        const res = await fetch('/api/train/students', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ trainId, pageNum: 1, pageSize: 30 }),
          credentials: 'include',
        });
        return (await res.json()) as { code: number; data: Page<TrainStudent> | null };
      } catch {
        return null;
      }
    },
    enabled: typeof document !== 'undefined' && mayManage(),
    staleTime: 0,
    select: (env) => (env && env.code === 0 ? env.data : null),
  });
  if (!q.data) return <p className="text-gray-600">{MSG_STUDENTS_MANAGERS_ONLY}</p>;
  if (q.data.list.length === 0) return <p className="text-gray-600">暂无审核通过的学员</p>;
  return (
    <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4 lg:grid-cols-6">
      {q.data.list.map((st, i) => (
        <li key={i} className="rounded bg-gray-50 px-2 py-1">
          {st.operatorName}
          <span className="block truncate text-xs text-gray-500">{st.orgName}</span>
        </li>
      ))}
    </ul>
  );
}

'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api/browser';
import { ApiError, call } from '@/lib/api/core';
import { formatDateTime } from '@/lib/format';
import { isLoggedIn } from '@/lib/session/client';
import { toast } from '@/components/ui/Toaster';
import Link from '@/components/ui/Link';

interface Pending {
  operatorId: number;
  operatorName: string;
  createdAt: string;
}

/**
 * The review of applications (SPEC 4.4: 6 -> 7 approved / 8 rejected), shown on /train/detail to managers
 * only: for anyone else the list call is refused and nothing is rendered.
 */
export function TrainReviewPanel({ trainId }: { trainId: number }) {
  const [done, setDone] = useState<Record<number, string>>({});
  const q = useQuery({
    queryKey: ['/api/train/pendingApplications', { trainId, viewer: true }],
    queryFn: async () => {
      try {
        return await (
          await fetch('/api/train/pendingApplications', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ trainId }),
            credentials: 'include',
          })
        ).json();
      } catch {
        return null;
      }
    },
    enabled: typeof document !== 'undefined' && isLoggedIn(),
    staleTime: 0,
    select: (env: { code: number; data: Pending[] } | null) => (env && env.code === 0 ? env.data : null),
  });
  if (!q.data) return null;

  const review = async (operatorId: number, approve: boolean) => {
    try {
      const res = await call(api, '/api/train/review', { trainId, operatorId, approve });
      setDone((d) => ({ ...d, [operatorId]: res.label }));
    } catch (err) {
      if (!(err instanceof ApiError)) toast('error', '审核失败，请稍后重试');
    }
  };

  return (
    <section aria-labelledby="review-title" className="rounded-lg border border-amber-300 bg-amber-50 p-5">
      <h2 id="review-title" className="mb-3 text-lg font-semibold text-gray-900">
        报名审核（待审核{q.data.length}人）
      </h2>
      {/* Marking of the assignments lives with them on /train/task (its 作业批改 panel). */}
      <p className="mb-3 text-sm">
        <Link prefetch={false} href={`/train/task?id=${trainId}`} className="text-brand-700 underline">
          作业批改
        </Link>
      </p>
      {q.data.length === 0 ? (
        <p className="text-gray-700">暂无待审核的报名</p>
      ) : (
        <ul className="divide-y divide-amber-200">
          {q.data.map((p) => (
            <li key={p.operatorId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {p.operatorName} <span className="text-sm text-gray-600">报名于 {formatDateTime(p.createdAt)}</span>
              </span>
              {done[p.operatorId] ? (
                <span role="status" className="text-sm font-medium text-gray-800">
                  {done[p.operatorId]}
                </span>
              ) : (
                <span className="flex gap-2">
                  <button
                    type="button"
                    onClick={() => review(p.operatorId, true)}
                    className="rounded bg-green-700 px-3 py-1 text-sm text-white hover:bg-green-800"
                  >
                    通过<span className="sr-only">{p.operatorName}的报名</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => review(p.operatorId, false)}
                    className="rounded bg-red-700 px-3 py-1 text-sm text-white hover:bg-red-800"
                  >
                    不通过<span className="sr-only">{p.operatorName}的报名</span>
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

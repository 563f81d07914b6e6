'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { apiQuery } from '@/lib/api/query';
import type { FollowState, SpaceKind, SpacePrivacy } from '@/lib/api/spaces';
import type { CourseCard, UserInfo } from '@/lib/api/types';
import { toast } from '@/components/ui/Toaster';
import { useLoggedIn } from './FollowButton';

const LABELS: [keyof SpacePrivacy, string][] = [
  ['showCreated', '公开我创建的课程'],
  ['showStudied', '公开我学习的课程'],
  ['showFollows', '公开我的关注'],
  ['showFans', '公开我的粉丝'],
];

/** Shown to the owner only: privacy settings, pinned courses, the creation centre. */
export function OwnerTools({ spaceRef, courses, pinned }: { spaceRef: { kind: SpaceKind; id: number }; courses: CourseCard[]; pinned: string[] }) {
  const loggedIn = useLoggedIn();
  const state = useQuery({ ...apiQuery<FollowState>('/api/space/followState', spaceRef), enabled: loggedIn });
  if (!loggedIn || !state.data?.isOwner) return null;
  return <Tools courses={courses} pinned={pinned} />;
}

function Tools({ courses, pinned }: { courses: CourseCard[]; pinned: string[] }) {
  const router = useRouter();
  const privacy = useQuery(apiQuery<SpacePrivacy>('/api/space/privacy/detail'));
  const me = useQuery(apiQuery<UserInfo>('/api/eosoperator/myInfo'));
  const [draft, setDraft] = useState<SpacePrivacy | null>(null);
  const value = draft ?? privacy.data ?? null;
  const save = useMutation({
    mutationFn: (p: SpacePrivacy) => api.request<SpacePrivacy>('/api/space/privacy/save', p),
    onSuccess: () => {
      toast('info', '隐私设置已保存');
      router.refresh();
    },
  });
  const pin = useMutation({
    mutationFn: (b: { itemId: number; top: boolean }) => api.request('/api/space/top/save', { itemType: 'course', ...b }),
    onSuccess: () => router.refresh(),
  });
  const unique = [...new Map(courses.map((c) => [c.id, c])).values()].slice(0, 12);
  return (
    <section aria-labelledby="owner-tools" className="rounded-lg border border-brand-100 bg-brand-50 p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="owner-tools" className="text-lg font-semibold text-brand-900">
          我的空间管理
        </h2>
        {me.data && (
          <Link href={`/space/creation?tab=videoSubmit&id=${me.data.operatorID}`} className="rounded bg-brand-700 px-4 py-1.5 text-sm text-white hover:bg-brand-800">
            进入创作中心
          </Link>
        )}
      </div>
      <form
        className="flex flex-wrap items-center gap-x-6 gap-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (value) save.mutate(value);
        }}
      >
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
          <legend className="sr-only">隐私设置</legend>
          {LABELS.map(([key, label]) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={value?.[key] ?? true} disabled={!value} onChange={(e) => value && setDraft({ ...value, [key]: e.target.checked })} />
              {label}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={!value || save.isPending} className="rounded border border-brand-700 px-3 py-1 text-sm text-brand-800 disabled:opacity-60">
          保存隐私设置
        </button>
      </form>
      {unique.length > 0 && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm text-brand-800">置顶课程</summary>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {unique.map((c) => {
              const on = pinned.includes(`course:${c.id}`);
              return (
                <li key={c.id} className="flex items-center justify-between gap-2 rounded bg-white px-3 py-2 text-sm">
                  <span className="truncate">{c.title}</span>
                  <button type="button" className="shrink-0 text-brand-700 hover:underline" onClick={() => pin.mutate({ itemId: c.id, top: !on })}>
                    {on ? '取消置顶' : '置顶'}
                  </button>
                </li>
              );
            })}
          </ul>
        </details>
      )}
    </section>
  );
}

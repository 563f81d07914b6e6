'use client';

import Link from '@/components/ui/Link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { apiQuery } from '@/lib/api/query';
import type { SpaceKind, SpacePrivacy, SpaceTopItem } from '@/lib/contract/spaces';
import { toast } from '@/components/ui/Toaster';
import { creationHref } from '@/components/creation/links';
import { useFollowState } from './FollowButton';
import { BusyButton } from '@/components/ui/BusyButton';
import { call } from '@/lib/api/core';

const LABELS: [keyof SpacePrivacy, string][] = [
  ['showCreated', '公开我创建的课程'],
  ['showStudied', '公开我学习的课程'],
  ['showFollows', '公开我的关注'],
  ['showFans', '公开我的粉丝'],
];

type Ref = { kind: SpaceKind; id: number };
interface PinRow {
  itemType: 'course' | 'series';
  itemId: number;
  title: string;
  /** In a list the owner keeps private: others do not see it pinned. */
  hidden?: boolean;
}

/** Shown to the owner only: privacy settings, pinned courses, the creation centre. */
export function OwnerTools({ spaceRef, tops }: { spaceRef: Ref; tops: SpaceTopItem[] }) {
  const { loggedIn, state } = useFollowState(spaceRef);
  if (!loggedIn || !state.data?.isOwner) return null;
  return <Tools spaceRef={spaceRef} tops={tops} />;
}

const pinKey = (r: { itemType: string; itemId: number }) => `${r.itemType}:${r.itemId}`;
const pinRows = (tops: SpaceTopItem[]) =>
  tops.flatMap((t): PinRow[] =>
    t.course
      ? [{ itemType: 'course', itemId: t.course.id, title: t.course.title, hidden: t.hidden }]
      : t.series
        ? [{ itemType: 'series', itemId: t.series.id, title: t.series.title, hidden: t.hidden }]
        : [],
  );

function Tools({ spaceRef, tops }: { spaceRef: Ref; tops: SpaceTopItem[] }) {
  const router = useRouter();
  const privacy = useQuery(apiQuery('/api/space/privacy/detail'));
  const me = useQuery(apiQuery('/api/eosoperator/myInfo'));
  // The owner's own courses whatever the privacy settings (the page's lists may be private).
  const created = useQuery(apiQuery('/api/space/courses', { ...spaceRef, list: 'created', pageSize: 24 }));
  const studied = useQuery(apiQuery('/api/space/courses', { ...spaceRef, list: 'studied', pageSize: 24 }));
  const [draft, setDraft] = useState<SpacePrivacy | null>(null);
  // All the owner's pins, also those of a private list (the page shows visitors' only).
  const ownTops = useQuery(apiQuery('/api/space/tops', spaceRef));
  // What is pinned now: the owner's list (the page's until it loads), then each answer of the server (the cached page catches up later).
  const [changed, setChanged] = useState<PinRow[] | null>(null);
  const pinnedRows = changed ?? pinRows(ownTops.data ?? tops);
  const value = draft ?? privacy.data ?? null;
  const save = useMutation({
    mutationFn: (p: SpacePrivacy) => call(api, '/api/space/privacy/save', p),
    onSuccess: () => {
      toast('info', '隐私设置已保存');
      router.refresh();
      void ownTops.refetch();
    },
  });
  const pin = useMutation({
    mutationFn: (b: PinRow & { top: boolean }) =>
      call(api, '/api/space/top/save', { itemType: b.itemType, itemId: b.itemId, top: b.top }),
    onSuccess: async (_r, b) => {
      const rest = pinnedRows.filter((r) => pinKey(r) !== pinKey(b));
      setChanged(b.top ? [{ itemType: b.itemType, itemId: b.itemId, title: b.title }, ...rest] : rest);
      toast('info', b.top ? '已置顶' : '已取消置顶');
      router.refresh();
      // The server's list says which pins others do not see.
      if ((await ownTops.refetch()).isSuccess) setChanged(null);
    },
  });
  const pinned = new Set(pinnedRows.map(pinKey));
  const candidates = [
    ...new Map([...(created.data?.list ?? []), ...(studied.data?.list ?? [])].map((c) => [c.id, c])).values(),
  ]
    .filter((c) => !pinned.has(pinKey({ itemType: 'course', itemId: c.id })))
    .map((c): PinRow => ({ itemType: 'course', itemId: c.id, title: c.title }));
  const rows = [...pinnedRows.map((r) => ({ ...r, on: true })), ...candidates.map((r) => ({ ...r, on: false }))];
  return (
    <section aria-labelledby="owner-tools" className="rounded-lg border border-brand-100 bg-brand-50 p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="owner-tools" className="text-lg font-semibold text-brand-900">
          我的空间管理
        </h2>
        {me.data && (
          <Link
            href={creationHref(me.data, 'videoSubmit')}
            prefetch={false}
            className="rounded bg-brand-700 px-4 py-1.5 text-sm text-white hover:bg-brand-800"
          >
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
              <input
                type="checkbox"
                checked={value?.[key] ?? true}
                disabled={!value}
                onChange={(e) => value && setDraft({ ...value, [key]: e.target.checked })}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <BusyButton
          type="submit"
          busy={save.isPending}
          inactive={!value}
          className="rounded border border-brand-700 px-3 py-1 text-sm text-brand-800 aria-disabled:opacity-60"
        >
          保存隐私设置
        </BusyButton>
      </form>
      {rows.length > 0 && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm text-brand-800">置顶课程</summary>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2" aria-label="置顶课程">
            {rows.map((r) => (
              <li
                key={pinKey(r)}
                className="flex items-center justify-between gap-2 rounded bg-white px-3 py-2 text-sm"
              >
                <span className="truncate">
                  {r.on && <span className="mr-1 rounded bg-brand-100 px-1 text-xs text-brand-800">已置顶</span>}
                  {r.on && r.hidden && (
                    <span className="mr-1 rounded bg-gray-100 px-1 text-xs text-gray-700">不公开，仅您自己可见</span>
                  )}
                  {r.itemType === 'series' && '系列专题：'}
                  {r.title}
                </span>
                <BusyButton
                  busy={pin.isPending}
                  className="shrink-0 text-brand-700 hover:underline aria-disabled:opacity-60"
                  onClick={() => pin.mutate({ ...r, top: !r.on })}
                >
                  {r.on ? '取消置顶' : '置顶'}
                  <span className="sr-only">{r.title}</span>
                </BusyButton>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

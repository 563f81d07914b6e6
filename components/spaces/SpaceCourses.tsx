'use client';

import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CourseCardView } from '@/components/cards/Cards';
import { api } from '@/lib/api/browser';
import { apiQuery } from '@/lib/api/query';
import { type SpaceKind } from '@/lib/contract/spaces';
import { SPACE_LIST_SIZE } from '@/lib/spaces/links';
import type { CourseCard } from '@/lib/contract/home';
import { useFollowState } from './FollowButton';
import { BusyButton } from '@/components/ui/BusyButton';
import { call } from '@/lib/api/core';

export const PRIVATE_MSG = '空间主人已设置为不公开';

type Props = {
  spaceRef: { kind: SpaceKind; id: number };
  list: 'created' | 'studied';
  /** The cached page's first page; null when the owner keeps the list private. */
  initial: CourseCard[] | null;
  /** How many there are in all (null: private). */
  total: number | null;
  emptyText: string;
};

function Grid({ courses, ref }: { courses: CourseCard[]; ref?: React.Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {courses.map((c) => (
        <CourseCardView key={c.id} course={c} />
      ))}
    </div>
  );
}

/**
 * A space's created or studied courses: the first page comes with the cached page, 查看更多 loads the next
 * ones. A private list is private for others; its owner sees it (loaded for them alone).
 */
export function SpaceCourses({ spaceRef, list, initial, total, emptyText }: Props) {
  const { state } = useFollowState(spaceRef);
  const isOwner = !!state.data?.isOwner;
  if (initial)
    return (
      <Pages spaceRef={spaceRef} list={list} first={initial} total={total ?? initial.length} emptyText={emptyText} />
    );
  if (!isOwner) return <p className="py-6 text-center text-gray-600">{PRIVATE_MSG}</p>;
  return <OwnerPrivate spaceRef={spaceRef} list={list} emptyText={emptyText} />;
}

function OwnerPrivate({ spaceRef, list, emptyText }: Omit<Props, 'initial' | 'total'>) {
  const first = useQuery(apiQuery('/api/space/courses', { ...spaceRef, list, pageSize: SPACE_LIST_SIZE }));
  if (!first.data)
    return (
      <p aria-busy={first.isPending} className="py-6 text-center text-gray-600">
        {first.isPending ? '加载中…' : PRIVATE_MSG}
      </p>
    );
  return (
    <>
      <p className="mb-3 text-sm text-gray-600">已设置为不公开，仅您自己可见。</p>
      <Pages spaceRef={spaceRef} list={list} first={first.data.list} total={first.data.total} emptyText={emptyText} />
    </>
  );
}

function Pages({
  spaceRef,
  list,
  first,
  total,
  emptyText,
}: Omit<Props, 'initial' | 'total'> & { first: CourseCard[]; total: number }) {
  const [more, setMore] = useState<CourseCard[]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [end, setEnd] = useState(false);
  const shown = [...first, ...more.filter((c) => !first.some((f) => f.id === c.id))];
  // After 查看更多, the keyboard goes on at the first course it loaded (or the last one shown, when none came):
  // the button may be gone by then (the last page), and focus must not fall back to the page's start.
  const grid = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    const cards = grid.current?.children;
    if (from === null || !cards?.length) return;
    focusFrom.current = null;
    cards[Math.min(from, cards.length - 1)].querySelector<HTMLElement>('a[href]')?.focus();
  }, [more, end]);
  if (shown.length === 0) return <p className="py-6 text-center text-gray-600">{emptyText}</p>;
  const loadMore = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const page = await call(api, '/api/space/courses', {
        ...spaceRef,
        list,
        pageNum: Math.floor(shown.length / SPACE_LIST_SIZE) + 1,
        pageSize: SPACE_LIST_SIZE,
      });
      focusFrom.current = shown.length;
      if (!page?.list.length) setEnd(true);
      setMore((m) => [...m, ...(page?.list ?? []).filter((c) => !m.some((x) => x.id === c.id))]);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Grid ref={grid} courses={shown} />
      {shown.length < total && !end && (
        <div className="mt-5 text-center">
          <BusyButton
            onClick={() => void loadMore()}
            busy={busy}
            className="rounded border border-brand-700 px-5 py-1.5 text-sm text-brand-800 hover:bg-brand-50 aria-disabled:opacity-60"
          >
            {busy ? '加载中…' : `查看更多（已显示${shown.length}门，共${total}门）`}
          </BusyButton>
          {failed && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              加载失败，请稍后重试
            </p>
          )}
        </div>
      )}
    </>
  );
}

'use client';

import type { SpaceDetail, SpaceKind } from '@/lib/contract/spaces';
import { useFollowState } from './FollowButton';

/** A count the owner keeps private: said so, never shown as 0. */
export const HIDDEN_COUNT = '不公开';

/**
 * 关注 / 粉丝 / 课程 of a space. The cached page's counts first; for a signed-in visitor the fresh ones of
 * followState (the owner's own, all of them), which a follow or unfollow replaces with the server's answer.
 */
export function SpaceCounts({
  spaceRef,
  counts,
}: {
  spaceRef: { kind: SpaceKind; id: number };
  counts: SpaceDetail['counts'];
}) {
  const { state } = useFollowState(spaceRef);
  const live = state.data?.counts ?? counts;
  const items: [string, number | null, string?][] = [
    ['关注', live.follows],
    ['粉丝', live.fans, 'fans-count'],
    ['课程', live.created, 'created-count'],
  ];
  return (
    <dl className="flex gap-6 text-center">
      {items.map(([label, n, testId]) => (
        <div key={label}>
          <dt className="text-sm text-gray-600">{label}</dt>
          <dd className={n === null ? 'py-1 text-sm text-gray-600' : 'text-xl font-semibold'} data-testid={testId}>
            {n === null ? HIDDEN_COUNT : n}
          </dd>
        </div>
      ))}
    </dl>
  );
}

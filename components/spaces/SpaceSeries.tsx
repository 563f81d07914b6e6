'use client';

import { useQuery } from '@tanstack/react-query';
import { SeriesCardView } from '@/components/cards/Cards';
import { apiQuery } from '@/lib/api/query';
import type { SpaceKind } from '@/lib/contract/spaces';
import type { SeriesCard } from '@/lib/contract/home';
import { useFollowState } from './FollowButton';
import { PRIVATE_MSG } from './SpaceCourses';

const EMPTY = '暂无系列专题';

function Grid({ items }: { items: SeriesCard[] }) {
  if (items.length === 0) return <p className="py-6 text-center text-gray-600">{EMPTY}</p>;
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((s) => (
        <SeriesCardView key={s.id} item={s} />
      ))}
    </div>
  );
}

/**
 * A space's series. The cached page carries them as others may see them; when the owner keeps them private, the
 * owner still sees theirs (loaded for them alone), like the course lists (SpaceCourses).
 */
export function SpaceSeries({
  spaceRef,
  initial,
}: {
  spaceRef: { kind: SpaceKind; id: number };
  initial: SeriesCard[] | null;
}) {
  const { state } = useFollowState(spaceRef);
  if (initial) return <Grid items={initial} />;
  if (!state.data?.isOwner) return <p className="py-6 text-center text-gray-600">{PRIVATE_MSG}</p>;
  return <OwnerPrivate spaceRef={spaceRef} />;
}

function OwnerPrivate({ spaceRef }: { spaceRef: { kind: SpaceKind; id: number } }) {
  const mine = useQuery(apiQuery('/api/space/series', spaceRef));
  if (!mine.data)
    return (
      <p aria-busy={mine.isPending} className="py-6 text-center text-gray-600">
        {mine.isPending ? '加载中…' : PRIVATE_MSG}
      </p>
    );
  return (
    <>
      <p className="mb-3 text-sm text-gray-600">已设置为不公开，仅您自己可见。</p>
      <Grid items={mine.data} />
    </>
  );
}

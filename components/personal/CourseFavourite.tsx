'use client';

/**
 * 收藏 of one course on pages that are the same for everyone (the cached course detail, the player): the
 * visitor's own state is read here (/api/course/favouriteState); a visitor is asked to log in.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { useLoggedIn } from '@/lib/session/client';
import { FavouriteButton } from './FavouriteButton';

export function CourseFavourite({ courseId, className }: { courseId: number; className?: string }) {
  const signedIn = useLoggedIn();
  const qc = useQueryClient();
  const query = apiQuery('/api/course/favouriteState', { courseId });
  const { data, isSuccess } = useQuery({ ...query, enabled: signedIn });
  // Until a signed-in visitor's state is known the button would say the wrong thing.
  if (signedIn && !isSuccess) return null;
  // The same button across states (no key): a toggle keeps the keyboard focus on it.
  return (
    <FavouriteButton
      courseId={courseId}
      initial={data?.favourite === true}
      onChange={(favourite) => qc.setQueryData(query.queryKey, { favourite })}
      className={className}
    />
  );
}

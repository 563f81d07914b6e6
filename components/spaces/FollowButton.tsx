'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { apiQuery, apiQueryKey } from '@/lib/api/query';
import type { SpaceKind } from '@/lib/contract/spaces';
import { useLoggedIn } from '@/lib/session/client';
import { openMessageBox } from '@/lib/ui/events';
import { BusyButton } from '@/components/ui/BusyButton';
import { call } from '@/lib/api/core';

/** The signed-in visitor's relation to a space and its fresh counts (one query shared by the button, the counts and the owner tools). */
export function useFollowState(spaceRef: { kind: SpaceKind; id: number }) {
  const loggedIn = useLoggedIn();
  return { loggedIn, state: useQuery({ ...apiQuery('/api/space/followState', spaceRef), enabled: loggedIn }) };
}

/**
 * 关注 / 已关注: the visitor's own state, loaded after the cached page. The answer of a toggle is the server's
 * state after the write, counts included, and replaces the cached one: the page itself is cached and
 * regenerated in the background, so refreshing it would show the count of the write before.
 */
export function FollowButton({ spaceRef, name }: { spaceRef: { kind: SpaceKind; id: number }; name: string }) {
  const qc = useQueryClient();
  const { loggedIn, state } = useFollowState(spaceRef);
  const toggle = useMutation({
    mutationFn: (on: boolean) => call(api, on ? '/api/space/follow' : '/api/space/unfollow', spaceRef),
    onSuccess: (data) => {
      qc.setQueryData(apiQueryKey('/api/space/followState', spaceRef), data);
      void qc.invalidateQueries({ queryKey: ['/api/space/fans'] });
    },
  });
  if (loggedIn && state.data?.isOwner) return null;
  const followed = !!state.data?.followed;
  return (
    <BusyButton
      className={`rounded px-5 py-2 text-sm font-medium ${followed ? 'border border-gray-300 bg-white text-gray-700' : 'bg-brand-700 text-white hover:bg-brand-800'} aria-disabled:opacity-60`}
      aria-pressed={followed}
      busy={toggle.isPending}
      inactive={loggedIn && state.isPending}
      onClick={() => (loggedIn ? toggle.mutate(!followed) : openMessageBox(1))}
    >
      {followed ? '已关注' : '关注'}
      <span className="sr-only">{name}</span>
    </BusyButton>
  );
}

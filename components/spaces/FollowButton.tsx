'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useSyncExternalStore } from 'react';
import { api } from '@/lib/api/browser';
import { apiQuery, apiQueryKey } from '@/lib/api/query';
import type { FollowState, SpaceKind } from '@/lib/api/spaces';
import { isLoggedIn } from '@/lib/session/client';
import { openMessageBox } from '@/lib/ui/events';

const noop = () => () => {};
export function useLoggedIn(): boolean {
  return useSyncExternalStore(noop, isLoggedIn, () => false);
}

/** 关注 / 已关注: the visitor's own state, loaded after the cached page. */
export function FollowButton({ spaceRef, name }: { spaceRef: { kind: SpaceKind; id: number }; name: string }) {
  const loggedIn = useLoggedIn();
  const qc = useQueryClient();
  const router = useRouter();
  const state = useQuery({ ...apiQuery<FollowState>('/api/space/followState', spaceRef), enabled: loggedIn });
  const toggle = useMutation({
    mutationFn: (on: boolean) => api.request<FollowState>(on ? '/api/space/follow' : '/api/space/unfollow', spaceRef),
    onSuccess: (data) => {
      qc.setQueryData(apiQueryKey('/api/space/followState', spaceRef), data);
      void qc.invalidateQueries({ queryKey: ['/api/space/fans'] });
      router.refresh();
    },
  });
  if (loggedIn && state.data?.isOwner) return null;
  const followed = !!state.data?.followed;
  return (
    <button
      type="button"
      className={`rounded px-5 py-2 text-sm font-medium ${followed ? 'border border-gray-300 bg-white text-gray-700' : 'bg-brand-700 text-white hover:bg-brand-800'} disabled:opacity-60`}
      aria-pressed={followed}
      disabled={toggle.isPending || (loggedIn && state.isPending)}
      onClick={() => (loggedIn ? toggle.mutate(!followed) : openMessageBox(1))}
    >
      {followed ? '已关注' : '关注'}
      <span className="sr-only">{name}</span>
    </button>
  );
}

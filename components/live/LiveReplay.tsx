'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useHls } from './use-hls';
import { api, apiBaseUrl } from '@/lib/api/browser';
import { apiQueryKey } from '@/lib/api/query';
import { useLoggedIn } from '@/lib/session/client';
import { openMessageBox } from '@/lib/ui/events';
import { formatHMS } from '@/lib/format';
import { toast } from '@/components/ui/Toaster';
import { actionClass, BusyButton } from '@/components/ui/BusyButton';
import { call } from '@/lib/api/core';

/** The API paths of the host (/api/platform/... on the platform hosts), given by the page. */
/** The class's calls, in the variant's own form (SPEC 1: /api/platform/ on platform hosts). */
export interface ReplayPaths {
  state: '/api/live/replayState';
  start: '/api/live/replayStart';
  finish: '/api/live/replayFinish';
  /** The year's study hours the header shows: asked again once the replay's hours are credited. */
  totalTime: '/api/study/totalTime';
}

/**
 * 观看回放 of an ended live class: a visitor is asked to sign in; a signed-in learner plays the recording here,
 * and at its end the class's recordHours are credited once (the server checks that the recording was played, not
 * skipped: lib/server/services/live/replay.ts). A recorded broadcast is HLS (`hls`), a demo clip a plain file.
 */
export function LiveReplay({
  liveId,
  recordHours,
  duration,
  paths,
  hls = false,
}: {
  liveId: number;
  recordHours: number;
  duration: number;
  paths: ReplayPaths;
  hls?: boolean;
}) {
  const signedIn = useLoggedIn();
  const qc = useQueryClient();
  const key = apiQueryKey(paths.state, { id: liveId });
  const state = useQuery({
    queryKey: key,
    queryFn: () => call(api, paths.state, { id: liveId }),
    enabled: signedIn,
    staleTime: 0,
  });
  const started = useRef(false);
  const video = useRef<HTMLVideoElement>(null);
  const hlsError = useHls(video, signedIn && hls ? `${apiBaseUrl()}/media/live/${liveId}/hls/index.m3u8` : null, false);
  const terms = `回放时长${formatHMS(duration)}，完整观看后计入${recordHours}学时`;

  if (!signedIn) {
    return (
      <div className="space-y-2">
        <p className="text-gray-700">{terms}。</p>
        <BusyButton className={actionClass(false)} onClick={() => openMessageBox(1)}>
          登录后观看回放
        </BusyButton>
      </div>
    );
  }

  const onPlay = async () => {
    if (started.current) return;
    started.current = true;
    try {
      qc.setQueryData(key, await call(api, paths.start, { id: liveId }));
    } catch {
      started.current = false; // the client has shown the server's message; the next play asks again
    }
  };
  const onEnded = async () => {
    if (state.data?.credited) return;
    try {
      const next = await call(api, paths.finish, { id: liveId });
      qc.setQueryData(key, next);
      if (next.credited) {
        toast('info', `回放已看完，已计入${recordHours}学时`);
        void qc.invalidateQueries({ queryKey: [paths.totalTime] });
      }
    } catch {
      /* the client has shown the server's message (e.g. the recording was skipped through) */
    }
  };

  return (
    <div className="space-y-2">
      <video
        ref={video}
        className="aspect-video w-full max-w-3xl rounded bg-black"
        controls
        preload="metadata"
        playsInline
        aria-label="直播回放视频"
        src={hls ? undefined : `${apiBaseUrl()}/media/live/${liveId}`}
        onPlay={onPlay}
        onEnded={onEnded}
      />
      {hlsError && (
        <p role="alert" className="text-sm text-red-700">
          {hlsError}
        </p>
      )}
      <p className="text-sm text-gray-700" aria-live="polite" data-testid="replay-status">
        {state.data?.credited ? `已观看回放，已计入${recordHours}学时` : terms}
      </p>
    </div>
  );
}

'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LiveDetail, LiveWatchState } from '@/lib/contract/catalogue';
import { api } from '@/lib/api/browser';
import { call } from '@/lib/api/core';
import { apiQueryKey } from '@/lib/api/query';
import { formatCountdown, formatDateTime, formatHMS } from '@/lib/format';
import { useLoggedIn } from '@/lib/session/client';
import { openMessageBox } from '@/lib/ui/events';
import { actionClass, BusyButton } from '@/components/ui/BusyButton';
import { toast } from '@/components/ui/Toaster';
import { LivePlayer } from './LivePlayer';
import { LiveReplay, type ReplayPaths } from './LiveReplay';
import { StreamKeyPanel, type StreamPaths } from './StreamKeyPanel';

/** The class's calls, in the variant's own form (SPEC 1: /api/platform/ on platform hosts). */
export interface LivePaths extends ReplayPaths, StreamPaths {
  watch: '/api/live/watch';
  recordHours: '/api/live/recordHours';
}

/** The page asks for the class's state this often (the number watching, on air or not, the replay once made). */
const WATCH_POLL_MS = 5000;
/** The learner's ping while the live stream plays (services/live/watching.ts PING_SECONDS). */
const PING_SECONDS = 15;

const STATUS = { live: '直播中', upcoming: '即将开始', ended: '已结束' } as const;

type Initial = Pick<LiveDetail, 'status' | 'startAt' | 'endAt' | 'recordHours' | 'replay' | 'replayPending'>;

/**
 * 观看直播 / 直播回放 of a class's page. The page itself is cached for everyone, so what changes with time and viewer
 * comes from `/api/live/watch`, asked every few seconds: before the start a countdown; on air 直播中, the number
 * watching and the live stream (signed-in viewers; each ping credits watching, SPEC 7 recordHours); after the end
 * its replay. The class's teacher and managers also get its stream settings.
 */
export function LiveSection({ liveId, initial, paths }: { liveId: number; initial: Initial; paths: LivePaths }) {
  const signedIn = useLoggedIn();
  const qc = useQueryClient();
  const key = apiQueryKey(paths.watch, { id: liveId, signedIn });
  const watch = useQuery({
    queryKey: key,
    queryFn: () => call(api, paths.watch, { id: liveId }),
    refetchInterval: WATCH_POLL_MS,
    staleTime: 0,
  });
  // The countdown runs from the server's answer (its distance to the start), not from this computer's clock.
  const fetchedAt = watch.dataUpdatedAt;
  const [now, setNow] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  const w: LiveWatchState | undefined = watch.data;
  const status = w?.status ?? initial.status;
  const left = w && now ? Math.max(0, Math.ceil((w.startsInMs - (now - fetchedAt)) / 1000)) : null;
  useEffect(() => {
    if (left === 0 && w?.status === 'upcoming') void watch.refetch();
  }, [left, w?.status, watch]);

  const ping = async () => {
    try {
      const next = await call(api, paths.recordHours, { id: liveId });
      const was = qc.getQueryData<LiveWatchState>(key);
      qc.setQueryData(key, next);
      if (next.credited && !was?.credited) {
        toast('info', `已观看直播，已计入${next.recordHours}学时`);
        void qc.invalidateQueries({ queryKey: [paths.totalTime] });
      }
    } catch {
      /* a ping that failed is made again at the next interval */
    }
  };

  const replay = w ? w.replay : initial.replay;
  const replayPending = w ? w.replayPending : initial.replayPending;
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-3 text-sm" data-testid="live-status">
        <span
          className={`rounded px-2 py-0.5 text-white ${status === 'live' ? 'bg-red-700' : status === 'upcoming' ? 'bg-amber-700' : 'bg-gray-700'}`}
        >
          {STATUS[status]}
        </span>
        {w?.onAir && status !== 'ended' && <span data-testid="live-viewers">{w.viewers}人正在观看</span>}
        {status === 'upcoming' && left != null && left > 0 && (
          <span data-testid="live-countdown">距离开始还有 {formatCountdown(left)}</span>
        )}
        {status === 'upcoming' && left == null && <span>{formatDateTime(initial.startAt)} 开始</span>}
      </p>

      {w?.onAir && status !== 'ended' ? (
        w.hlsUrl ? (
          <>
            <LivePlayer url={w.hlsUrl} pingSeconds={PING_SECONDS} onWatching={ping} />
            <p className="text-sm text-gray-700" aria-live="polite" data-testid="live-hours">
              {w.credited
                ? `已计入${w.recordHours}学时`
                : `观看直播满${formatHMS(w.creditAfterSeconds)}计入${w.recordHours}学时，已观看${formatHMS(w.watchedSeconds)}`}
            </p>
          </>
        ) : (
          <div className="space-y-2">
            <p className="text-gray-700">直播正在进行中，观看直播同样计入学时。</p>
            <BusyButton className={actionClass(false)} onClick={() => openMessageBox(1)}>
              登录后观看直播
            </BusyButton>
          </div>
        )
      ) : status === 'live' ? (
        <p className="text-gray-700">
          直播已开始，正在等待主讲教师推流，请稍候…（至{formatDateTime(initial.endAt)}结束）
        </p>
      ) : status === 'upcoming' ? (
        <p className="text-gray-700">
          直播将于{formatDateTime(initial.startAt)}开始，开始后在本页观看。直播结束后可在本页观看回放。
        </p>
      ) : replay ? (
        <LiveReplay
          liveId={liveId}
          recordHours={w?.recordHours ?? initial.recordHours}
          duration={replay.duration}
          hls={replay.hls}
          paths={paths}
        />
      ) : replayPending ? (
        <p className="text-gray-700" data-testid="replay-pending">
          直播已结束，回放正在生成，请稍后观看。
        </p>
      ) : (
        <p className="text-gray-700">本场直播暂无回放。</p>
      )}

      {w?.canStream && status !== 'ended' && (
        <StreamKeyPanel
          liveId={liveId}
          live={status === 'live'}
          paths={paths}
          onFinished={() => void qc.invalidateQueries({ queryKey: key })}
        />
      )}
    </div>
  );
}

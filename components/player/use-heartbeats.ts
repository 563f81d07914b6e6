import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, apiBaseUrl } from '@/lib/api/browser';
import { apiQueryKey } from '@/lib/api/query';
import { formatHMS } from '@/lib/format';
import { HEARTBEAT_INTERVAL_S } from '@/lib/learning/heartbeat-rules';
import { Outbox, Reporter, SegmentTracker, progressAfter, type Transport } from '@/lib/learning/heartbeat';
import type { ChapterView, CourseProgressView, CourseView, HeartbeatPayload } from '@/lib/contract/learning';
import { call } from '@/lib/api/core';

const transport = (): Transport => ({
  submit: (p) => call(api, '/api/study/submit', p),
  batch: (items) => call(api, '/api/study/batchSubmit', { items }),
  beacon: (items: HeartbeatPayload[]) => {
    if (typeof navigator === 'undefined' || !navigator.sendBeacon) return false;
    return navigator.sendBeacon(
      `${apiBaseUrl()}/api/study/batchSubmit`,
      new Blob([JSON.stringify({ items })], { type: 'text/plain' }),
    );
  },
});

/**
 * One reporter per page; its outbox survives reloads, network cuts and restarts. A hook of its own: inside
 * useHeartbeats, this lazy init makes the React Compiler lint take report's state setters for dependencies.
 */
function useReporter(courseId: number, batch: boolean): RefObject<Reporter | null> {
  const qc = useQueryClient();
  const progressKey = apiQueryKey('/api/course/progress', { courseId });
  const reporterRef = useRef<Reporter | null>(null);
  if (reporterRef.current == null) {
    reporterRef.current =
      typeof window === 'undefined'
        ? null
        : new Reporter(
            transport(),
            new Outbox(window.localStorage),
            (a, p) => {
              if (!a.accepted) return;
              const duration =
                p &&
                qc
                  .getQueryData<CourseView>(apiQueryKey('/api/course/view', { courseId }))
                  ?.chapters.find((c) => c.id === p.chapterId)?.duration;
              qc.setQueryData<CourseProgressView>(progressKey, (old) =>
                old ? progressAfter(old, a, p, duration) : old,
              );
            },
            batch,
          );
  }
  return reporterRef;
}

interface Options {
  courseId: number;
  batch: boolean;
  chapter: ChapterView | null;
  chosen: boolean;
  /** The batch player's lock session, sent with every heartbeat. */
  lockSession: string | undefined;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Called on every second of the heartbeat clock after the playback is followed; stable, or the clock restarts. */
  onTick: (v: HTMLVideoElement, playing: boolean) => void;
}

/**
 * The study progress of the current chapter, sent as heartbeats (lib/learning/heartbeat): the clock that follows
 * playback, the reporter and its outbox, and what the page says of them (`status`, `pending`). The progress in the
 * query cache follows every accepted heartbeat.
 */
export function useHeartbeats({ courseId, batch, chapter, chosen, lockSession, videoRef, onTick }: Options) {
  const qc = useQueryClient();
  const progressKey = apiQueryKey('/api/course/progress', { courseId });
  const [status, setStatus] = useState<string>('');
  const [pending, setPending] = useState(0);
  const trackerRef = useRef(new SegmentTracker());
  const reporterRef = useReporter(courseId, batch);

  /** Sends what was played since the last heartbeat (nothing when nothing was played). */
  const report = useCallback(
    (how: 'send' | 'beacon' = 'send') => {
      const v = videoRef.current;
      const r = reporterRef.current;
      if (!v || !r || !chapter || !chosen) return;
      const seg = trackerRef.current.take(v.currentTime);
      if (!seg) return;
      const p = r.build({ courseId, chapterId: chapter.id, position: v.currentTime, lockSession }, seg);
      if (how === 'beacon') r.beacon(p);
      else
        void r.send(p).then((d) => {
          setPending(r.pending());
          setStatus(
            d === 'answered'
              ? `学习进度已保存（${formatHMS(Math.floor(v.currentTime))}）`
              : '网络异常，学习进度将在恢复后自动提交',
          );
        });
    },
    [chapter, chosen, courseId, lockSession, videoRef, reporterRef],
  );

  // Retry the outbox at start, when the network returns, and on every interval.
  useEffect(() => {
    const r = reporterRef.current;
    if (!r) return;
    const flush = () => void r.flush().then(() => setPending(r.pending()));
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [reporterRef]);

  // The heartbeat clock: follows playback every second, reports every HEARTBEAT_INTERVAL_S.
  useEffect(() => {
    let n = 0;
    const id = window.setInterval(() => {
      const v = videoRef.current;
      if (!v) return;
      const playing = !v.paused && !v.ended && v.readyState >= 2;
      trackerRef.current.tick(v.currentTime, playing, performance.now());
      onTick(v, playing);
      if (trackerRef.current.pendingSeek) report();
      if (++n % HEARTBEAT_INTERVAL_S === 0) {
        report();
        void reporterRef.current?.flush().then(() => setPending(reporterRef.current?.pending() ?? 0));
      }
    }, 1000);
    return () => window.clearInterval(id);
  }, [report, onTick, videoRef, reporterRef]);

  /** The video was put where the learner left off: the next heartbeat counts from there (the jump is no study). */
  const restartAt = (position: number) => void trackerRef.current.take(position);

  /**
   * A document chapter counts as studied once the learner opens it (查看文档 or 下载): one heartbeat at position 0
   * of its zero length, through the outbox like any other, marks it finished; it credits no study time.
   */
  const documentOpened = (id: number) => {
    const r = reporterRef.current;
    if (!r || !chosen) return;
    void r
      .send(r.build({ courseId, chapterId: id, position: 0, lockSession }, { from: 0, to: 0, watched: 0 }))
      .then(() => {
        setPending(r.pending());
        void qc.invalidateQueries({ queryKey: progressKey });
      });
  };

  return { status, pending, report, restartAt, documentOpened };
}

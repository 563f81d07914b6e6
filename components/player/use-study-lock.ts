import { useEffect, useState, type RefObject } from 'react';
import { api } from '@/lib/api/browser';
import { ApiError, call } from '@/lib/api/core';
import { toast } from '@/components/ui/Toaster';
import { STUDY_LOCK_S } from '@/lib/learning/heartbeat-rules';
import { newSubmitId } from '@/lib/learning/heartbeat';

/**
 * The batch player's session: names this page's hold on the course, and goes with its heartbeats. None in the
 * ordinary player. Its own hook, apart from useStudyLock, because the heartbeats need it before the lock is taken.
 */
export function useLockSession(batch: boolean): string | undefined {
  const [session] = useState(() => (batch ? newSubmitId().replace(/[^\w-]/g, '') : undefined));
  return session;
}

/** Lets the course go as the page goes: a beacon, as a request may not outlive the page. */
export function releaseLock(courseId: number, session: string) {
  navigator.sendBeacon?.(
    '/api/study/lock',
    new Blob([JSON.stringify({ courseId, session, release: true })], { type: 'text/plain' }),
  );
}

/**
 * The batch player's lock, renewed while the page is open. Held by another window, the video stops and the
 * server's message is shown; `stopsPlay` keeps it stopped.
 */
export function useStudyLock({
  batch,
  chosen,
  courseId,
  session,
  videoRef,
}: {
  batch: boolean;
  chosen: boolean;
  courseId: number;
  session: string | undefined;
  videoRef: RefObject<HTMLVideoElement | null>;
}) {
  const [lockError, setLockError] = useState<string | null>(null);

  useEffect(() => {
    if (!batch || !chosen || !session) return;
    const take = () =>
      call(api, '/api/study/lock', { courseId, session })
        .then(() => setLockError(null))
        .catch((e: unknown) => {
          if (e instanceof ApiError) {
            setLockError(e.message);
            videoRef.current?.pause();
          }
        });
    void take();
    const id = window.setInterval(take, (STUDY_LOCK_S / 2) * 1000);
    return () => window.clearInterval(id);
  }, [batch, chosen, courseId, session, videoRef]);

  /** On play: without the lock the video pauses again and says why. */
  const stopsPlay = (v: HTMLVideoElement): boolean => {
    if (!lockError) return false;
    v.pause();
    toast('warning', lockError);
    return true;
  };

  return { lockError, stopsPlay };
}

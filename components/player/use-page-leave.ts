import { useEffect } from 'react';
import { releaseLock } from './use-study-lock';

/**
 * As the learner leaves: what was played goes as a beacon (a request may not outlive the page), then the batch
 * player's lock is released (in the one listener, so that the last heartbeat leaves before the lock does); hiding
 * the page (another tab, the laptop closed) sends what was played.
 */
export function usePageLeave({
  report,
  batch,
  courseId,
  lockSession,
}: {
  report: (how?: 'send' | 'beacon') => void;
  batch: boolean;
  courseId: number;
  lockSession: string | undefined;
}) {
  // Page hide: beacon; leaving clears the window name (SPEC 2.1).
  useEffect(() => {
    const onHide = () => {
      report('beacon');
      if (batch && lockSession) releaseLock(courseId, lockSession);
      window.name = '';
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') report('send');
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [report, batch, courseId, lockSession]);
}

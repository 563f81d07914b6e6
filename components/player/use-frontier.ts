import { useCallback, useRef, useState, type RefObject } from 'react';
import { HEARTBEAT_SLACK_S } from '@/lib/learning/heartbeat-rules';
import type { ChapterView, CourseProgressView } from '@/lib/contract/learning';

/**
 * How far the current chapter has been studied (its frontier): the server's, then what is played on from it here.
 * The server counts nothing played past it (a seek ahead), so the page says so (`ahead`, where to go back to) and
 * offers the way back.
 */
export function useFrontier({
  chapter,
  chosen,
  progress,
  videoRef,
}: {
  chapter: ChapterView | null;
  chosen: boolean;
  progress: CourseProgressView | undefined;
  videoRef: RefObject<HTMLVideoElement | null>;
}) {
  const reachRef = useRef({ chapterId: -1, at: 0 });
  const [aheadOf, setAhead] = useState<{ chapterId: number; at: number } | null>(null);

  /** The frontier of a chapter: the server's, raised by what is played on from it on this page. */
  function reachOf(id: number): number {
    const server = progress?.chapters.find((c) => c.chapterId === id)?.frontier ?? 0;
    if (reachRef.current.chapterId !== id) reachRef.current = { chapterId: id, at: server };
    else reachRef.current.at = Math.max(reachRef.current.at, server);
    return reachRef.current.at;
  }

  /** Every second of the heartbeat clock. */
  const follow = useCallback(
    (v: HTMLVideoElement, playing: boolean) => {
      // Played on from within the frontier: the frontier follows (it was set from the server's when the video loaded).
      const reach = reachRef.current;
      if (
        playing &&
        chosen &&
        chapter &&
        reach.chapterId === chapter.id &&
        v.currentTime <= reach.at + HEARTBEAT_SLACK_S
      ) {
        reach.at = Math.max(reach.at, v.currentTime);
        setAhead(null);
      }
    },
    [chosen, chapter],
  );

  /** After a seek: past the frontier of an unfinished chapter, the notice; back within it, none. */
  const onSeeked = () => {
    const v = videoRef.current;
    if (!v || !chosen || !chapter || progress?.chapters.find((c) => c.chapterId === chapter.id)?.finished)
      return setAhead(null);
    const at = reachOf(chapter.id);
    setAhead(v.currentTime > at + HEARTBEAT_SLACK_S ? { chapterId: chapter.id, at } : null);
  };

  const ahead = chapter && aheadOf?.chapterId === chapter.id ? aheadOf.at : null;
  return { ahead, reachOf, follow, onSeeked };
}

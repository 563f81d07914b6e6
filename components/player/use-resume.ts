import { useEffect, useRef, type RefObject } from 'react';
import type { ChapterView, CourseProgressView } from '@/lib/contract/learning';

interface Options {
  videoRef: RefObject<HTMLVideoElement | null>;
  chapter: ChapterView | null;
  chosen: boolean;
  rate: number;
  progress: CourseProgressView | undefined;
  /** Sets the chapter's frontier from the server's (useFrontier). */
  reachOf: (chapterId: number) => number;
  /** The heartbeats count from the resumed position (useHeartbeats). */
  restartAt: (position: number) => void;
}

/** The video's onLoadedMetadata: the chosen speed, and the learner's saved position in this chapter. */
export function useResume({ videoRef, chapter, chosen, rate, progress, reachOf, restartAt }: Options) {
  // Resume at the saved position of this chapter.
  const onLoaded = () => {
    const v = videoRef.current;
    if (!v || !chapter) return;
    v.playbackRate = rate;
    if (!chosen) return;
    reachOf(chapter.id);
    const saved =
      progress?.lastChapterId === chapter.id
        ? progress.lastPosition
        : (progress?.chapters.find((c) => c.chapterId === chapter.id)?.position ?? 0);
    if (saved > 0 && saved < chapter.duration - 2) v.currentTime = saved;
    restartAt(v.currentTime);
  };

  // The metadata may have loaded before hydration attached onLoadedMetadata: resume then too.
  const resumedFor = useRef<string | null>(null);
  const onLoadedOnce = () => {
    const key = `${chapter?.id}-${chosen}`;
    if (resumedFor.current === key) return;
    resumedFor.current = key;
    onLoaded();
  };
  useEffect(() => {
    const v = videoRef.current;
    if (v && v.readyState >= 1) onLoadedOnce();
  });

  return onLoadedOnce;
}

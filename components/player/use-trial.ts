import { useCallback, useRef, useState, type RefObject } from 'react';
import { openMessageBox } from '@/lib/ui/events';
import type { ChapterView } from '@/lib/contract/learning';

/**
 * The trial of a course not chosen (message modes 3 and 4): only the first chapter plays, and only for its trial
 * minutes, counted in seconds played on the heartbeat clock (`tick`) and by where the video is.
 */
export function useTrial({
  chapter,
  chapters,
  chosen,
  videoRef,
}: {
  chapter: ChapterView | null;
  chapters: ChapterView[];
  chosen: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
}) {
  const [trialOver, setTrialOver] = useState(false);
  const trialPlayedRef = useRef(0);

  const stopTrial = useCallback(() => {
    const v = videoRef.current;
    v?.pause();
    setTrialOver(true);
    openMessageBox(3);
  }, [videoRef]);

  /** Every second of the heartbeat clock: a second played on trial. */
  const tick = useCallback(
    (v: HTMLVideoElement, playing: boolean) => {
      if (!chosen && playing && chapter) {
        trialPlayedRef.current += 1;
        if (trialPlayedRef.current >= chapter.trialSeconds || v.currentTime >= chapter.trialSeconds - 0.25) stopTrial();
      }
    },
    [chosen, chapter, stopTrial],
  );

  /** On play: whether the trial stopped it. */
  const stopsPlay = (v: HTMLVideoElement): boolean => {
    if (chosen || !chapter) return false;
    // On trial only the first chapter plays, and only for the trial minutes.
    if (chapter.id !== chapters[0]?.id) {
      v.pause();
      openMessageBox(4);
      return true;
    }
    if (trialOver) {
      v.pause();
      openMessageBox(3);
    }
    return trialOver;
  };

  /** A seek past the trial's end ends it. */
  const onSeeked = () => {
    if (!chosen && chapter && videoRef.current && videoRef.current.currentTime >= chapter.trialSeconds - 0.25)
      stopTrial();
  };

  /** On end: whether it was the trial's (then it stops as at its end), not the chapter's. */
  const endsTrial = (): boolean => {
    if (chosen) return false;
    stopTrial();
    return true;
  };

  /**
   * Whether the learner may open this chapter: on trial only the first one, or a document its owner opens
   * (`opensDocument`); otherwise 请选学后播放 (mode 4).
   */
  const mayOpen = (id: number, opensDocument: boolean): boolean => {
    if (!chosen && !opensDocument && id !== chapters[0]?.id) {
      openMessageBox(4);
      return false;
    }
    return true;
  };

  /** The course is chosen: nothing of its trial is left over. */
  const reset = () => {
    setTrialOver(false);
    trialPlayedRef.current = 0;
  };

  return { tick, stopsPlay, onSeeked, endsTrial, mayOpen, reset };
}

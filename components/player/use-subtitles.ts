import { useEffect, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { apiQueryKey } from '@/lib/api/query';
import { toast } from '@/components/ui/Toaster';
import { call } from '@/lib/api/core';

/** How often the player asks whether the subtitle job is done (a long video takes minutes). */
export const SUBTITLE_POLL_MS = 3000;

/**
 * AI subtitles for a chapter without a track: the server queues a job and answers 处理中 at once; the player asks
 * again every few seconds until the track is made, then shows it. `subtitling` is the chapter being subtitled: it
 * lives with the page, not the button, so that one request at a time holds across a change of chapter.
 */
export function useSubtitles(courseId: number, videoRef: RefObject<HTMLVideoElement | null>) {
  const qc = useQueryClient();
  const [subtitling, setSubtitling] = useState<number | null>(null);
  // A player that is gone stops asking.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const makeSubtitles = async (chapterId: number) => {
    setSubtitling(chapterId);
    try {
      let answer = await call(api, '/api/course/aiSubtitles', { chapterId });
      while (answer.state === 'processing') {
        await new Promise((resolve) => setTimeout(resolve, SUBTITLE_POLL_MS));
        if (!alive.current) return;
        answer = await call(api, '/api/course/aiSubtitles', { chapterId, poll: true });
      }
      await qc.invalidateQueries({ queryKey: apiQueryKey('/api/course/view', { courseId }) });
      toast('info', 'AI字幕已生成');
      // The button is gone now that the chapter has its track: the keyboard goes on at the video (C toggles the subtitles).
      videoRef.current?.focus();
    } catch {
      /* the client has shown the server's message */
    } finally {
      if (alive.current) setSubtitling(null);
    }
  };

  return { subtitling, makeSubtitles };
}

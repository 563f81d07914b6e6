import { useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { apiQueryKey } from '@/lib/api/query';
import { toast } from '@/components/ui/Toaster';
import { call } from '@/lib/api/core';

/**
 * AI subtitles for a chapter without a track: made on the server (minutes for a long video), then shown.
 * `subtitling` is the chapter being subtitled: it lives with the page, not the button, so that one request at a
 * time holds across a change of chapter.
 */
export function useSubtitles(courseId: number, videoRef: RefObject<HTMLVideoElement | null>) {
  const qc = useQueryClient();
  const [subtitling, setSubtitling] = useState<number | null>(null);

  const makeSubtitles = async (chapterId: number) => {
    setSubtitling(chapterId);
    try {
      await call(api, '/api/course/aiSubtitles', { chapterId });
      await qc.invalidateQueries({ queryKey: apiQueryKey('/api/course/view', { courseId }) });
      toast('info', 'AI字幕已生成');
      // The button is gone now that the chapter has its track: the keyboard goes on at the video (C toggles the subtitles).
      videoRef.current?.focus();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setSubtitling(null);
    }
  };

  return { subtitling, makeSubtitles };
}

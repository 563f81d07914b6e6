import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isLoggedIn } from '@/lib/session/client';
import { apiQuery } from '@/lib/api/query';
import type { ChapterView, CourseView, PlayRendition } from '@/lib/contract/learning';
// Types only: the library itself is imported on first use, so pages without video do not load it.
import type HlsType from 'hls.js';

/** Where the learner's choice of quality is kept ('auto' or a rendition's height). */
export const QUALITY_KEY = 'portal.player.quality';

export type Quality = 'auto' | number;

function storedQuality(): Quality {
  try {
    const v = window.localStorage.getItem(QUALITY_KEY);
    return v && /^\d{3,4}$/.test(v) ? Number(v) : 'auto';
  } catch {
    return 'auto';
  }
}

/** The stored choice among the renditions that exist: the same height, else the nearest below it, else auto. */
export function pickRendition(renditions: PlayRendition[], quality: Quality): PlayRendition | null {
  if (quality === 'auto') return null;
  const below = renditions.filter((r) => r.height <= quality).sort((a, b) => b.height - a.height);
  return below[0] ?? null;
}

/** The ticket's query: per chapter, and whether the course is chosen (a new ticket, for the whole video, after 选学). */
export function ticketQuery(chapterId: number, chosen: boolean) {
  const base = apiQuery('/api/course/playTicket', { chapterId });
  return { ...base, queryKey: [...base.queryKey, chosen] as const };
}

/**
 * hls.js, and a visitor's ticket for the chapter the player will open, asked for with the course rather than after the
 * learner's progress (a visitor has none to wait for): the first frame comes one request sooner.
 */
export function usePrefetchTicket(course: CourseView | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    // In the browser only: the address and the session are read there.
    const chapterId = course ? (initialChapter(course)?.id ?? 0) : 0;
    if (chapterId > 0 && !isLoggedIn())
      void qc.prefetchQuery({ ...ticketQuery(chapterId, false), staleTime: Infinity });
  }, [qc, course]);
  useEffect(() => {
    // The library is fetched with the course, not after the ticket: the first frame comes sooner.
    const w = window as unknown as { MediaSource?: unknown; ManagedMediaSource?: unknown };
    if (w.MediaSource || w.ManagedMediaSource) void import('hls.js').catch(() => undefined);
  }, []);
}

/** The chapter the player opens for a visitor: the one the address names, else the first video. */
function initialChapter(course: CourseView): ChapterView | undefined {
  const v = new URLSearchParams(window.location.search).get('chapterId');
  const named = course.chapters.find((c) => String(c.id) === v);
  const first = named ?? course.chapters[0];
  return first && first.kind !== 'document' && first.playable ? first : undefined;
}

/** hls.js where Media Source Extensions exist (Chrome, Firefox, Android); native HLS elsewhere (Safari, iOS). */
function engineFor(v: HTMLVideoElement): 'mse' | 'native' | null {
  const w = window as unknown as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  if (w.MediaSource || w.ManagedMediaSource) return 'mse';
  return v.canPlayType('application/vnd.apple.mpegurl') ? 'native' : null;
}

/**
 * The chapter's HLS play session (issue 24): its ticket from /api/course/playTicket, and the video element fed with
 * hls.js (loaded by a dynamic import) or natively. `mode` 'file' means the chapter has no HLS package (or this browser
 * plays none): the player then uses /media/chapter/:id as before. The quality menu's choice is kept in localStorage.
 */
export function useHls({
  chapter,
  chosen,
  videoRef,
}: {
  chapter: ChapterView | null;
  chosen: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
}) {
  const chapterId = chapter?.kind === 'document' || !chapter?.playable ? 0 : chapter.id;
  const ticket = useQuery({
    // A new ticket when the course is chosen: the whole video instead of the trial.
    ...ticketQuery(chapterId, chosen),
    enabled: chapterId > 0,
    // Valid for hours; refetched when a playlist answers 403 (it expired).
    staleTime: Infinity,
    gcTime: 0,
  });
  const data = ticket.data?.chapterId === chapterId ? ticket.data : undefined;
  const master = data?.master ?? null;
  const renditions = useMemo(() => data?.renditions ?? [], [data]);
  // The player renders in the browser only (after the learner's progress arrived): localStorage is there.
  const [quality, setQualityState] = useState<Quality>(() =>
    typeof window === 'undefined' ? 'auto' : storedQuality(),
  );
  const [engineFailed, setEngineFailed] = useState<string | null>(null);
  const hlsRef = useRef<HlsType | null>(null);
  const qualityRef = useRef<Quality>(quality);
  const renewals = useRef(0);
  const { refetch } = ticket;

  useEffect(() => {
    const v = videoRef.current;
    if (!master || !v) return;
    const engine = engineFor(v);
    if (!engine) {
      setEngineFailed(master);
      return;
    }
    if (engine === 'native') {
      const pick = pickRendition(renditions, qualityRef.current);
      v.src = pick ? master.replace('/master.m3u8', `/${pick.name}.m3u8`) : master;
      return () => {
        v.removeAttribute('src');
        v.load();
      };
    }
    let cancelled = false;
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        setEngineFailed(master);
        return;
      }
      const pick = pickRendition(renditions, qualityRef.current);
      const hls = new Hls({ enableWorker: true, backBufferLength: 60 });
      hlsRef.current = hls;
      hls.on(Hls.Events.MANIFEST_PARSED, () => {
        renewals.current = 0;
        const i = pick ? hls.levels.findIndex((l) => l.height === pick.height) : -1;
        hls.currentLevel = i;
      });
      hls.on(Hls.Events.ERROR, (_e, err) => {
        if (!err.fatal) return;
        const status = (err.response as { code?: number } | undefined)?.code;
        // An expired ticket: a new one, twice at most (a browser that refuses the play cookie gets 403 every time,
        // and then plays the file route instead).
        if (status === 403 && renewals.current++ < 2) void refetch();
        else if (status === 403) setEngineFailed(master);
        else if (err.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
        else if (err.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
        else setEngineFailed(master);
      });
      hls.loadSource(master);
      hls.attachMedia(v);
    });
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
    // The renditions come with the master URL: one effect per play session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [master, videoRef, refetch]);

  const setQuality = useCallback(
    (q: Quality) => {
      qualityRef.current = q;
      setQualityState(q);
      try {
        window.localStorage.setItem(QUALITY_KEY, String(q));
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      const v = videoRef.current;
      const hls = hlsRef.current;
      const pick = pickRendition(renditions, q);
      if (hls) {
        // -1 lets hls.js choose by bandwidth (自动).
        hls.currentLevel = pick ? hls.levels.findIndex((l) => l.height === pick.height) : -1;
      } else if (v && master) {
        const at = v.currentTime;
        const paused = v.paused;
        v.src = pick ? master.replace('/master.m3u8', `/${pick.name}.m3u8`) : master;
        v.addEventListener(
          'loadedmetadata',
          () => {
            v.currentTime = at;
            if (!paused) void v.play().catch(() => undefined);
          },
          { once: true },
        );
      }
    },
    [master, renditions, videoRef],
  );

  const mode: 'pending' | 'hls' | 'file' =
    chapterId === 0 || ticket.isError || (ticket.data && !master) || (master != null && engineFailed === master)
      ? 'file'
      : master
        ? 'hls'
        : 'pending';
  return { mode, renditions, quality, setQuality, poster: data?.poster ?? null, scope: data?.scope ?? null };
}

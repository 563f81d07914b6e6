'use client';

/**
 * The course player (/courseView, /courseViewBatch): chapters, video with resume, speed, keyboard, subtitles,
 * the 3-minute trial (message modes 3 and 4), heartbeats (lib/learning/heartbeat), the self test after a chapter.
 * The batch player holds a lock on the course and submits in batches.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBaseUrl } from '@/lib/api/browser';
import { apiQuery, apiQueryKey } from '@/lib/api/query';
import { CourseFavourite } from '@/components/personal/CourseFavourite';
import { ApiError } from '@/lib/api/core';
import { openMessageBox } from '@/lib/ui/events';
import { isLoggedIn } from '@/lib/session/client';
import { formatChapterLength, formatHMS } from '@/lib/format';
import { chapterNumber } from '@/lib/catalogue/chapter-title';
import { HEARTBEAT_INTERVAL_S, HEARTBEAT_SLACK_S, PLAYBACK_RATES, STUDY_LOCK_S } from '@/lib/learning/heartbeat-rules';
import { Outbox, Reporter, SegmentTracker, newSubmitId, progressAfter, type Transport } from '@/lib/learning/heartbeat';
import type { ChapterProgressItem, ChapterView, CourseProgressView, CourseView, HeartbeatAnswer, HeartbeatPayload } from '@/lib/contract/learning';
import { toast } from '@/components/ui/Toaster';
import { BusyButton } from '@/components/ui/BusyButton';
import { SelfTestPanel } from './SelfTestPanel';
import { NotesPanel } from './NotesPanel';
import { DocumentPanel } from './DocumentPanel';
import { LoadFailed } from '@/components/ui/LoadFailed';

/** Said when a chapter ends and its self test opens below the video. */
const SELF_TEST_NOTICE = '本章已学完，请完成视频下方的本讲自测';

const transport = (): Transport => ({
  submit: (p) => api.request<HeartbeatAnswer>('/api/study/submit', p),
  batch: (items) => api.request<HeartbeatAnswer[]>('/api/study/batchSubmit', { items }),
  beacon: (items: HeartbeatPayload[]) => {
    if (typeof navigator === 'undefined' || !navigator.sendBeacon) return false;
    return navigator.sendBeacon(`${apiBaseUrl()}/api/study/batchSubmit`, new Blob([JSON.stringify({ items })], { type: 'text/plain' }));
  },
});

/** ?chapterId= of the player's address, when it names one (the page is cached per course: the browser reads it). */
function chapterFromAddress(): number | null {
  const v = new URLSearchParams(window.location.search).get('chapterId');
  return v && /^\d{1,9}$/.test(v) ? Number(v) : null;
}

/**
 * The player once the learner's progress has arrived: the page is the same for every visitor (cached per course),
 * and where to resume, which chapters are done and whether the course is chosen are the learner's own. Until then
 * the course's heading and a placeholder; a call that failed can be tried again.
 */
export function CoursePlayer({ courseId, batch }: { courseId: number; batch: boolean }) {
  const qc = useQueryClient();
  const { data: course } = useQuery(apiQuery<CourseView>('/api/course/view', { courseId }));
  const progressQuery = apiQuery<CourseProgressView>('/api/course/progress', { courseId });
  const progress = useQuery({
    ...progressQuery,
    // The answer says whether the course is in the learner's 收藏 too: the 收藏 button reads it without a call of its own.
    queryFn: async (ctx) => {
      const p = await progressQuery.queryFn(ctx);
      if (isLoggedIn()) qc.setQueryData(apiQueryKey('/api/course/favouriteState', { courseId }), { favourite: p.favourite });
      return p;
    },
  });
  if (course && progress.data) {
    const start = chapterFromAddress();
    const initialChapterId = course.chapters.some((c) => c.id === start) ? start : (progress.data.lastChapterId ?? course.chapters[0]?.id ?? null);
    return <LoadedPlayer courseId={courseId} batch={batch} initialChapterId={initialChapterId} />;
  }
  if (!course) return <p className="p-6 text-gray-600">课程不存在或未发布</p>;
  return (
    <div className="focus-on-dark min-h-screen bg-gray-900 text-gray-100">
      <header className="border-b border-gray-700 px-4 py-3">
        <h1 className="truncate text-lg font-semibold">{course.title}</h1>
        <p className="text-sm text-gray-400">{course.teacherName && <span>主讲：{course.teacherName}</span>}</p>
      </header>
      <div className="flex flex-col gap-4 p-4 lg:flex-row">
        <section className="min-w-0 flex-1" aria-label="视频">
          {progress.isError ? (
            <LoadFailed what="学习进度" onRetry={progress.refetch} retrying={progress.isFetching} tone="dark" className="rounded bg-gray-800 p-6" />
          ) : (
            <div role="status" aria-live="polite" data-testid="player-loading" className="flex aspect-video w-full items-center justify-center rounded bg-black text-gray-400">
              正在加载学习进度…
            </div>
          )}
        </section>
        <ChapterList chapters={course.chapters} currentId={null} />
      </div>
    </div>
  );
}

function LoadedPlayer({ courseId, batch, initialChapterId }: { courseId: number; batch: boolean; initialChapterId: number | null }) {
  const qc = useQueryClient();
  const { data: course } = useQuery(apiQuery<CourseView>('/api/course/view', { courseId }));
  const progressKey = apiQueryKey('/api/course/progress', { courseId });
  const { data: progress } = useQuery(apiQuery<CourseProgressView>('/api/course/progress', { courseId }));
  const chosen = progress?.chosen ?? false;
  // The course's teacher opens its documents without 选学 (the server's rule for /media/chapter/:id).
  const owner = progress?.owner ?? false;
  const chapters = useMemo(() => course?.chapters ?? [], [course]);

  const [chapterId, setChapterId] = useState<number | null>(() => initialChapterId ?? progress?.lastChapterId ?? course?.chapters[0]?.id ?? null);
  const chapter = chapters.find((c) => c.id === chapterId) ?? chapters[0] ?? null;
  const [rate, setRate] = useState(1);
  const [trialOver, setTrialOver] = useState(false);
  const [testFor, setTestFor] = useState<number | null>(null);
  const [status, setStatus] = useState<string>('');
  const [subtitling, setSubtitling] = useState<number | null>(null);
  // 选学 pressed here: the button stays (as 已选学), so the keyboard focus on it is not lost to <body>.
  const [choosing, setChoosing] = useState<'busy' | 'done' | null>(null);
  const [pending, setPending] = useState(0);
  const [lockError, setLockError] = useState<string | null>(null);

  const videoRef = useRef<HTMLVideoElement>(null);
  const trackerRef = useRef(new SegmentTracker());
  const trialPlayedRef = useRef(0);
  const lockSession = useRef(batch ? newSubmitId().replace(/[^\w-]/g, '') : undefined);
  const reporterRef = useRef<Reporter | null>(null);
  /**
   * How far the current chapter has been studied (its frontier): the server's, then what is played on from it here.
   * The server counts nothing played past it (a seek ahead), so the page says so and offers the way back.
   */
  const reachRef = useRef({ chapterId: -1, at: 0 });
  const [aheadOf, setAhead] = useState<{ chapterId: number; at: number } | null>(null);

  // One reporter per page; its outbox survives reloads, network cuts and restarts.
  if (!reporterRef.current && typeof window !== 'undefined') {
    reporterRef.current = new Reporter(
      transport(),
      new Outbox(window.localStorage),
      (a, p) => {
        if (!a.accepted) return;
        const duration = p && qc.getQueryData<CourseView>(apiQueryKey('/api/course/view', { courseId }))?.chapters.find((c) => c.id === p.chapterId)?.duration;
        qc.setQueryData<CourseProgressView>(progressKey, (old) => (old ? progressAfter(old, a, p, duration) : old));
      },
      batch,
    );
  }

  /** Sends what was played since the last heartbeat (nothing when nothing was played). */
  const report = useCallback(
    (how: 'send' | 'beacon' = 'send') => {
      const v = videoRef.current;
      const r = reporterRef.current;
      if (!v || !r || !chapter || !chosen) return;
      const seg = trackerRef.current.take(v.currentTime);
      if (!seg) return;
      const p = r.build({ courseId, chapterId: chapter.id, position: v.currentTime, lockSession: lockSession.current }, seg);
      if (how === 'beacon') r.beacon(p);
      else
        void r.send(p).then((d) => {
          setPending(r.pending());
          setStatus(d === 'answered' ? `学习进度已保存（${formatHMS(Math.floor(v.currentTime))}）` : '网络异常，学习进度将在恢复后自动提交');
        });
    },
    [chapter, chosen, courseId],
  );

  // Retry the outbox at start, when the network returns, and on every interval.
  useEffect(() => {
    const r = reporterRef.current;
    if (!r) return;
    const flush = () => void r.flush().then(() => setPending(r.pending()));
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, []);

  // The heartbeat clock: follows playback every second, reports every HEARTBEAT_INTERVAL_S.
  useEffect(() => {
    let n = 0;
    const id = window.setInterval(() => {
      const v = videoRef.current;
      if (!v) return;
      const playing = !v.paused && !v.ended && v.readyState >= 2;
      trackerRef.current.tick(v.currentTime, playing, performance.now());
      // Played on from within the frontier: the frontier follows (it was set from the server's when the video loaded).
      const reach = reachRef.current;
      if (playing && chosen && chapter && reach.chapterId === chapter.id && v.currentTime <= reach.at + HEARTBEAT_SLACK_S) {
        reach.at = Math.max(reach.at, v.currentTime);
        setAhead(null);
      }
      if (!chosen && playing && chapter) {
        trialPlayedRef.current += 1;
        if (trialPlayedRef.current >= chapter.trialSeconds || v.currentTime >= chapter.trialSeconds - 0.25) stopTrial();
      }
      if (trackerRef.current.pendingSeek) report();
      if (++n % HEARTBEAT_INTERVAL_S === 0) {
        report();
        void reporterRef.current?.flush().then(() => setPending(reporterRef.current?.pending() ?? 0));
      }
    }, 1000);
    return () => window.clearInterval(id);
  }, [report, chosen, chapter]);

  // Page hide: beacon; leaving clears the window name (SPEC 2.1).
  useEffect(() => {
    const onHide = () => {
      report('beacon');
      if (batch && lockSession.current) {
        navigator.sendBeacon?.('/api/study/lock', new Blob([JSON.stringify({ courseId, session: lockSession.current, release: true })], { type: 'text/plain' }));
      }
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
  }, [report, batch, courseId]);

  // The batch player's lock, renewed while the page is open.
  useEffect(() => {
    if (!batch || !chosen || !lockSession.current) return;
    const take = () =>
      api
        .request('/api/study/lock', { courseId, session: lockSession.current })
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
  }, [batch, chosen, courseId]);

  /** The frontier of a chapter: the server's, raised by what is played on from it on this page. */
  function reachOf(id: number): number {
    const server = progress?.chapters.find((c) => c.chapterId === id)?.frontier ?? 0;
    if (reachRef.current.chapterId !== id) reachRef.current = { chapterId: id, at: server };
    else reachRef.current.at = Math.max(reachRef.current.at, server);
    return reachRef.current.at;
  }

  function stopTrial() {
    const v = videoRef.current;
    v?.pause();
    setTrialOver(true);
    openMessageBox(3);
  }

  // Resume at the saved position of this chapter.
  const onLoaded = () => {
    const v = videoRef.current;
    if (!v || !chapter) return;
    v.playbackRate = rate;
    if (!chosen) return;
    reachOf(chapter.id);
    const saved = progress?.lastChapterId === chapter.id ? progress.lastPosition : (progress?.chapters.find((c) => c.chapterId === chapter.id)?.position ?? 0);
    if (saved > 0 && saved < chapter.duration - 2) v.currentTime = saved;
    trackerRef.current.take(v.currentTime);
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

  const onPlay = () => {
    const v = videoRef.current;
    if (!v || !chapter) return;
    if (lockError) {
      v.pause();
      toast('warning', lockError);
      return;
    }
    if (!chosen) {
      // On trial only the first chapter plays, and only for the trial minutes.
      if (chapter.id !== chapters[0]?.id) {
        v.pause();
        openMessageBox(4);
        return;
      }
      if (trialOver) {
        v.pause();
        openMessageBox(3);
      }
    }
  };

  const onPause = () => report();
  const onEnded = () => {
    if (!chosen) {
      stopTrial();
      return;
    }
    report();
    if (!chapter) return;
    setTestFor(chapter.id);
    // The self test opens below the video; the focus stays where it is (on the video): the keyboard user is told.
    toast('info', SELF_TEST_NOTICE);
  };

  const choose = async () => {
    if (!isLoggedIn()) {
      openMessageBox(1);
      return;
    }
    setChoosing('busy');
    try {
      const state = await api.request<CourseProgressView>('/api/course/choose', { courseId });
      qc.setQueryData<CourseProgressView>(progressKey, (old) => ({ ...(old ?? { chapters: [] }), ...state, chapters: old?.chapters ?? [] }));
      setTrialOver(false);
      trialPlayedRef.current = 0;
      toast('info', '选学成功，可观看课程完整内容');
      setChoosing('done');
    } catch {
      /* the client showed the server's message */
      setChoosing(null);
    }
  };

  /**
   * A document chapter counts as studied once the learner opens it (查看文档 or 下载): one heartbeat at position 0
   * of its zero length, through the outbox like any other, marks it finished; it credits no study time.
   */
  const documentOpened = (id: number) => {
    const r = reporterRef.current;
    if (!r || !chosen || progress?.chapters.some((c) => c.chapterId === id && c.finished)) return;
    void r.send(r.build({ courseId, chapterId: id, position: 0, lockSession: lockSession.current }, { from: 0, to: 0, watched: 0 })).then(() => {
      setPending(r.pending());
      void qc.invalidateQueries({ queryKey: progressKey });
    });
  };

  const selectChapter = (id: number) => {
    report();
    const opensDocument = owner && chapters.some((c) => c.id === id && c.kind === 'document');
    if (!chosen && !opensDocument && id !== chapters[0]?.id) {
      openMessageBox(4);
      return;
    }
    setTestFor(null);
    setChapterId(id);
  };

  // Keyboard, anywhere on the page: space/k play-pause, ← → seek 5 s, ↑ ↓ volume (on the video), [ ] speed, c subtitles. One
  // listener on the document, in the capture phase: it runs before the focused <video>'s own controls, which would
  // otherwise toggle and seek a second time for the same key (its preventDefault stops them, and the page's scroll).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const v = videoRef.current;
      if (!v || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing || keysTakenBy(e.target, v)) return;
      const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      if (k === ' ' || k === 'k') {
        e.preventDefault();
        if (v.paused) void v.play().catch(() => undefined);
        else v.pause();
      } else if (k === 'ArrowRight' || k === 'ArrowLeft') {
        e.preventDefault();
        v.currentTime = k === 'ArrowRight' ? Math.min(v.duration || 0, v.currentTime + 5) : Math.max(0, v.currentTime - 5);
      } else if (k === 'ArrowUp' || k === 'ArrowDown') {
        // Only on the video itself: elsewhere ↑ ↓ scroll the page, as a reader expects.
        if (e.target !== v) return;
        e.preventDefault();
        v.volume = k === 'ArrowUp' ? Math.min(1, v.volume + 0.1) : Math.max(0, v.volume - 0.1);
      } else if (k === ']' || k === '[') {
        e.preventDefault();
        const i = PLAYBACK_RATES.indexOf(v.playbackRate as (typeof PLAYBACK_RATES)[number]);
        const next = PLAYBACK_RATES[Math.max(0, Math.min(PLAYBACK_RATES.length - 1, (i < 0 ? PLAYBACK_RATES.indexOf(1) : i) + (k === ']' ? 1 : -1)))];
        v.playbackRate = next;
        setRate(next);
      } else if (k === 'c') {
        e.preventDefault();
        const t = v.textTracks[0];
        if (t) t.mode = t.mode === 'showing' ? 'hidden' : 'showing';
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);

  /** AI subtitles for a chapter without a track: made on the server (minutes for a long video), then shown. */
  const makeSubtitles = async (chapterId: number) => {
    setSubtitling(chapterId);
    try {
      await api.request('/api/course/aiSubtitles', { chapterId });
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

  if (!course) return <p className="p-6 text-gray-600">课程不存在或未发布</p>;
  const chapterProgress = (id: number) => progress?.chapters.find((c) => c.chapterId === id);
  const ahead = chapter && aheadOf?.chapterId === chapter.id ? aheadOf.at : null;
  /** After a seek: past the frontier of an unfinished chapter, the notice; back within it, none. */
  const onSeekedAhead = () => {
    const v = videoRef.current;
    if (!v || !chosen || !chapter || chapterProgress(chapter.id)?.finished) return setAhead(null);
    const at = reachOf(chapter.id);
    setAhead(v.currentTime > at + HEARTBEAT_SLACK_S ? { chapterId: chapter.id, at } : null);
  };
  const src = chapter ? `/media/chapter/${chapter.id}?r=${chosen ? 'full' : 'trial'}` : '';

  return (
    <div className="focus-on-dark min-h-screen bg-gray-900 text-gray-100">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-700 px-4 py-3">
        <div className="min-w-0">
          <h1 className="truncate text-lg font-semibold">{course.title}</h1>
          <p className="text-sm text-gray-400">
            {course.teacherName && <span>主讲：{course.teacherName} · </span>}
            {chosen ? <span data-testid="course-progress">学习进度 {progress?.progress ?? 0}%</span> : <span>试看中（{course.trialSeconds / 60}分钟）</span>}
            {batch && <span> · 批量学习</span>}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <CourseFavourite courseId={courseId} className="rounded border border-gray-600 px-3 py-1.5 text-sm hover:bg-gray-800 aria-disabled:opacity-50" />
          {(!chosen || choosing === 'done') && (
            <BusyButton onClick={choose} busy={choosing === 'busy'} inactive={chosen} className={chosen ? 'rounded border border-gray-600 px-4 py-1.5 text-gray-300' : 'rounded bg-brand-600 px-4 py-1.5 text-white hover:bg-brand-700 aria-disabled:opacity-60'}>
              {chosen ? '已选学' : '选学'}
            </BusyButton>
          )}
          <label className="flex items-center gap-1 text-sm">
            <span>倍速</span>
            <select
              aria-label="播放速度"
              value={rate}
              onChange={(e) => {
                const r = Number(e.target.value);
                setRate(r);
                if (videoRef.current) videoRef.current.playbackRate = r;
              }}
              className="rounded border border-gray-600 bg-gray-800 px-2 py-1"
            >
              {PLAYBACK_RATES.map((r) => (
                <option key={r} value={r}>
                  {r}x
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>
      {lockError && (
        <p role="alert" className="bg-amber-100 px-4 py-2 text-amber-900">
          {lockError}
        </p>
      )}
      <div className="flex flex-col gap-4 p-4 lg:flex-row">
        <section className="min-w-0 flex-1" aria-label={chapter?.kind === 'document' ? '文档' : '视频'}>
          {chapter?.kind === 'document' ? (
            <DocumentPanel chapter={chapter} canOpen={chosen || owner} onOpen={() => documentOpened(chapter.id)} />
          ) : chapter && chapter.playable ? (
            <div>
              <video
                key={`${chapter.id}-${chosen ? 'full' : 'trial'}`}
                ref={videoRef}
                data-testid="course-video"
                className="aspect-video w-full rounded bg-black"
                controls
                preload="metadata"
                tabIndex={0}
                aria-label={`${chapter.title} 视频，空格键播放或暂停，左右方向键快退快进`}
                onLoadedMetadata={onLoadedOnce}
                onPlay={onPlay}
                onPause={onPause}
                onEnded={onEnded}
                onSeeked={() => {
                  if (!chosen && videoRef.current && videoRef.current.currentTime >= chapter.trialSeconds - 0.25) stopTrial();
                  onSeekedAhead();
                }}
              >
                <source src={src} type={chapter.mediaType || 'video/webm'} />
                {chapter.hasSubtitle && <track kind="subtitles" srcLang="zh" label="中文字幕" src={`/media/chapter/${chapter.id}?track=vtt`} default />}
              </video>
              {ahead != null && (
                <p role="status" className="mt-2 rounded bg-amber-100 px-3 py-2 text-sm text-amber-900" data-testid="ahead-notice">
                  您已跳过尚未学习的内容：快进后观看的部分不计入学时。
                  <button
                    type="button"
                    className="ml-2 underline underline-offset-2"
                    onClick={() => {
                      if (videoRef.current) videoRef.current.currentTime = ahead;
                    }}
                  >
                    回到{formatHMS(Math.floor(ahead))}继续学习
                  </button>
                </p>
              )}
              {/* Not on touch-only devices, which have no keyboard to use it with. */}
              <p className="mt-2 text-xs text-gray-400 [@media(hover:none)_and_(pointer:coarse)]:hidden">
                键盘：空格 播放/暂停 · ← → 快退/快进5秒 · ↑ ↓ 音量（焦点在视频上时） · [ ] 倍速 · C 字幕
              </p>
              {course.aiSubtitles && chosen && !chapter.hasSubtitle && (
                <BusyButton
                  onClick={() => makeSubtitles(chapter.id)}
                  busy={subtitling === chapter.id}
                  inactive={subtitling !== null}
                  className="mt-2 rounded border border-gray-500 px-3 py-1 text-sm text-gray-100 hover:bg-gray-800 aria-disabled:opacity-60"
                >
                  {subtitling === chapter.id ? 'AI字幕生成中，请稍候…' : '生成AI字幕'}
                </BusyButton>
              )}
              <p className="mt-1 text-sm text-gray-300" aria-live="polite" data-testid="study-status">
                {status}
                {pending > 0 && <span data-testid="pending-heartbeats">（待提交 {pending} 条）</span>}
              </p>
            </div>
          ) : (
            <p className="rounded bg-gray-800 p-6 text-gray-300">该章节暂无视频</p>
          )}
          {testFor != null && chosen && (
            <SelfTestPanel
              chapterId={testFor}
              onNext={() => {
                const i = chapters.findIndex((c) => c.id === testFor);
                setTestFor(null);
                if (chapters[i + 1]) setChapterId(chapters[i + 1].id);
              }}
            />
          )}
          <NotesPanel courseId={courseId} chosen={chosen} summary={course.summary} myReview={progress?.myReview ?? null} />
        </section>
        <ChapterList chapters={chapters} currentId={chapter?.id ?? null} progressOf={chapterProgress} onSelect={selectChapter} />
      </div>
    </div>
  );
}

/**
 * The course's chapters, each with its length, or the learner's share of it once they have progress. Without
 * onSelect (the learner's progress still loading) the same list, its buttons disabled until they can play.
 */
function ChapterList({
  chapters,
  currentId,
  progressOf,
  onSelect,
}: {
  chapters: ChapterView[];
  currentId: number | null;
  progressOf?: (id: number) => ChapterProgressItem | undefined;
  onSelect?: (id: number) => void;
}) {
  return (
    <nav aria-label="课程章节" className="w-full shrink-0 lg:w-80">
      <h2 className="mb-2 font-semibold">课程章节（{chapters.length}）</h2>
      <ol className="space-y-1">
        {chapters.map((c, i) => {
          const p = progressOf?.(c.id);
          const current = c.id === currentId;
          const number = chapterNumber(c.title, i);
          return (
            <li key={c.id}>
              <button
                type="button"
                onClick={onSelect && (() => onSelect(c.id))}
                disabled={!onSelect}
                aria-current={current ? 'true' : undefined}
                className={`flex w-full items-center justify-between gap-2 rounded px-3 py-2 text-left text-sm ${current ? 'bg-brand-700 text-white' : 'bg-gray-800 hover:bg-gray-700'} disabled:hover:bg-gray-800`}
              >
                <span className="min-w-0 truncate">
                  {number && `${number} `}
                  {c.title}
                </span>
                <span className="shrink-0 text-xs text-gray-300">
                  {p?.finished ? '已学完' : p && c.duration > 0 ? `${Math.min(99, Math.floor((p.frontier * 100) / c.duration))}%` : formatChapterLength(c.kind, c.duration)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Focus in these keeps its keys (typing, choosing, pressing, moving between tabs); so does an open dialog. */
const OWN_KEYS =
  'input, textarea, select, button, a[href], summary, [contenteditable]:not([contenteditable="false"]), ' +
  '[role="button"], [role="link"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], [role="slider"], [role="spinbutton"], ' +
  '[role="textbox"], [role="combobox"], [role="listbox"], [role="option"], [role="menu"], [role="menuitem"], [role="dialog"], [role="alertdialog"], dialog';

/** Whether a key pressed at target belongs to something other than the player's shortcuts. */
function keysTakenBy(target: EventTarget | null, video: HTMLVideoElement): boolean {
  if (document.querySelector('[aria-modal="true"], dialog[open]')) return true;
  if (target === video) return false;
  return target instanceof Element && target.closest(OWN_KEYS) != null;
}

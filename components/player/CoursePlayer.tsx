'use client';

/**
 * The course player (/courseView, /courseViewBatch): chapters, video with resume, speed, keyboard, subtitles,
 * the 3-minute trial (message modes 3 and 4), heartbeats (lib/learning/heartbeat), the self test after a chapter.
 * The batch player holds a lock on the course and submits in batches.
 * Each of these is a hook or a part beside this file (use-*.ts, ChapterList, PlayerHeader, PlayerVideo); this file
 * loads the course and the learner's progress and composes them.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey } from '@/lib/api/query';
import { isLoggedIn } from '@/lib/session/client';
import { toast } from '@/components/ui/Toaster';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { SelfTestPanel } from './SelfTestPanel';
import { NotesPanel } from './NotesPanel';
import { DocumentPanel } from './DocumentPanel';
import { ChapterList } from './ChapterList';
import { PlayerHeader } from './PlayerHeader';
import { PlayerVideo } from './PlayerVideo';
import { useFrontier } from './use-frontier';
import { useHls, usePrefetchTicket } from './use-hls';
import { useHeartbeats } from './use-heartbeats';
import { usePageLeave } from './use-page-leave';
import { usePlayerKeys } from './use-player-keys';
import { useResume } from './use-resume';
import { useLockSession, useStudyLock } from './use-study-lock';
import { useSubtitles } from './use-subtitles';
import { useTrial } from './use-trial';

/** Said when a chapter ends and its self test opens below the video. */
const SELF_TEST_NOTICE = '本章已学完，请完成视频下方的本讲自测';

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
  const { data: course } = useQuery(apiQuery('/api/course/view', { courseId }));
  usePrefetchTicket(course);
  const progressQuery = apiQuery('/api/course/progress', { courseId });
  const progress = useQuery({
    ...progressQuery,
    // The answer says whether the course is in the learner's 收藏 too: the 收藏 button reads it without a call of its own.
    queryFn: async (ctx) => {
      const p = await progressQuery.queryFn(ctx);
      if (isLoggedIn())
        qc.setQueryData(apiQueryKey('/api/course/favouriteState', { courseId }), { favourite: p.favourite });
      return p;
    },
  });
  if (course && progress.data) {
    const start = chapterFromAddress();
    const initialChapterId = course.chapters.some((c) => c.id === start)
      ? start
      : (progress.data.lastChapterId ?? course.chapters[0]?.id ?? null);
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
            <LoadFailed
              what="学习进度"
              onRetry={progress.refetch}
              retrying={progress.isFetching}
              tone="dark"
              className="rounded bg-gray-800 p-6"
            />
          ) : (
            <div
              role="status"
              aria-live="polite"
              data-testid="player-loading"
              className="flex aspect-video w-full items-center justify-center rounded bg-black text-gray-400"
            >
              正在加载学习进度…
            </div>
          )}
        </section>
        <ChapterList chapters={course.chapters} currentId={null} />
      </div>
    </div>
  );
}

/** The player with the learner's progress: the hooks below each own one part of it, composed here. */
function LoadedPlayer({
  courseId,
  batch,
  initialChapterId,
}: {
  courseId: number;
  batch: boolean;
  initialChapterId: number | null;
}) {
  const { data: course } = useQuery(apiQuery('/api/course/view', { courseId }));
  const { data: progress } = useQuery(apiQuery('/api/course/progress', { courseId }));
  const chosen = progress?.chosen ?? false;
  // The course's teacher opens its documents without 选学 (the server's rule for /media/chapter/:id).
  const owner = progress?.owner ?? false;
  const chapters = useMemo(() => course?.chapters ?? [], [course]);

  const [chapterId, setChapterId] = useState<number | null>(
    () => initialChapterId ?? progress?.lastChapterId ?? course?.chapters[0]?.id ?? null,
  );
  const chapter = chapters.find((c) => c.id === chapterId) ?? chapters[0] ?? null;
  const [rate, setRate] = useState(1);
  const [testFor, setTestFor] = useState<number | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);

  // The hooks' effects run in the order they are called: the outbox (heartbeats of an earlier page, with its lock
  // session) is flushed before this page takes the lock.
  const lockSession = useLockSession(batch);
  const frontier = useFrontier({ chapter, chosen, progress, videoRef });
  const trial = useTrial({ chapter, chapters, chosen, videoRef });
  // The frontier and the trial follow playback on the heartbeats' clock (one timer for all three).
  const { follow } = frontier;
  const { tick: trialTick } = trial;
  const onTick = useCallback(
    (v: HTMLVideoElement, playing: boolean) => {
      follow(v, playing);
      trialTick(v, playing);
    },
    [follow, trialTick],
  );
  const beats = useHeartbeats({ courseId, batch, chapter, chosen, lockSession, videoRef, onTick });
  const { report } = beats;
  usePageLeave({ report, batch, courseId, lockSession });
  const lock = useStudyLock({ batch, chosen, courseId, session: lockSession, videoRef });
  const onLoadedMetadata = useResume({
    videoRef,
    chapter,
    chosen,
    rate,
    progress,
    reachOf: frontier.reachOf,
    restartAt: beats.restartAt,
  });
  usePlayerKeys(videoRef, setRate);
  const hls = useHls({ chapter, chosen, videoRef });
  const subtitles = useSubtitles(courseId, videoRef);

  const onPlay = () => {
    const v = videoRef.current;
    if (!v || !chapter) return;
    if (lock.stopsPlay(v)) return;
    trial.stopsPlay(v);
  };

  const onEnded = () => {
    if (trial.endsTrial()) return;
    report();
    if (!chapter) return;
    setTestFor(chapter.id);
    // The self test opens below the video; the focus stays where it is (on the video): the keyboard user is told.
    toast('info', SELF_TEST_NOTICE);
  };

  const selectChapter = (id: number) => {
    report();
    const opensDocument = owner && chapters.some((c) => c.id === id && c.kind === 'document');
    if (!trial.mayOpen(id, opensDocument)) return;
    setTestFor(null);
    setChapterId(id);
  };

  const changeRate = (r: number) => {
    setRate(r);
    if (videoRef.current) videoRef.current.playbackRate = r;
  };

  if (!course) return <p className="p-6 text-gray-600">课程不存在或未发布</p>;
  const chapterProgress = (id: number) => progress?.chapters.find((c) => c.chapterId === id);
  /** A document chapter is studied once opened: a heartbeat for it, unless it is already finished. */
  const documentOpened = (id: number) => {
    if (!chapterProgress(id)?.finished) beats.documentOpened(id);
  };

  return (
    <div className="focus-on-dark min-h-screen bg-gray-900 text-gray-100">
      <PlayerHeader
        courseId={courseId}
        course={course}
        batch={batch}
        chosen={chosen}
        progress={progress?.progress ?? 0}
        rate={rate}
        onRate={changeRate}
        onChosen={trial.reset}
      />
      {lock.lockError && (
        <p role="alert" className="bg-amber-100 px-4 py-2 text-amber-900">
          {lock.lockError}
        </p>
      )}
      <div className="flex flex-col gap-4 p-4 lg:flex-row">
        <section className="min-w-0 flex-1" aria-label={chapter?.kind === 'document' ? '文档' : '视频'}>
          {chapter?.kind === 'document' ? (
            <DocumentPanel chapter={chapter} canOpen={chosen || owner} onOpen={() => documentOpened(chapter.id)} />
          ) : chapter && chapter.playable ? (
            <PlayerVideo
              chapter={chapter}
              chosen={chosen}
              videoRef={videoRef}
              onLoadedMetadata={onLoadedMetadata}
              onPlay={onPlay}
              onPause={() => report()}
              onEnded={onEnded}
              onSeeked={() => {
                trial.onSeeked();
                frontier.onSeeked();
              }}
              ahead={frontier.ahead}
              offerSubtitles={course.aiSubtitles && chosen && !chapter.hasSubtitle}
              subtitling={subtitles.subtitling}
              makeSubtitles={subtitles.makeSubtitles}
              status={beats.status}
              pending={beats.pending}
              hls={hls}
            />
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
          <NotesPanel
            courseId={courseId}
            chosen={chosen}
            summary={course.summary}
            myReview={progress?.myReview ?? null}
          />
        </section>
        <ChapterList
          chapters={chapters}
          currentId={chapter?.id ?? null}
          progressOf={chapterProgress}
          onSelect={selectChapter}
        />
      </div>
    </div>
  );
}

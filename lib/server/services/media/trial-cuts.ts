/**
 * When trial renditions of uploaded course videos are made: by a job queued when a chapter is saved or its course
 * published, so that no request waits for ffmpeg. The job's key is the file and the trial length, so a file used by
 * several chapters is cut once; the route falls back (nothing before 选学) until the rendition is there.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { courseChapters } from '@/lib/server/db/schema';
import { JOBS, jobPending, latestJob, queueJob } from '@/lib/server/jobs';
import {
  readyTrialRendition,
  trialRendition,
  uploadedMediaOf,
  uploadedTrialSeconds,
  type UploadedMedia,
} from './uploaded-media';
import { errorText, log } from '@/lib/server/ops/log';

const keyOf = (media: UploadedMedia, seconds: number) => `${media.key}-${seconds}s.${media.ext}`;

/**
 * Queues the trial cut of a chapter's uploaded video or audio (`durationSeconds`: its declared length), unless it is
 * made or already waiting. A failure to queue is logged, not thrown: the chapter is saved all the same, and the media
 * route queues the cut again when it finds none.
 */
export async function queueTrialCut(chapterMedia: string, durationSeconds: number): Promise<void> {
  try {
    const media = await uploadedMediaOf(chapterMedia);
    const seconds = uploadedTrialSeconds(durationSeconds);
    if (!media || (await readyTrialRendition(media, seconds))) return;
    await queueJob(JOBS.trialCut, { media: chapterMedia, seconds }, keyOf(media, seconds));
  } catch (err) {
    log.warn({ err: errorText(err) }, 'trial cut not queued');
  }
}

/** The trial cuts of every uploaded chapter of a course (it was published). */
export async function queueCourseTrialCuts(courseId: number): Promise<void> {
  const chapters = await (
    await db()
  )
    .select({ media: courseChapters.media, duration: courseChapters.durationSeconds })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId));
  for (const ch of chapters) await queueTrialCut(ch.media, ch.duration);
}

/**
 * A chapter played before its rendition exists (saved before cuts were jobs, or the rendition was removed): queued
 * unless a cut is on its way. A cut that failed is not queued on every play: it waits for the chapter to be saved or
 * the course published again.
 */
export async function queueMissingTrialCut(chapterMedia: string, media: UploadedMedia, seconds: number): Promise<void> {
  const last = await latestJob(JOBS.trialCut, keyOf(media, seconds)).catch(() => null);
  if (jobPending(last) || last?.state === 'failed') return;
  await queueJob(JOBS.trialCut, { media: chapterMedia, seconds }, keyOf(media, seconds)).catch(() => null);
}

/** Whether the trial cut of this file is waiting or running (the creation centre shows 处理中). */
export async function trialCutPending(chapterMedia: string, durationSeconds: number): Promise<boolean> {
  const media = await uploadedMediaOf(chapterMedia);
  if (!media) return false;
  const seconds = uploadedTrialSeconds(durationSeconds);
  const job = await latestJob(JOBS.trialCut, keyOf(media, seconds));
  return jobPending(job) && !(await readyTrialRendition(media, seconds));
}

/** The job: cuts the rendition; a cut that fails is thrown, so the queue retries it with back-off. */
export async function runTrialCutJob(data: Record<string, unknown>): Promise<void> {
  const media = await uploadedMediaOf(String(data.media ?? ''));
  const seconds = Number(data.seconds);
  // The file is gone (the chapter changed): nothing to cut.
  if (!media || !(seconds > 0)) return;
  if (!(await trialRendition(media, seconds)))
    throw new Error(`ffmpeg could not cut the trial of ${media.key}.${media.ext}`);
}

/**
 * The player's heartbeats (SPEC 7 study submit, lock and batch submit). Rules:
 * - idempotent: every heartbeat carries a client-generated submit id; a resend is answered, never counted twice;
 * - impossible progress is refused: positions beyond the video or negative, more media covered than the
 *   fastest speed allows, and more studied seconds than the wall-clock time that passed (the study clock);
 * - playing ahead of what was watched saves the position but adds no study time;
 * - studied seconds become online study records of the year (the archive and /api/study/totalTime read them).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { db, type Db } from '../db';
import { chapterProgress, courseChapters, courseEnrolments, studyClocks, studyRecords, studySubmits } from '../db/schema';
import { ServiceError } from '../errors';
import { chapterDuration } from '../media';
import {
  CHAPTER_END_TOLERANCE_S,
  HEARTBEAT_SLACK_S,
  MAX_PLAYBACK_RATE,
  STUDY_BACKLOG_CAP_S,
  STUDY_LOCK_S,
} from '@/lib/learning/constants';
import { SELECT_BEFORE_PLAY_MSG } from '@/lib/api/messages';

export interface Heartbeat {
  submitId: string;
  courseId: number;
  chapterId: number;
  /** Current position, seconds. */
  position: number;
  /** The media segment played since the previous heartbeat, seconds. */
  from: number;
  to: number;
  /** Wall-clock seconds spent playing since the previous heartbeat. */
  watched: number;
  /** The batch player's lock session, when it holds one. */
  lockSession?: string;
}

export interface HeartbeatResult {
  submitId: string;
  accepted: boolean;
  duplicate: boolean;
  credited: number;
  progress: number;
  frontier: number;
  finished: boolean;
  msg?: string;
}

export const MSG_POSITION = '播放位置超出视频时长';
export const MSG_SEGMENT = '播放进度与学习时长不符';
export const MSG_TOO_FAST = '学习时长超过实际经过的时间，本次提交无效';
export const MSG_CHAPTER = '章节不存在或不属于该课程';
export const MSG_LOCKED = '该课程正在其他窗口学习，请关闭其他窗口后再学习';

interface ChapterInfo {
  courseId: number;
  duration: number;
}

/** Chapters change rarely (a course edit); a miss reads the table. */
const chapterCache = new Map<number, ChapterInfo>();

async function chapterInfo(d: Db, chapterId: number): Promise<ChapterInfo | null> {
  const hit = chapterCache.get(chapterId);
  if (hit) return hit;
  const [row] = await d
    .select({ courseId: courseChapters.courseId, media: courseChapters.media, declared: courseChapters.durationSeconds })
    .from(courseChapters)
    .where(eq(courseChapters.id, chapterId));
  if (!row) return null;
  const info = { courseId: row.courseId, duration: chapterDuration(row.media, row.declared) };
  if (chapterCache.size > 50_000) chapterCache.clear();
  chapterCache.set(chapterId, info);
  return info;
}

/** Checks that need no database: the shape of the claim against the video. Throws ServiceError. */
export function checkHeartbeatShape(h: Heartbeat, duration: number): void {
  if (h.position > duration + 1 || h.to > duration + 1) throw new ServiceError(MSG_POSITION);
  if (h.from > h.to) throw new ServiceError(MSG_SEGMENT);
  if (h.to - h.from > h.watched * MAX_PLAYBACK_RATE + HEARTBEAT_SLACK_S) throw new ServiceError(MSG_SEGMENT);
}

export async function submitHeartbeat(operatorId: number, h: Heartbeat, now: Date = new Date()): Promise<HeartbeatResult> {
  const d = await db();
  const chapter = await chapterInfo(d, h.chapterId);
  if (!chapter || chapter.courseId !== h.courseId) throw new ServiceError(MSG_CHAPTER);
  checkHeartbeatShape(h, chapter.duration);
  return d.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const claimed = await tx
      .insert(studySubmits)
      .values({ submitId: h.submitId, operatorId, courseId: h.courseId, chapterId: h.chapterId, position: Math.round(h.position), credited: 0, acceptedAt: now })
      .onConflictDoNothing()
      .returning({ submitId: studySubmits.submitId });
    if (claimed.length === 0) {
      const [prev] = await tx.select().from(studySubmits).where(eq(studySubmits.submitId, h.submitId));
      if (!prev || prev.operatorId !== operatorId) throw new ServiceError('提交编号重复');
      const state = await enrolmentState(tx, operatorId, h.courseId);
      return { submitId: h.submitId, accepted: true, duplicate: true, credited: prev.credited, ...state, frontier: 0 };
    }
    // The enrolment row is the per-course lock; the study clock is the per-learner one.
    const [enrol] = await tx
      .select({ progress: courseEnrolments.progress, finishedAt: courseEnrolments.finishedAt })
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.operatorId, operatorId), eq(courseEnrolments.courseId, h.courseId)))
      .for('update');
    if (!enrol) throw new ServiceError(SELECT_BEFORE_PLAY_MSG);

    const floor = new Date(now.getTime() - STUDY_BACKLOG_CAP_S * 1000);
    const [clock] = await tx
      .insert(studyClocks)
      .values({ operatorId, creditedUntil: floor })
      .onConflictDoUpdate({ target: studyClocks.operatorId, set: { operatorId: sql`excluded.operator_id` } })
      .returning();
    if (clock.lockUntil && clock.lockUntil > now && clock.lockCourseId === h.courseId && clock.lockSession && clock.lockSession !== h.lockSession) {
      throw new ServiceError(MSG_LOCKED);
    }
    const since = clock.creditedUntil > floor ? clock.creditedUntil : floor;
    const available = (now.getTime() - since.getTime()) / 1000;
    if (h.watched > available + HEARTBEAT_SLACK_S) throw new ServiceError(MSG_TOO_FAST);

    const [cp] = await tx
      .insert(chapterProgress)
      .values({ operatorId, chapterId: h.chapterId, courseId: h.courseId, updatedAt: now })
      .onConflictDoUpdate({ target: [chapterProgress.operatorId, chapterProgress.chapterId], set: { updatedAt: now } })
      .returning();
    // Only playback that starts within what was already watched counts; playing ahead does not.
    const contiguous = h.from <= cp.frontier + HEARTBEAT_SLACK_S;
    const watched = Math.round(h.watched);
    const credited = contiguous ? watched : 0;
    const frontier = contiguous ? Math.min(chapter.duration, Math.max(cp.frontier, Math.round(h.to))) : cp.frontier;
    const chapterDone = frontier >= chapter.duration - CHAPTER_END_TOLERANCE_S;
    await tx
      .update(chapterProgress)
      .set({
        frontier,
        position: Math.round(h.position),
        studiedSeconds: sql`${chapterProgress.studiedSeconds} + ${credited}`,
        finishedAt: cp.finishedAt ?? (chapterDone ? now : null),
      })
      .where(and(eq(chapterProgress.operatorId, operatorId), eq(chapterProgress.chapterId, h.chapterId)));
    if (credited > 0) {
      const next = new Date(Math.min(now.getTime(), since.getTime() + credited * 1000));
      await tx.update(studyClocks).set({ creditedUntil: next }).where(eq(studyClocks.operatorId, operatorId));
      await tx.insert(studyRecords).values({
        operatorId,
        year: now.getUTCFullYear(),
        month: now.getUTCMonth() + 1,
        kind: 'online',
        seconds: credited,
        courseId: h.courseId,
        createdAt: now,
      });
      await tx.update(studySubmits).set({ credited }).where(eq(studySubmits.submitId, h.submitId));
    }
    // Progress only moves with the frontier: otherwise the enrolment's figures stand (one query fewer per heartbeat).
    const { progress, finished } =
      frontier !== cp.frontier || (chapterDone && !cp.finishedAt) ? await courseProgress(tx, operatorId, h.courseId) : { progress: enrol.progress, finished: enrol.finishedAt != null };
    await tx
      .update(courseEnrolments)
      .set({
        lastChapterId: h.chapterId,
        lastPosition: Math.round(h.position),
        studiedSeconds: sql`${courseEnrolments.studiedSeconds} + ${credited}`,
        progress,
        finishedAt: enrol.finishedAt ?? (finished ? now : null),
      })
      .where(and(eq(courseEnrolments.operatorId, operatorId), eq(courseEnrolments.courseId, h.courseId)));
    return { submitId: h.submitId, accepted: true, duplicate: false, credited, progress, frontier, finished: enrol.finishedAt != null || finished };
  });
}

async function enrolmentState(tx: Db, operatorId: number, courseId: number): Promise<{ progress: number; finished: boolean }> {
  const [row] = await tx
    .select({ progress: courseEnrolments.progress, finishedAt: courseEnrolments.finishedAt })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.operatorId, operatorId), eq(courseEnrolments.courseId, courseId)));
  return { progress: row?.progress ?? 0, finished: row?.finishedAt != null };
}

/** Course progress 0-100: the watched share of every chapter's video; finished when every chapter is. */
async function courseProgress(tx: Db, operatorId: number, courseId: number): Promise<{ progress: number; finished: boolean }> {
  const rows = await tx
    .select({ media: courseChapters.media, declared: courseChapters.durationSeconds, frontier: chapterProgress.frontier, finishedAt: chapterProgress.finishedAt })
    .from(courseChapters)
    .leftJoin(chapterProgress, and(eq(chapterProgress.chapterId, courseChapters.id), eq(chapterProgress.operatorId, operatorId)))
    .where(eq(courseChapters.courseId, courseId));
  if (rows.length === 0) return { progress: 0, finished: false };
  let total = 0;
  let seen = 0;
  let done = 0;
  for (const r of rows) {
    const dur = chapterDuration(r.media, r.declared);
    total += dur;
    seen += r.finishedAt ? dur : Math.min(dur, r.frontier ?? 0);
    if (r.finishedAt) done++;
  }
  const finished = done === rows.length;
  const progress = finished ? 100 : Math.min(99, Math.floor((seen * 100) / Math.max(1, total)));
  return { progress, finished };
}

/** Batch submit: each heartbeat on its own (one refused does not sink the others), in the order given. */
export async function submitBatch(operatorId: number, items: Heartbeat[], now: Date = new Date()): Promise<HeartbeatResult[]> {
  const out: HeartbeatResult[] = [];
  for (const h of items) {
    try {
      out.push(await submitHeartbeat(operatorId, h, now));
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      out.push({ submitId: h.submitId, accepted: false, duplicate: false, credited: 0, progress: 0, frontier: 0, finished: false, msg: err.message });
    }
  }
  return out;
}

/**
 * The batch player's lock: one window studies a course at a time. Taking it again from the same session renews it;
 * another session gets it only after it lapsed (STUDY_LOCK_S without renewal) or was released.
 */
export async function lockCourse(operatorId: number, courseId: number, session: string, release = false, now: Date = new Date()) {
  const d = await db();
  const [enrol] = await d
    .select({ courseId: courseEnrolments.courseId })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.operatorId, operatorId), eq(courseEnrolments.courseId, courseId)));
  if (!enrol) throw new ServiceError(SELECT_BEFORE_PLAY_MSG);
  return d.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const floor = new Date(now.getTime() - STUDY_BACKLOG_CAP_S * 1000);
    const [clock] = await tx
      .insert(studyClocks)
      .values({ operatorId, creditedUntil: floor })
      .onConflictDoUpdate({ target: studyClocks.operatorId, set: { operatorId: sql`excluded.operator_id` } })
      .returning();
    const heldByOther = clock.lockUntil && clock.lockUntil > now && clock.lockSession !== session && clock.lockCourseId === courseId;
    if (release) {
      if (!heldByOther) await tx.update(studyClocks).set({ lockCourseId: null, lockSession: null, lockUntil: null }).where(eq(studyClocks.operatorId, operatorId));
      return { locked: false, until: null };
    }
    if (heldByOther) throw new ServiceError(MSG_LOCKED);
    const until = new Date(now.getTime() + STUDY_LOCK_S * 1000);
    await tx.update(studyClocks).set({ lockCourseId: courseId, lockSession: session, lockUntil: until }).where(eq(studyClocks.operatorId, operatorId));
    return { locked: true, until: until.toISOString() };
  });
}

/** Per-chapter progress of a learner in a course (the player's chapter list). */
export async function chapterProgressOf(operatorId: number, courseId: number) {
  const d = await db();
  return d
    .select({ chapterId: chapterProgress.chapterId, frontier: chapterProgress.frontier, position: chapterProgress.position, finished: sql<boolean>`${chapterProgress.finishedAt} is not null` })
    .from(chapterProgress)
    .where(and(eq(chapterProgress.operatorId, operatorId), eq(chapterProgress.courseId, courseId)));
}

/** How many heartbeats of these learners were accepted (the benchmark counts them against its own tally). */
export async function countSubmits(operatorIds: number[]): Promise<number> {
  const d = await db();
  const [row] = await d.select({ n: sql<number>`count(*)::int` }).from(studySubmits).where(inArray(studySubmits.operatorId, operatorIds));
  return Number(row?.n ?? 0);
}

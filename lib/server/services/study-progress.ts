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
import { chapterProgress, courseChapters, courseEnrolments, studyClocks, studySubmits } from '../db/schema';
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

class Duplicate extends Error {}

interface StateRow {
  claimed: number;
  enrolled: number;
  enrol_progress: number | null;
  enrol_finished: Date | string | null;
  credited_until: Date | string;
  lock_course_id: number | null;
  lock_session: string | null;
  lock_until: Date | string | null;
  cp_frontier: number;
  cp_finished: Date | string | null;
  chapters: { id: number; media: string; declared: number; frontier: number | null; finished: boolean }[] | string | null;
}

const asDate = (v: Date | string | null): Date | null => (v == null ? null : v instanceof Date ? v : new Date(v));

/**
 * One heartbeat in two statements inside a transaction (the study clock, the chapter and the enrolment rows are
 * locked by the first; the second writes everything): a heartbeat costs 4 round trips instead of a dozen.
 */
export async function submitHeartbeat(operatorId: number, h: Heartbeat, now: Date = new Date()): Promise<HeartbeatResult> {
  const d = await db();
  const chapter = await chapterInfo(d, h.chapterId);
  if (!chapter || chapter.courseId !== h.courseId) throw new ServiceError(MSG_CHAPTER);
  checkHeartbeatShape(h, chapter.duration);
  const position = Math.round(h.position);
  const floor = new Date(now.getTime() - STUDY_BACKLOG_CAP_S * 1000);
  try {
    return await d.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const res = (await tx.execute(sql`
        WITH claim AS (
          INSERT INTO study_submits (submit_id, operator_id, course_id, chapter_id, position, credited, accepted_at)
          VALUES (${h.submitId}, ${operatorId}, ${h.courseId}, ${h.chapterId}, ${position}, 0, ${now})
          ON CONFLICT DO NOTHING RETURNING submit_id
        ),
        enrol AS (
          SELECT progress, finished_at FROM course_enrolments WHERE operator_id = ${operatorId} AND course_id = ${h.courseId} FOR UPDATE
        ),
        clock AS (
          INSERT INTO study_clocks (operator_id, credited_until) VALUES (${operatorId}, ${floor})
          ON CONFLICT (operator_id) DO UPDATE SET operator_id = excluded.operator_id
          RETURNING credited_until, lock_course_id, lock_session, lock_until
        ),
        cp AS (
          INSERT INTO chapter_progress (operator_id, chapter_id, course_id, updated_at) VALUES (${operatorId}, ${h.chapterId}, ${h.courseId}, ${now})
          ON CONFLICT (operator_id, chapter_id) DO UPDATE SET updated_at = excluded.updated_at
          RETURNING frontier, finished_at
        )
        SELECT
          (SELECT count(*) FROM claim)::int AS claimed,
          (SELECT count(*) FROM enrol)::int AS enrolled,
          (SELECT progress FROM enrol) AS enrol_progress,
          (SELECT finished_at FROM enrol) AS enrol_finished,
          clock.credited_until, clock.lock_course_id, clock.lock_session, clock.lock_until,
          cp.frontier AS cp_frontier, cp.finished_at AS cp_finished,
          (SELECT json_agg(json_build_object('id', c.id, 'media', c.media, 'declared', c.duration_seconds, 'frontier', p.frontier, 'finished', p.finished_at IS NOT NULL))
             FROM course_chapters c LEFT JOIN chapter_progress p ON p.chapter_id = c.id AND p.operator_id = ${operatorId}
            WHERE c.course_id = ${h.courseId}) AS chapters
        FROM clock, cp
      `)) as unknown as { rows: StateRow[] };
      const st = res.rows[0];
      if (!st || Number(st.claimed) === 0) throw new Duplicate();
      if (Number(st.enrolled) === 0) throw new ServiceError(SELECT_BEFORE_PLAY_MSG);
      const lockUntil = asDate(st.lock_until);
      if (lockUntil && lockUntil > now && st.lock_course_id === h.courseId && st.lock_session && st.lock_session !== h.lockSession) {
        throw new ServiceError(MSG_LOCKED);
      }
      const creditedUntil = asDate(st.credited_until)!;
      const since = creditedUntil > floor ? creditedUntil : floor;
      const available = (now.getTime() - since.getTime()) / 1000;
      if (h.watched > available + HEARTBEAT_SLACK_S) throw new ServiceError(MSG_TOO_FAST);

      // Only playback that starts within what was already watched counts; playing ahead does not.
      const oldFrontier = Number(st.cp_frontier);
      const contiguous = h.from <= oldFrontier + HEARTBEAT_SLACK_S;
      const watched = Math.round(h.watched);
      const credited = contiguous ? watched : 0;
      const frontier = contiguous ? Math.min(chapter.duration, Math.max(oldFrontier, Math.round(h.to))) : oldFrontier;
      const chapterDone = frontier >= chapter.duration - CHAPTER_END_TOLERANCE_S;
      const chapterFinished = asDate(st.cp_finished) != null || chapterDone;

      const list = (typeof st.chapters === 'string' ? JSON.parse(st.chapters) : (st.chapters ?? [])) as Exclude<StateRow['chapters'], string | null>;
      let total = 0;
      let seen = 0;
      let done = 0;
      for (const c of list) {
        const dur = chapterDuration(c.media, Number(c.declared));
        const isThis = c.id === h.chapterId;
        const fin = isThis ? chapterFinished : c.finished;
        total += dur;
        seen += fin ? dur : Math.min(dur, isThis ? frontier : Number(c.frontier ?? 0));
        if (fin) done++;
      }
      const finished = list.length > 0 && done === list.length;
      const enrolFinished = asDate(st.enrol_finished);
      const progress = finished || enrolFinished ? 100 : Math.min(99, Math.floor((seen * 100) / Math.max(1, total)));
      const next = new Date(Math.min(now.getTime(), since.getTime() + credited * 1000));
      const finishedAt = enrolFinished ?? (finished ? now : null);

      await tx.execute(sql`
        WITH upd_cp AS (
          UPDATE chapter_progress SET frontier = ${frontier}, position = ${position}, studied_seconds = studied_seconds + ${credited},
                 finished_at = coalesce(finished_at, ${chapterDone ? now : null}::timestamptz)
           WHERE operator_id = ${operatorId} AND chapter_id = ${h.chapterId}
        ),
        upd_clock AS (
          UPDATE study_clocks SET credited_until = ${next} WHERE operator_id = ${operatorId} AND ${credited} > 0
        ),
        rec AS (
          INSERT INTO study_records (operator_id, year, month, kind, seconds, course_id, created_at)
          SELECT ${operatorId}, ${now.getUTCFullYear()}, ${now.getUTCMonth() + 1}, 'online', ${credited}, ${h.courseId}, ${now} WHERE ${credited} > 0
        ),
        sub AS (
          UPDATE study_submits SET credited = ${credited} WHERE submit_id = ${h.submitId} AND ${credited} > 0
        )
        UPDATE course_enrolments SET last_chapter_id = ${h.chapterId}, last_position = ${position}, studied_seconds = studied_seconds + ${credited},
               progress = ${progress}, finished_at = ${finishedAt}::timestamptz
         WHERE operator_id = ${operatorId} AND course_id = ${h.courseId}
      `);
      return { submitId: h.submitId, accepted: true, duplicate: false, credited, progress, frontier, finished: finishedAt != null };
    });
  } catch (err) {
    if (!(err instanceof Duplicate)) throw err;
    const [prev] = await d.select().from(studySubmits).where(eq(studySubmits.submitId, h.submitId));
    if (!prev || prev.operatorId !== operatorId) throw new ServiceError('提交编号重复');
    const state = await enrolmentState(d, operatorId, h.courseId);
    return { submitId: h.submitId, accepted: true, duplicate: true, credited: prev.credited, ...state, frontier: 0 };
  }
}

async function enrolmentState(tx: Db, operatorId: number, courseId: number): Promise<{ progress: number; finished: boolean }> {
  const [row] = await tx
    .select({ progress: courseEnrolments.progress, finishedAt: courseEnrolments.finishedAt })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.operatorId, operatorId), eq(courseEnrolments.courseId, courseId)));
  return { progress: row?.progress ?? 0, finished: row?.finishedAt != null };
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

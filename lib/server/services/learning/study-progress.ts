/**
 * The player's heartbeats (SPEC 7 study submit, lock and batch submit). Rules:
 * - idempotent: every heartbeat carries a client-generated submit id; a resend is answered, never counted twice;
 * - impossible progress is refused: positions beyond the video or negative, more media covered than the
 *   fastest speed allows, and more studied seconds than the wall-clock time that passed (the study clock);
 * - playing ahead of what was watched saves the position but adds no study time;
 * - studied seconds become online study records of the year (the archive and /api/study/totalTime read them).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { db, prepared, type Db } from '@/lib/server/db';
import { courseChapters, courseEnrolments, studyClocks, studySubmits } from '@/lib/server/db/schema';
import { ServiceError } from '@/lib/server/errors';
import { invalidateReadCaches, onInvalidatePrefix } from '@/lib/server/cache';
import { processState } from '@/lib/server/process-state';
import { metrics } from '@/lib/server/ops/metrics';
import { chapterDuration, CLIPS } from '../media/demo-media';
import {
  CHAPTER_END_TOLERANCE_S,
  HEARTBEAT_MAX_WATCHED_S,
  HEARTBEAT_SLACK_S,
  MAX_PLAYBACK_RATE,
  STUDY_BACKLOG_CAP_S,
  STUDY_LOCK_S,
} from '@/lib/learning/heartbeat-rules';
import { SELECT_BEFORE_PLAY_MSG } from '@/lib/contract/messages';
import type { HeartbeatPayload as Heartbeat } from '@/lib/contract/learning';
import { chinaDate } from '@/lib/format';
import type { HeartbeatAnswer as HeartbeatResult } from '@/lib/contract/learning';
import {
  DUPLICATE_SUBMISSION_MSG,
  MSG_POSITION,
  MSG_SEGMENT,
  MSG_TOO_FAST,
  MSG_CHAPTER,
  MSG_LOCKED,
} from '@/lib/contract/learning';

interface ChapterInfo {
  courseId: number;
  duration: number;
}

/** Chapters change rarely (a course edit: forgetChapter); a miss reads the table. One map for the process. */
const chapterCache = processState('chapterInfo', () => new Map<number, ChapterInfo>());
const CHAPTER_TAG = 'chapter:';
onInvalidatePrefix(CHAPTER_TAG, 'chapterInfo', (tag) => {
  const id = Number(tag.slice(CHAPTER_TAG.length));
  if (tag.length > CHAPTER_TAG.length && Number.isInteger(id)) chapterCache.delete(id);
  else chapterCache.clear();
});

/** Forgets a chapter's length here and, with PostgreSQL, on every instance (its heartbeats are checked against it). */
export function forgetChapter(chapterId: number): void {
  chapterCache.delete(chapterId);
  void invalidateReadCaches(`${CHAPTER_TAG}${chapterId}`);
}

async function chapterInfo(d: Db, chapterId: number): Promise<ChapterInfo | null> {
  const hit = chapterCache.get(chapterId);
  if (hit) return hit;
  const [row] = await d
    .select({
      courseId: courseChapters.courseId,
      media: courseChapters.media,
      declared: courseChapters.durationSeconds,
    })
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

interface HeartbeatRow {
  verdict: 'ok' | 'dup' | 'enrol' | 'locked' | 'fast';
  claimed: number;
  credited: number;
  progress: number;
  frontier: number;
  finished: boolean;
  prev_operator: number | null;
  prev_credited: number | null;
  enrol_progress: number | null;
  enrol_done: boolean | null;
}

/** Durations of the committed clips by media key, so the statement can compute a course's progress itself. */
const CLIP_DURATIONS = JSON.stringify(Object.fromEntries(Object.values(CLIPS).map((c) => [c.key, c.duration])));

/**
 * One heartbeat in ONE prepared statement (planned once per connection; one round trip, atomic on its own, no explicit transaction): CTEs lock the
 * enrolment, the study clock and the chapter's progress (FOR UPDATE, so concurrent beats of a learner queue up
 * and see each other's writes), derive the verdict (duplicate, not chosen, locked by another window, faster than
 * the wall clock), the credited seconds (play-ahead counts nothing), the new frontier and the course progress,
 * and only when the verdict is ok and the submit id was claimed do the writes happen (submit, chapter progress,
 * clock, study record, enrolment). Returns what the client needs.
 *
 * The wall-clock bound starts from what the server witnessed: a learner's clock is created by the first heartbeat
 * the server sees, at that moment less one heartbeat's most (HEARTBEAT_MAX_WATCHED_S), so no heartbeat can claim
 * time from before the server saw the learner start playing.
 */
export async function submitHeartbeat(
  operatorId: number,
  h: Heartbeat,
  now: Date = new Date(),
): Promise<HeartbeatResult> {
  const d = await db();
  const chapter = await chapterInfo(d, h.chapterId);
  if (!chapter || chapter.courseId !== h.courseId) throw new ServiceError(MSG_CHAPTER);
  checkHeartbeatShape(h, chapter.duration);
  const position = Math.round(h.position);
  const watched = Math.round(h.watched);
  const to = Math.round(h.to);
  const floor = new Date(now.getTime() - STUDY_BACKLOG_CAP_S * 1000);
  const start = new Date(now.getTime() - HEARTBEAT_MAX_WATCHED_S * 1000);
  const dur = chapter.duration;
  // The record counts for the year and month of China time, as the archive and the rankings read them.
  const today = chinaDate(now);
  const lockSession = h.lockSession ?? null;
  const [r] = await prepared<HeartbeatRow>(
    'study_heartbeat',
    sql`
    WITH prev AS (
      SELECT operator_id, credited FROM study_submits WHERE submit_id = ${h.submitId}
    ),
    enrol AS (
      SELECT progress, finished_at FROM course_enrolments WHERE operator_id = ${operatorId} AND course_id = ${h.courseId} FOR UPDATE
    ),
    clk AS (
      SELECT credited_until, lock_course_id, lock_session, lock_until FROM study_clocks WHERE operator_id = ${operatorId} FOR UPDATE
    ),
    cp AS (
      SELECT frontier, finished_at FROM chapter_progress WHERE operator_id = ${operatorId} AND chapter_id = ${h.chapterId} FOR UPDATE
    ),
    base AS (
      SELECT greatest(coalesce((SELECT credited_until FROM clk), ${start}::timestamptz), ${floor}::timestamptz) AS since,
             coalesce((SELECT frontier FROM cp), 0) AS old_frontier,
             (SELECT finished_at FROM cp) AS cp_finished,
             CASE
               WHEN EXISTS (SELECT 1 FROM prev) THEN 'dup'
               WHEN NOT EXISTS (SELECT 1 FROM enrol) THEN 'enrol'
               WHEN EXISTS (SELECT 1 FROM clk WHERE lock_until > ${now}::timestamptz AND lock_course_id = ${h.courseId}
                              AND lock_session IS NOT NULL AND lock_session IS DISTINCT FROM ${lockSession}::text) THEN 'locked'
               ELSE 'ok' END AS verdict0
    ),
    k1 AS (
      SELECT since, old_frontier, cp_finished,
             CASE WHEN verdict0 = 'ok' AND ${h.watched}::float8 > extract(epoch FROM (${now}::timestamptz - since)) + ${HEARTBEAT_SLACK_S}
                  THEN 'fast' ELSE verdict0 END AS verdict,
             (${h.from}::float8 <= old_frontier + ${HEARTBEAT_SLACK_S}) AS contiguous
        FROM base
    ),
    k2 AS (
      SELECT k1.*,
             CASE WHEN contiguous THEN ${watched}::int ELSE 0 END AS credited,
             CASE WHEN contiguous THEN least(${dur}::int, greatest(old_frontier, ${to}::int)) ELSE old_frontier END AS frontier
        FROM k1
    ),
    k3 AS (
      SELECT k2.*, frontier >= ${dur - CHAPTER_END_TOLERANCE_S}::int AS chapter_done,
             (cp_finished IS NOT NULL OR frontier >= ${dur - CHAPTER_END_TOLERANCE_S}::int) AS chapter_finished
        FROM k2
    ),
    chap AS (
      SELECT c.id = ${h.chapterId} AS this_one,
             coalesce((${CLIP_DURATIONS}::jsonb ->> c.media)::int, c.duration_seconds) AS dur,
             coalesce(p.frontier, 0) AS frontier, p.finished_at IS NOT NULL AS fin
        FROM course_chapters c LEFT JOIN chapter_progress p ON p.chapter_id = c.id AND p.operator_id = ${operatorId}
       WHERE c.course_id = ${h.courseId}
    ),
    agg AS (
      SELECT count(*) AS n,
             coalesce(sum(ch.dur), 0) AS total,
             coalesce(sum(CASE WHEN (CASE WHEN ch.this_one THEN k3.chapter_finished ELSE ch.fin END) THEN ch.dur
                               ELSE least(ch.dur, CASE WHEN ch.this_one THEN k3.frontier ELSE ch.frontier END) END), 0) AS seen,
             count(*) FILTER (WHERE CASE WHEN ch.this_one THEN k3.chapter_finished ELSE ch.fin END) AS done
        FROM chap ch CROSS JOIN k3
    ),
    f AS (
      SELECT k3.*,
             CASE WHEN (agg.n > 0 AND agg.done = agg.n) OR (SELECT finished_at FROM enrol) IS NOT NULL THEN 100
                  ELSE least(99, floor(agg.seen * 100 / greatest(1, agg.total)))::int END AS progress,
             coalesce((SELECT finished_at FROM enrol), CASE WHEN agg.n > 0 AND agg.done = agg.n THEN ${now}::timestamptz END) AS finished_at,
             least(${now}::timestamptz, k3.since + k3.credited * interval '1 second') AS next
        FROM k3 CROSS JOIN agg
    ),
    claim AS (
      INSERT INTO study_submits (submit_id, operator_id, course_id, chapter_id, position, credited, accepted_at)
      SELECT ${h.submitId}, ${operatorId}, ${h.courseId}, ${h.chapterId}, ${position}, f.credited, ${now}::timestamptz FROM f WHERE f.verdict = 'ok'
      ON CONFLICT DO NOTHING RETURNING submit_id
    ),
    w_cp AS (
      INSERT INTO chapter_progress (operator_id, chapter_id, course_id, frontier, position, studied_seconds, finished_at, updated_at)
      SELECT ${operatorId}, ${h.chapterId}, ${h.courseId}, f.frontier, ${position}, f.credited,
             CASE WHEN f.chapter_done THEN ${now}::timestamptz END, ${now}::timestamptz
        FROM f WHERE EXISTS (SELECT 1 FROM claim)
      ON CONFLICT (operator_id, chapter_id) DO UPDATE SET frontier = excluded.frontier, position = excluded.position,
             studied_seconds = chapter_progress.studied_seconds + excluded.studied_seconds,
             finished_at = coalesce(chapter_progress.finished_at, excluded.finished_at), updated_at = excluded.updated_at
    ),
    w_clock AS (
      INSERT INTO study_clocks (operator_id, credited_until)
      SELECT ${operatorId}, f.next FROM f WHERE EXISTS (SELECT 1 FROM claim)
      ON CONFLICT (operator_id) DO UPDATE SET credited_until = excluded.credited_until
    ),
    w_rec AS (
      INSERT INTO study_records (operator_id, year, month, kind, seconds, course_id, created_at)
      SELECT ${operatorId}, ${today.year}, ${today.month}, 'online', f.credited, ${h.courseId}, ${now}::timestamptz
        FROM f WHERE f.credited > 0 AND EXISTS (SELECT 1 FROM claim)
    ),
    w_enrol AS (
      UPDATE course_enrolments e SET last_chapter_id = ${h.chapterId}, last_position = ${position},
             studied_seconds = e.studied_seconds + f.credited, progress = f.progress, finished_at = f.finished_at
        FROM f WHERE e.operator_id = ${operatorId} AND e.course_id = ${h.courseId} AND EXISTS (SELECT 1 FROM claim)
    )
    SELECT f.verdict, (SELECT count(*) FROM claim)::int AS claimed, f.credited, f.progress, f.frontier,
           f.finished_at IS NOT NULL AS finished,
           (SELECT operator_id FROM prev) AS prev_operator, (SELECT credited FROM prev) AS prev_credited,
           (SELECT progress FROM enrol) AS enrol_progress, (SELECT finished_at FROM enrol) IS NOT NULL AS enrol_done
      FROM f
  `,
  );
  switch (r.verdict) {
    case 'enrol':
      throw new ServiceError(SELECT_BEFORE_PLAY_MSG);
    case 'locked':
      throw new ServiceError(MSG_LOCKED);
    case 'fast':
      throw new ServiceError(MSG_TOO_FAST);
    case 'dup':
      if (Number(r.prev_operator) !== operatorId) throw new ServiceError(DUPLICATE_SUBMISSION_MSG);
      return {
        submitId: h.submitId,
        accepted: true,
        duplicate: true,
        credited: Number(r.prev_credited),
        progress: Number(r.enrol_progress ?? 0),
        finished: !!r.enrol_done,
        frontier: 0,
      };
  }
  if (Number(r.claimed) === 0) {
    // The same submit id raced in from another request and won: answer as its duplicate.
    const [prev] = await d.select().from(studySubmits).where(eq(studySubmits.submitId, h.submitId));
    if (!prev || prev.operatorId !== operatorId) throw new ServiceError(DUPLICATE_SUBMISSION_MSG);
    const state = await enrolmentState(d, operatorId, h.courseId);
    return { submitId: h.submitId, accepted: true, duplicate: true, credited: prev.credited, ...state, frontier: 0 };
  }
  metrics().heartbeats.inc();
  return {
    submitId: h.submitId,
    accepted: true,
    duplicate: false,
    credited: Number(r.credited),
    progress: Number(r.progress),
    frontier: Number(r.frontier),
    finished: !!r.finished,
  };
}

async function enrolmentState(
  tx: Db,
  operatorId: number,
  courseId: number,
): Promise<{ progress: number; finished: boolean }> {
  const [row] = await tx
    .select({ progress: courseEnrolments.progress, finishedAt: courseEnrolments.finishedAt })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.operatorId, operatorId), eq(courseEnrolments.courseId, courseId)));
  return { progress: row?.progress ?? 0, finished: row?.finishedAt != null };
}

/** Batch submit: each heartbeat on its own (one refused does not sink the others), in the order given. */
export async function submitBatch(
  operatorId: number,
  items: Heartbeat[],
  now: Date = new Date(),
): Promise<HeartbeatResult[]> {
  const out: HeartbeatResult[] = [];
  for (const h of items) {
    try {
      out.push(await submitHeartbeat(operatorId, h, now));
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      out.push({
        submitId: h.submitId,
        accepted: false,
        duplicate: false,
        credited: 0,
        progress: 0,
        frontier: 0,
        finished: false,
        msg: err.message,
      });
    }
  }
  return out;
}

/**
 * The batch player's lock: one window studies a course at a time. Taking it again from the same session renews it;
 * another session gets it only after it lapsed (STUDY_LOCK_S without renewal) or was released.
 */
export async function lockCourse(
  operatorId: number,
  courseId: number,
  session: string,
  release = false,
  now: Date = new Date(),
) {
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
    const heldByOther =
      clock.lockUntil && clock.lockUntil > now && clock.lockSession !== session && clock.lockCourseId === courseId;
    if (release) {
      if (!heldByOther)
        await tx
          .update(studyClocks)
          .set({ lockCourseId: null, lockSession: null, lockUntil: null })
          .where(eq(studyClocks.operatorId, operatorId));
      return { locked: false, until: null };
    }
    if (heldByOther) throw new ServiceError(MSG_LOCKED);
    const until = new Date(now.getTime() + STUDY_LOCK_S * 1000);
    await tx
      .update(studyClocks)
      .set({ lockCourseId: courseId, lockSession: session, lockUntil: until })
      .where(eq(studyClocks.operatorId, operatorId));
    return { locked: true, until: until.toISOString() };
  });
}

/** How many heartbeats of these learners were accepted (the benchmark counts them against its own tally). */
export async function countSubmits(operatorIds: number[]): Promise<number> {
  const d = await db();
  const [row] = await d
    .select({ n: sql<number>`count(*)::int` })
    .from(studySubmits)
    .where(inArray(studySubmits.operatorId, operatorIds));
  return Number(row?.n ?? 0);
}

/**
 * The creation centre (SPEC 2.1 /space/creation, 4.5, 7 Uploads): a user's own courses, their basic
 * information (updateBasic / getBasic), chapters with uploaded files, submission for review, removal.
 * Review follows the audit setting (auditSetting/detail): machine review, manual review by a manager,
 * both, or neither. Only the creator changes a course; approved courses revalidate the catalogue.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { AUDIT_STATUS } from '@/lib/constants';
import type { Page } from '@/lib/contract/home';
import type { CreationCourse, CreationCourseRow } from '@/lib/contract/spaces';
import { db } from '@/lib/server/db';
import { courseAudits, courseChapters, courses, operators, teachers } from '@/lib/server/db/schema';
import { CODE_FORBIDDEN, CODE_NOT_FOUND, ServiceError } from '@/lib/server/errors';
import { richTextAsText, textAsRichText } from '@/lib/server/rich-text';
import { revalidateCourse } from '../catalogue/revalidate';
import { forgetChapter } from '../learning/study-progress';
import { auditSetting } from '../catalogue/site';
import { revalidateSpace } from './spaces';
import type { SessionUser } from '../accounts/sessions';
import { MSG_NO_REVIEW } from '@/lib/contract/management';
import { orgInScope, requireAnyPower, requirePower } from '../management/powers';
import { fileByUrl, userHasFile } from './uploads';
import { queueCourseTrialCuts, queueTrialCut, trialCutPending } from '../media/trial-cuts';
import { queueTranscode, transcodeStates } from '../media/hls/packages';
import { MSG_NO_CHAPTER, submitRequirements } from '@/lib/validation/spaces';
import { notifyCourseReview } from '../notifications/events';
import {
  CHAPTER_FILE_KIND_MSG,
  COURSE_NOT_PENDING_MSG,
  REVIEW_REASON_REQUIRED_MSG,
  MSG_NOT_YOURS,
  MSG_COURSE_NOT_FOUND,
  MSG_IN_REVIEW,
  MSG_TRANSCODING,
  MSG_TRANSCODE_FAILED,
} from '@/lib/contract/spaces';
import { CHAPTER_MISSING_MSG } from '@/lib/contract/learning';
import { MSG_SERIES_COVER } from '@/lib/contract/series-admin';

export { MSG_NO_CHAPTER };

export type AuditCode = keyof typeof AUDIT_STATUS;
export const auditLabel = (code: number) => AUDIT_STATUS[code as AuditCode] ?? '';

/**
 * Words the machine review cannot judge on its own (a deployment would load its own list): a course about the
 * harm of gambling names it too, so a hit goes to a person (in approval) rather than being refused.
 */
const FLAGGED_WORDS = ['赌博', '色情', '代开发票'];

type CourseRow = typeof courses.$inferSelect;

async function ownCourse(user: SessionUser, courseId: number): Promise<CourseRow> {
  const d = await db();
  const [c] = await d.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!c) throw new ServiceError(MSG_COURSE_NOT_FOUND, CODE_NOT_FOUND);
  if (c.creatorId !== user.operatorID) throw new ServiceError(MSG_NOT_YOURS, CODE_FORBIDDEN);
  return c;
}

async function audit(
  courseId: number,
  kind: string,
  fromStatus: number,
  toStatus: number,
  reason = '',
  reviewerId: number | null = null,
) {
  const d = await db();
  await d.insert(courseAudits).values({ courseId, kind, fromStatus, toStatus, reason, reviewerId });
}

/** Changes to an approved course take it out of the catalogue until it is approved again. */
async function editable(user: SessionUser, courseId: number): Promise<CourseRow> {
  const c = await ownCourse(user, courseId);
  if (c.auditStatus === 1054 || (c.auditStatus === 1056 && c.submittedAt)) throw new ServiceError(MSG_IN_REVIEW);
  return c;
}

async function afterEdit(user: SessionUser, c: CourseRow): Promise<void> {
  const d = await db();
  // Approved -> not reviewed (leaves the catalogue); returned for change -> changed (SPEC 4.5).
  const next = c.auditStatus === 1055 ? 1056 : c.auditStatus === 1052 || c.auditStatus === 1053 ? 1051 : c.auditStatus;
  // Not reviewed has no review comment: the last one was about the course before this change. A course returned
  // for change (1056) keeps the reviewer's request, which the change answers.
  const moved = next !== c.auditStatus || !!c.submittedAt;
  if (moved || (next === 1051 && c.auditReason)) {
    await d
      .update(courses)
      .set({ auditStatus: next, submittedAt: null, ...(next === 1051 ? { auditReason: '' } : {}) })
      .where(eq(courses.id, c.id));
    if (moved) await audit(c.id, 'edit', c.auditStatus, next);
  }
  if (c.auditStatus === 1052) {
    await revalidateCourse(c.id);
    await revalidateCreator(user);
  }
}

async function revalidateCreator(user: SessionUser) {
  await revalidateSpace(
    user.tchrId != null ? { kind: 'teacher', id: user.tchrId } : { kind: 'student', id: user.operatorID },
  );
}

export interface BasicInput {
  courseId?: number;
  title: string;
  categoryCode: number;
  cover: string;
  summary: string;
  audiences: ('general' | 'party' | 'student')[];
}

/**
 * A new cover must be an image the user uploaded: once the course is published its cover is served to anyone
 * (serveFile), so naming another user's file here must not publish it.
 */
async function checkCover(user: SessionUser, cover: string, current = ''): Promise<void> {
  if (!cover || cover === current) return;
  const file = await fileByUrl(cover);
  if (!file || file.kind !== 'image') throw new ServiceError(MSG_SERIES_COVER);
  await userHasFile(user, file.id);
}

export async function updateBasic(user: SessionUser, b: BasicInput): Promise<{ courseId: number }> {
  const d = await db();
  // The summary is plain text as typed; stored as rich text that shows exactly that (lib/server/rich-text).
  const values = {
    title: b.title,
    categoryCode: b.categoryCode,
    cover: b.cover,
    summary: textAsRichText(b.summary),
    audiences: b.audiences,
  };
  if (b.courseId) {
    const c = await editable(user, b.courseId);
    await checkCover(user, b.cover, c.cover);
    await d.update(courses).set(values).where(eq(courses.id, c.id));
    await afterEdit(user, c);
    return { courseId: c.id };
  }
  await checkCover(user, b.cover);
  const [row] = await d
    .insert(courses)
    .values({
      ...values,
      teacherId: user.tchrId,
      creatorId: user.operatorID,
      auditStatus: 1051,
      chapterCount: 0,
      publishedAt: new Date(),
    })
    .returning({ id: courses.id });
  await audit(row.id, 'edit', 1051, 1051, '创建课程');
  return { courseId: row.id };
}

export async function getBasic(user: SessionUser, courseId: number): Promise<CreationCourse> {
  const c = await ownCourse(user, courseId);
  const d = await db();
  const chapters = await d
    .select()
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id));
  const files = new Map<string, { name: string; size: number }>();
  for (const ch of chapters) {
    const f = ch.media ? await fileByUrl(ch.media) : null;
    if (f) files.set(ch.media, { name: f.originalName, size: f.size });
  }
  const trialsPending = new Set<number>();
  for (const ch of chapters)
    if (files.has(ch.media) && (await trialCutPending(ch.media, ch.durationSeconds).catch(() => false)))
      trialsPending.add(ch.id);
  const transcodes = await transcodeStates(chapters.map((ch) => ch.media)).catch(() => new Map());
  const audits = await d
    .select()
    .from(courseAudits)
    .where(eq(courseAudits.courseId, courseId))
    .orderBy(desc(courseAudits.createdAt), desc(courseAudits.id))
    .limit(20);
  return {
    courseId: c.id,
    title: c.title,
    categoryCode: c.categoryCode,
    cover: c.cover,
    summary: richTextAsText(c.summary),
    audiences: c.audiences,
    auditStatus: c.auditStatus,
    auditLabel: auditLabel(c.auditStatus),
    submitted: !!c.submittedAt,
    auditReason: c.auditReason,
    chapters: chapters.map((ch) => ({
      id: ch.id,
      sort: ch.sort,
      title: ch.title,
      media: ch.media,
      durationSeconds: ch.durationSeconds,
      fileName: files.get(ch.media)?.name ?? '',
      fileSize: files.get(ch.media)?.size ?? 0,
      trialProcessing: trialsPending.has(ch.id),
      ...(transcodes.has(ch.media) ? { transcode: transcodes.get(ch.media) } : {}),
    })),
    audits: audits.map((a) => ({
      kind: a.kind as CreationCourse['audits'][number]['kind'],
      fromStatus: a.fromStatus,
      toStatus: a.toStatus,
      reason: a.reason,
      createdAt: a.createdAt.toISOString(),
    })),
    updatedAt: (audits[0]?.createdAt ?? c.publishedAt).toISOString(),
  };
}

export async function myCourses(
  user: SessionUser,
  pageNum: number,
  pageSize: number,
): Promise<Page<CreationCourseRow>> {
  const d = await db();
  const where = eq(courses.creatorId, user.operatorID);
  const [total] = await d.select({ n: count() }).from(courses).where(where);
  const rows = await d
    .select({
      courseId: courses.id,
      title: courses.title,
      categoryCode: courses.categoryCode,
      cover: courses.cover,
      auditStatus: courses.auditStatus,
      submittedAt: courses.submittedAt,
      chapterCount: courses.chapterCount,
      auditReason: courses.auditReason,
    })
    .from(courses)
    .where(where)
    .orderBy(desc(courses.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return {
    list: rows.map(({ submittedAt, ...r }) => ({
      ...r,
      auditLabel: auditLabel(r.auditStatus),
      submitted: !!submittedAt,
    })),
    total: Number(total?.n ?? 0),
    pageNum,
    pageSize,
  };
}

async function refreshChapterStats(courseId: number) {
  const d = await db();
  await d
    .update(courses)
    .set({
      chapterCount: sql`(select count(*) from ${courseChapters} where ${courseChapters.courseId} = ${courseId})::int`,
      durationSeconds: sql`(select coalesce(sum(${courseChapters.durationSeconds}), 0) from ${courseChapters} where ${courseChapters.courseId} = ${courseId})::int`,
    })
    .where(eq(courses.id, courseId));
}

export async function saveChapter(
  user: SessionUser,
  b: { courseId: number; chapterId?: number; title: string; fileId: number; durationSeconds: number },
): Promise<{ chapterId: number }> {
  const c = await editable(user, b.courseId);
  const file = await userHasFile(user, b.fileId);
  if (!['video', 'audio', 'document'].includes(file.kind)) throw new ServiceError(CHAPTER_FILE_KIND_MSG);
  const d = await db();
  const media = `/api/resourceFile/file/${file.md5}-${file.size}.${file.ext}`;
  // A document has no length: opening it finishes the chapter (a length would make it unfinishable).
  const durationSeconds = file.kind === 'document' ? 0 : b.durationSeconds;
  let chapterId = b.chapterId;
  if (chapterId) {
    const [ch] = await d
      .select({ courseId: courseChapters.courseId })
      .from(courseChapters)
      .where(eq(courseChapters.id, chapterId))
      .limit(1);
    if (!ch || ch.courseId !== c.id) throw new ServiceError(CHAPTER_MISSING_MSG, CODE_NOT_FOUND);
    await d
      .update(courseChapters)
      .set({ title: b.title, media, durationSeconds })
      .where(eq(courseChapters.id, chapterId));
    forgetChapter(chapterId); // a new video: heartbeats are checked against its length
  } else {
    const [{ n }] = await d
      .select({ n: sql<number>`coalesce(max(${courseChapters.sort}), 0)::int` })
      .from(courseChapters)
      .where(eq(courseChapters.courseId, c.id));
    const [row] = await d
      .insert(courseChapters)
      .values({ courseId: c.id, sort: Number(n) + 1, title: b.title, media, durationSeconds })
      .returning({ id: courseChapters.id });
    chapterId = row.id;
  }
  await refreshChapterStats(c.id);
  await afterEdit(user, c);
  // The trial rendition is cut by a job now, so the first visitor to play the chapter does not wait for ffmpeg.
  if (file.kind !== 'document') await queueTrialCut(media, durationSeconds);
  // Every uploaded video is packaged for HLS by a job; the course cannot be submitted until that is done.
  if (file.kind === 'video') await queueTranscode(media);
  return { chapterId };
}

export async function removeChapter(user: SessionUser, chapterId: number): Promise<{ removed: true }> {
  const d = await db();
  const [ch] = await d
    .select({ courseId: courseChapters.courseId })
    .from(courseChapters)
    .where(eq(courseChapters.id, chapterId))
    .limit(1);
  if (!ch) throw new ServiceError(CHAPTER_MISSING_MSG, CODE_NOT_FOUND);
  const c = await editable(user, ch.courseId);
  await d.delete(courseChapters).where(eq(courseChapters.id, chapterId));
  forgetChapter(chapterId);
  await refreshChapterStats(c.id);
  await afterEdit(user, c);
  return { removed: true };
}

/**
 * The machine review: what a reviewer would otherwise check by hand first. `refuse`: why the course cannot pass
 * (a missing cover, summary or file), or ''; `flag`: a word that needs a person's judgement, or ''.
 */
export async function machineReview(courseId: number): Promise<{ refuse: string; flag: string }> {
  const d = await db();
  const [c] = await d.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!c) return { refuse: MSG_COURSE_NOT_FOUND, flag: '' };
  const chapters = await d.select().from(courseChapters).where(eq(courseChapters.courseId, courseId));
  const summary = richTextAsText(c.summary);
  const unmet = submitRequirements({ chapterCount: chapters.length, cover: c.cover, summary });
  if (unmet.length) return { refuse: unmet[0], flag: '' };
  for (const ch of chapters) {
    if (!ch.media || !(await fileByUrl(ch.media)))
      return { refuse: `章节“${ch.title}”的文件不存在，请重新上传`, flag: '' };
  }
  const text = [c.title, summary, ...chapters.map((ch) => ch.title)].join('\n');
  return { refuse: '', flag: FLAGGED_WORDS.find((w) => text.includes(w)) ?? '' };
}

async function setStatus(
  c: CourseRow,
  to: number,
  kind: string,
  reason: string,
  reviewerId: number | null,
  extra: Partial<CourseRow> = {},
) {
  const d = await db();
  await d
    .update(courses)
    .set({ auditStatus: to, auditReason: reason, ...(to === 1052 ? { publishedAt: new Date() } : {}), ...extra })
    .where(eq(courses.id, c.id));
  await audit(c.id, kind, c.auditStatus, to, reason, reviewerId);
  if (c.teacherId != null && (to === 1052 || c.auditStatus === 1052)) await refreshTeacherCount(c.teacherId);
  // Published: any chapter whose trial rendition is missing (a failed cut, a file stored since) is queued again.
  if (to === 1052) await queueCourseTrialCuts(c.id);
}

/** Refuses a submission while a chapter's video is not packaged for HLS (still transcoding, or unreadable). */
async function checkTranscoded(courseId: number): Promise<void> {
  const chapters = await (
    await db()
  )
    .select({ title: courseChapters.title, media: courseChapters.media })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id));
  const states = await transcodeStates(chapters.map((ch) => ch.media));
  const failed = chapters.find((ch) => states.get(ch.media)?.state === 'failed');
  if (failed) throw new ServiceError(MSG_TRANSCODE_FAILED(failed.title));
  const waiting = chapters.filter((ch) => {
    const st = states.get(ch.media)?.state;
    return st != null && st !== 'ready';
  });
  if (waiting.length === 0) return;
  // A video saved before transcoding existed (or whose job was lost) is queued now.
  for (const ch of waiting) await queueTranscode(ch.media);
  throw new ServiceError(MSG_TRANSCODING);
}

/** Submits for review; the audit setting decides machine and/or manual review (SPEC 3 Audit setting, 4.5). */
export async function submitCourse(
  user: SessionUser,
  courseId: number,
): Promise<{ auditStatus: number; auditLabel: string; auditReason: string }> {
  let c = await editable(user, courseId);
  if (c.submittedAt && c.auditStatus !== 1053) throw new ServiceError(MSG_IN_REVIEW);
  const d = await db();
  const [{ n }] = await d.select({ n: count() }).from(courseChapters).where(eq(courseChapters.courseId, courseId));
  if (Number(n) === 0) throw new ServiceError(MSG_NO_CHAPTER);
  await checkTranscoded(courseId);
  const setting = await auditSetting();
  const submittedAt = new Date();
  await d.update(courses).set({ submittedAt }).where(eq(courses.id, courseId));
  await audit(courseId, 'submit', c.auditStatus, c.auditStatus, '提交审核');
  c = { ...c, submittedAt };
  const machine = setting.isMachine ? await machineReview(courseId) : null;
  if (machine?.refuse) {
    await setStatus(c, 1053, 'machine', machine.refuse, null, { submittedAt: null });
    return { auditStatus: 1053, auditLabel: auditLabel(1053), auditReason: machine.refuse };
  }
  if (setting.isManual || machine?.flag) {
    // Waiting for a manager: in approval (a course changed after a return keeps 1056, 已修改). A flagged word sends
    // the course to a person even when the setting is machine review only.
    const to = c.auditStatus === 1056 ? 1056 : 1054;
    const reason = machine?.flag
      ? `内容含需人工核对的词语“${machine.flag}”，已转人工审核`
      : setting.isMachine
        ? '机器审核通过，等待人工审核'
        : '等待人工审核';
    await setStatus(c, to, 'submit', reason, null);
    return { auditStatus: to, auditLabel: auditLabel(to), auditReason: machine?.flag ? reason : '' };
  }
  await setStatus(c, 1052, 'machine', setting.isMachine ? '机器审核通过' : '', null);
  await revalidateCourse(courseId);
  await revalidateCreator(user);
  return { auditStatus: 1052, auditLabel: auditLabel(1052), auditReason: '' };
}

export async function removeCourse(user: SessionUser, courseId: number): Promise<{ removed: true }> {
  const c = await ownCourse(user, courseId);
  const d = await db();
  await d.delete(courses).where(eq(courses.id, c.id));
  if (c.auditStatus === 1052) {
    await revalidateCourse(c.id);
    await revalidateCreator(user);
  }
  return { removed: true };
}

/* ---- manager review (the management system itself is outside the portal) ---- */

/** Submitted courses of creators in the reviewer's organisations (power "course-review"), oldest first. */
export async function pendingReviews(user: SessionUser): Promise<CreationCourseRow[]> {
  const scope = await requireAnyPower(user, 'course-review', MSG_NO_REVIEW);
  const d = await db();
  const rows = await d
    .select({
      courseId: courses.id,
      title: courses.title,
      categoryCode: courses.categoryCode,
      cover: courses.cover,
      auditStatus: courses.auditStatus,
      chapterCount: courses.chapterCount,
    })
    .from(courses)
    .where(
      and(
        inArray(courses.auditStatus, [1054, 1056]),
        sql`${courses.submittedAt} is not null`,
        scope.all
          ? undefined
          : inArray(
              courses.creatorId,
              d.select({ id: operators.id }).from(operators).where(orgInScope(scope, operators.orgId)),
            ),
      ),
    )
    .orderBy(asc(courses.submittedAt))
    .limit(100);
  return rows.map((r) => ({ ...r, auditLabel: auditLabel(r.auditStatus), submitted: true }));
}

export async function reviewCourse(
  user: SessionUser,
  b: { courseId: number; auditStatus: 1052 | 1053 | 1055; reason: string },
): Promise<{ auditStatus: number; auditLabel: string }> {
  await requireAnyPower(user, 'course-review', MSG_NO_REVIEW);
  const d = await db();
  const [c] = await d.select().from(courses).where(eq(courses.id, b.courseId)).limit(1);
  if (!c || c.creatorId == null) throw new ServiceError(MSG_COURSE_NOT_FOUND, CODE_NOT_FOUND);
  // A course belongs to its creator's organisation: a reviewer of unit A cannot decide on unit B's courses.
  const [owner] = await d.select({ orgId: operators.orgId }).from(operators).where(eq(operators.id, c.creatorId));
  await requirePower(user, 'course-review', owner?.orgId ?? null, MSG_NO_REVIEW);
  if (!c.submittedAt || ![1054, 1056].includes(c.auditStatus)) throw new ServiceError(COURSE_NOT_PENDING_MSG);
  if (b.auditStatus !== 1052 && !b.reason.trim()) throw new ServiceError(REVIEW_REASON_REQUIRED_MSG);
  await setStatus(
    c,
    b.auditStatus,
    'manual',
    b.reason.trim(),
    user.operatorID,
    b.auditStatus === 1052 ? {} : { submittedAt: null },
  );
  if (b.auditStatus === 1052) {
    await revalidateCourse(c.id);
    const [creator] = await d
      .select({ id: operators.id, tchrId: operators.tchrId })
      .from(operators)
      .where(eq(operators.id, c.creatorId))
      .limit(1);
    if (creator)
      await revalidateSpace(
        creator.tchrId != null ? { kind: 'teacher', id: creator.tchrId } : { kind: 'student', id: creator.id },
      );
  }
  await notifyCourseReview(c, b.auditStatus, b.reason);
  return { auditStatus: b.auditStatus, auditLabel: auditLabel(b.auditStatus) };
}

/** Keeps the teacher's course count in step (teacher cards show it). */
export async function refreshTeacherCount(tchrId: number): Promise<void> {
  const d = await db();
  await d
    .update(teachers)
    .set({
      courseCount: sql`(select count(*) from ${courses} where ${courses.teacherId} = ${tchrId} and ${courses.auditStatus} = 1052)::int`,
    })
    .where(eq(teachers.id, tchrId));
}

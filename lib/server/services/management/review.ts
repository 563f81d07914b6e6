/**
 * The reviewer's screen (issue 25, power "course-review"): the queue of courses waiting for a person, paged and
 * limited to the creators of the reviewer's organisations, and the preview of one course (basic information,
 * chapters as the player shows them, review history). The decision itself is reviewCourse (creation.ts).
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { COURSE_CATEGORIES } from '@/lib/constants';
import type { Page } from '@/lib/contract/home';
import type { ReviewPreview, ReviewQueueRow } from '@/lib/contract/review';
import { db } from '@/lib/server/db';
import { courseAudits, courseChapters, courses, operators, orgs } from '@/lib/server/db/schema';
import { CODE_NOT_FOUND, ServiceError } from '@/lib/server/errors';
import { richText } from '@/lib/server/rich-text';
import type { SessionUser } from '../accounts/sessions';
import { chapterViews } from '../learning/course-view';
import { orgInScope, requireAnyPower, requirePower } from './powers';
import { MSG_NO_REVIEW } from '@/lib/contract/management';
import { auditLabel } from '../spaces/creation';
import { MSG_COURSE_NOT_FOUND } from '@/lib/contract/spaces';

const categoryName = (code: number) => COURSE_CATEGORIES.find((c) => c.code === code)?.name ?? '';

const queueColumns = {
  courseId: courses.id,
  title: courses.title,
  cover: courses.cover,
  categoryCode: courses.categoryCode,
  auditStatus: courses.auditStatus,
  chapterCount: courses.chapterCount,
  creatorName: sql<string>`coalesce(${operators.name}, '')`,
  orgName: sql<string>`coalesce(${orgs.name}, '')`,
  submittedAt: courses.submittedAt,
};

type QueueRecord = {
  courseId: number;
  title: string;
  cover: string;
  categoryCode: number;
  auditStatus: number;
  chapterCount: number;
  creatorName: string;
  orgName: string;
  submittedAt: Date | null;
};

function queueRow(r: QueueRecord): ReviewQueueRow {
  return {
    courseId: r.courseId,
    title: r.title,
    cover: r.cover,
    categoryName: categoryName(r.categoryCode),
    auditStatus: r.auditStatus,
    auditLabel: auditLabel(r.auditStatus),
    chapterCount: r.chapterCount,
    creatorName: r.creatorName,
    orgName: r.orgName,
    submittedAt: r.submittedAt ? r.submittedAt.toISOString() : '',
  };
}

/** Courses waiting for a person (1054, 1056, submitted) whose creator is in the reviewer's scope, oldest first. */
export async function reviewQueue(
  user: SessionUser,
  q: { pageNum: number; pageSize: number },
): Promise<Page<ReviewQueueRow>> {
  const scope = await requireAnyPower(user, 'course-review', MSG_NO_REVIEW);
  const d = await db();
  const where = and(
    inArray(courses.auditStatus, [1054, 1056]),
    sql`${courses.submittedAt} is not null`,
    sql`${courses.creatorId} is not null`,
    orgInScope(scope, operators.orgId),
  );
  const from = () =>
    d
      .select(queueColumns)
      .from(courses)
      .innerJoin(operators, eq(operators.id, courses.creatorId))
      .leftJoin(orgs, eq(orgs.id, operators.orgId));
  const [rows, [{ n }]] = await Promise.all([
    from()
      .where(where)
      .orderBy(asc(courses.submittedAt), asc(courses.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    d.select({ n: count() }).from(courses).innerJoin(operators, eq(operators.id, courses.creatorId)).where(where),
  ]);
  return { list: rows.map(queueRow), total: Number(n), pageNum: q.pageNum, pageSize: q.pageSize };
}

/** One course of the creation centre as its reviewer sees it; refused (1003) outside the reviewer's organisations. */
export async function reviewPreview(user: SessionUser, courseId: number): Promise<ReviewPreview> {
  await requireAnyPower(user, 'course-review', MSG_NO_REVIEW);
  const d = await db();
  const [c] = await d
    .select({
      ...queueColumns,
      summary: courses.summary,
      audiences: courses.audiences,
      auditReason: courses.auditReason,
      creatorId: courses.creatorId,
      creatorOrgId: operators.orgId,
    })
    .from(courses)
    .leftJoin(operators, eq(operators.id, courses.creatorId))
    .leftJoin(orgs, eq(orgs.id, operators.orgId))
    .where(eq(courses.id, courseId))
    .limit(1);
  // Only courses made in the creation centre are reviewed here (the academy's own are not submitted).
  if (!c || c.creatorId == null) throw new ServiceError(MSG_COURSE_NOT_FOUND, CODE_NOT_FOUND);
  await requirePower(user, 'course-review', c.creatorOrgId ?? null, MSG_NO_REVIEW);
  const [chapters, history] = await Promise.all([
    d
      .select()
      .from(courseChapters)
      .where(eq(courseChapters.courseId, courseId))
      .orderBy(asc(courseChapters.sort), asc(courseChapters.id)),
    d
      .select()
      .from(courseAudits)
      .where(eq(courseAudits.courseId, courseId))
      .orderBy(desc(courseAudits.createdAt), desc(courseAudits.id))
      .limit(20),
  ]);
  return {
    ...queueRow(c),
    summaryHtml: richText(c.summary),
    audiences: c.audiences,
    auditReason: c.auditReason,
    chapters: await chapterViews(chapters),
    history: history.map((h) => ({
      kind: h.kind,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      reason: h.reason,
      createdAt: h.createdAt.toISOString(),
    })),
  };
}

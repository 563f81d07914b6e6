/** Course reads (list, hot list, detail, chapters, reviews) and a manager's edit of a course. */
import { and, asc, avg, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@/lib/contract/home';
import type { Chapter, CourseDetail, CourseListItem, CourseReview, TeacherBrief } from '@/lib/contract/catalogue';
import { maskName } from '@/lib/format';
import { db } from '@/lib/server/db';
import { courseChapters, courseReviews, courses, courseTypes, operators, teachers } from '@/lib/server/db/schema';
import { CODE_INVALID, notShown, ServiceError } from '@/lib/server/errors';
import { plainText, richText } from '@/lib/server/rich-text';
import { ownAudienceFirst, visibleCourses } from '../audience';
import { type Scope } from '../scope';
import { uploadedDocumentOf } from '../media/uploaded-media';
import { revalidateCourse } from './revalidate';
import { requireAnyPower, requirePower } from '../management/powers';
import {
  categoryName,
  courseCardFields,
  iso,
  offset,
  page,
  teacherBriefFields,
  toCourseItem,
  type Paging,
} from './shared';
import { COURSE_TYPE_MISMATCH_MSG, NOTHING_TO_CHANGE_MSG } from '@/lib/contract/catalogue';

/** A course type of the tree: a parent (category) covers its children. */
async function courseTypeFilter(courseTypeId: number, categoryCode?: number): Promise<SQL> {
  const d = await db();
  const [type] = await d.select().from(courseTypes).where(eq(courseTypes.id, courseTypeId));
  if (!type || (categoryCode && type.categoryCode !== categoryCode))
    throw new ServiceError(COURSE_TYPE_MISMATCH_MSG, CODE_INVALID);
  if (type.parentId == null) return eq(courses.categoryCode, type.categoryCode);
  return eq(courses.courseTypeId, courseTypeId);
}

export async function courseList(
  scope: Scope,
  q: Paging & { categoryCode?: number; courseTypeId?: number; sort?: 'new' | 'hot' },
): Promise<Page<CourseListItem>> {
  const d = await db();
  const where = and(
    visibleCourses(scope),
    q.categoryCode ? eq(courses.categoryCode, q.categoryCode) : undefined,
    q.courseTypeId ? await courseTypeFilter(q.courseTypeId, q.categoryCode) : undefined,
  );
  const order =
    q.sort === 'hot'
      ? [desc(courses.studyCount), desc(courses.id)]
      : [ownAudienceFirst(courses.audiences, scope.site), desc(courses.publishedAt), desc(courses.id)];
  const [rows, [{ n }]] = await Promise.all([
    d
      .select(courseCardFields)
      .from(courses)
      .leftJoin(teachers, eq(teachers.id, courses.teacherId))
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offset(q)),
    d.select({ n: count() }).from(courses).where(where),
  ]);
  return page(rows.map(toCourseItem), n, q);
}

/** The hot list: flagged hot courses, most studied first. */
export async function courseHotList(
  scope: Scope,
  q: { categoryCode?: number; pageSize: number },
): Promise<CourseListItem[]> {
  const d = await db();
  const rows = await d
    .select(courseCardFields)
    .from(courses)
    .leftJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(
      and(
        visibleCourses(scope),
        eq(courses.isHot, true),
        q.categoryCode ? eq(courses.categoryCode, q.categoryCode) : undefined,
      ),
    )
    .orderBy(desc(courses.studyCount), desc(courses.id))
    .limit(q.pageSize);
  return rows.map(toCourseItem);
}

export async function courseChaptersOf(scope: Scope, courseId: number): Promise<Chapter[]> {
  const d = await db();
  const [course] = await d
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), visibleCourses(scope)));
  if (!course) throw notShown('课程');
  const rows = await d
    .select({
      id: courseChapters.id,
      sort: courseChapters.sort,
      title: courseChapters.title,
      durationSeconds: courseChapters.durationSeconds,
      media: courseChapters.media,
    })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id));
  return Promise.all(
    rows.map(async ({ media, ...c }) => ({
      ...c,
      kind: (await uploadedDocumentOf(media)) ? ('document' as const) : ('video' as const),
    })),
  );
}

export async function courseDetail(scope: Scope, id: number): Promise<CourseDetail> {
  const d = await db();
  const [row] = await d
    .select({
      id: courses.id,
      title: courses.title,
      categoryCode: courses.categoryCode,
      courseTypeId: courses.courseTypeId,
      courseTypeName: sql<string>`coalesce(${courseTypes.name}, '')`,
      cover: courses.cover,
      summary: courses.summary,
      durationSeconds: courses.durationSeconds,
      chapterCount: courses.chapterCount,
      studyCount: courses.studyCount,
      score: courses.score,
      publishedAt: courses.publishedAt,
      teacherId: courses.teacherId,
    })
    .from(courses)
    .leftJoin(courseTypes, eq(courseTypes.id, courses.courseTypeId))
    .where(and(eq(courses.id, id), visibleCourses(scope)));
  if (!row) throw notShown('课程');
  const [teacherRows, chapters, [stats]] = await Promise.all([
    row.teacherId
      ? d.select(teacherBriefFields).from(teachers).where(eq(teachers.id, row.teacherId))
      : Promise.resolve([] as TeacherBrief[]),
    courseChaptersOf(scope, id),
    d
      .select({ n: count(), avg: avg(courseReviews.score) })
      .from(courseReviews)
      .where(eq(courseReviews.courseId, id)),
  ]);
  const { summary, teacherId, publishedAt, ...rest } = row;
  void teacherId;
  return {
    ...rest,
    categoryName: categoryName(row.categoryCode),
    summaryHtml: richText(summary),
    summaryText: plainText(summary, 150),
    publishedAt: iso(publishedAt),
    teacher: teacherRows[0] ?? null,
    chapters,
    reviewCount: stats.n,
    reviewScore: stats.avg ? Math.round(Number(stats.avg) * 10) : 0,
  };
}

export async function courseReviewList(scope: Scope, q: Paging & { courseId: number }): Promise<Page<CourseReview>> {
  const d = await db();
  const [course] = await d
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, q.courseId), visibleCourses(scope)));
  if (!course) throw notShown('课程');
  const where = eq(courseReviews.courseId, q.courseId);
  const [rows, [{ n }]] = await Promise.all([
    d
      .select({
        id: courseReviews.id,
        operatorName: operators.name,
        score: courseReviews.score,
        content: courseReviews.content,
        createdAt: courseReviews.createdAt,
      })
      .from(courseReviews)
      .innerJoin(operators, eq(operators.id, courseReviews.operatorId))
      .where(where)
      .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id))
      .limit(q.pageSize)
      .offset(offset(q)),
    d.select({ n: count() }).from(courseReviews).where(where),
  ]);
  // Names are shown masked: 王*明.
  return page(
    rows.map((r) => ({ ...r, operatorName: maskName(r.operatorName), createdAt: iso(r.createdAt) })),
    n,
    q,
  );
}

/* ---------------- a manager's edit of a course ---------------- */

/**
 * A reviewer of courses corrects a course's title or summary: the academy's own courses need the power over the
 * whole institution, a creator's over the creator's organisation. Its cached pages are revalidated at once.
 */
export async function updateCourseBasic(
  user: { operatorID: number },
  input: { id: number; title?: string; summary?: string },
): Promise<{ id: number }> {
  await requireAnyPower(user, 'course-review');
  const d = await db();
  const [owner] = await d
    .select({ orgId: operators.orgId })
    .from(courses)
    .innerJoin(operators, eq(operators.id, courses.creatorId))
    .where(eq(courses.id, input.id))
    .limit(1);
  await requirePower(user, 'course-review', owner?.orgId ?? null);
  const set: Partial<typeof courses.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.summary !== undefined) set.summary = input.summary;
  if (Object.keys(set).length === 0) throw new ServiceError(NOTHING_TO_CHANGE_MSG, CODE_INVALID);
  const updated = await d.update(courses).set(set).where(eq(courses.id, input.id)).returning({ id: courses.id });
  if (updated.length === 0) throw notShown('课程');
  await revalidateCourse(input.id);
  return { id: input.id };
}

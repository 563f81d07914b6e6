/** Series (系列专题) reads, the learner's state in one, and joining one. */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Page, SeriesCard } from '@/lib/contract/home';
import type { SeriesDetail, SeriesState } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import {
  certificates,
  courseEnrolments,
  courses,
  series,
  seriesCourses,
  seriesEnrolments,
  teachers,
} from '@/lib/server/db/schema';
import { notShown, ServiceError } from '@/lib/server/errors';
import { ownAudienceFirst, publishedTo, visibleCourseCount, visibleCourses } from '../audience';
import { type Scope } from '../scope';
import { revalidateSeries } from './revalidate';
import { courseCardFields, iso, offset, page, toCourseItem, type Paging } from './shared';
import { SERIES_ALREADY_JOINED_MSG } from '@/lib/contract/catalogue';

const seriesFields = {
  id: series.id,
  title: series.title,
  cover: series.cover,
  summary: series.summary,
  studyCount: series.studyCount,
};

export async function seriesList(scope: Scope, q: Paging & { recommended?: boolean }): Promise<Page<SeriesCard>> {
  const d = await db();
  const where = and(
    publishedTo(series.audiences, scope.site, scope.platform),
    q.recommended ? eq(series.isRecommended, true) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    d
      .select({ ...seriesFields, courseCount: visibleCourseCount(scope) })
      .from(series)
      .where(where)
      .orderBy(
        ownAudienceFirst(series.audiences, scope.site),
        desc(series.isRecommended),
        desc(series.publishedAt),
        desc(series.id),
      )
      .limit(q.pageSize)
      .offset(offset(q)),
    d.select({ n: count() }).from(series).where(where),
  ]);
  return page(rows, n, q);
}

export async function seriesDetail(scope: Scope, id: number): Promise<SeriesDetail> {
  const d = await db();
  const [row] = await d
    .select({ ...seriesFields, publishedAt: series.publishedAt })
    .from(series)
    .where(and(eq(series.id, id), publishedTo(series.audiences, scope.site, scope.platform)));
  if (!row) throw notShown('系列专题');
  const [items, n] = await Promise.all([
    d
      .select(courseCardFields)
      .from(seriesCourses)
      .innerJoin(courses, eq(courses.id, seriesCourses.courseId))
      .leftJoin(teachers, eq(teachers.id, courses.teacherId))
      .where(and(eq(seriesCourses.seriesId, id), visibleCourses(scope)))
      .orderBy(asc(seriesCourses.sort), asc(courses.id)),
    enrolCountOf(id),
  ]);
  return {
    ...row,
    summary: row.summary,
    publishedAt: iso(row.publishedAt),
    courseCount: items.length,
    enrolCount: n,
    courses: items.map(toCourseItem),
  };
}

/** How many learners have joined a series (the detail page's and the viewer state's 人报名). */
async function enrolCountOf(seriesId: number): Promise<number> {
  const [{ n }] = await (
    await db()
  )
    .select({ n: count() })
    .from(seriesEnrolments)
    .where(eq(seriesEnrolments.seriesId, seriesId));
  return n;
}

/**
 * The learner's series: enrolled, and how many of the courses this site lists for it they finished (the page says
 * 已完成n/m of its own list: a course only another site shows is not counted).
 */
export async function seriesState(scope: Scope, operatorId: number | null, seriesId: number): Promise<SeriesState> {
  if (operatorId == null) return { seriesId, enrolled: false, finishedCount: 0, certificateId: null };
  const d = await db();
  const [[enrol], [{ n }], [cert], enrolCount, [counted]] = await Promise.all([
    d
      .select({ s: seriesEnrolments.seriesId })
      .from(seriesEnrolments)
      .where(and(eq(seriesEnrolments.seriesId, seriesId), eq(seriesEnrolments.operatorId, operatorId))),
    d
      .select({ n: count() })
      .from(seriesCourses)
      .innerJoin(
        courseEnrolments,
        and(eq(courseEnrolments.courseId, seriesCourses.courseId), eq(courseEnrolments.operatorId, operatorId)),
      )
      .innerJoin(courses, eq(courses.id, seriesCourses.courseId))
      .where(
        and(
          eq(seriesCourses.seriesId, seriesId),
          sql`${courseEnrolments.finishedAt} is not null`,
          visibleCourses(scope),
        ),
      ),
    d
      .select({ id: certificates.id })
      .from(certificates)
      .where(
        and(eq(certificates.operatorId, operatorId), eq(certificates.kind, 'series'), eq(certificates.refId, seriesId)),
      ),
    enrolCountOf(seriesId),
    d.select({ studyCount: series.studyCount }).from(series).where(eq(series.id, seriesId)),
  ]);
  return {
    seriesId,
    enrolled: !!enrol,
    finishedCount: n,
    certificateId: cert?.id ?? null,
    ...(counted ? { counts: { studyCount: counted.studyCount, enrolCount } } : {}),
  };
}

/** 报名/加入 a series: idempotent refusal on a second try, so the button cannot enrol twice. */
export async function seriesEnrol(scope: Scope, operatorId: number, seriesId: number): Promise<SeriesState> {
  const d = await db();
  const [row] = await d
    .select({ id: series.id })
    .from(series)
    .where(and(eq(series.id, seriesId), publishedTo(series.audiences, scope.site, scope.platform)));
  if (!row) throw notShown('系列专题');
  const inserted = await d
    .insert(seriesEnrolments)
    .values({ seriesId, operatorId })
    .onConflictDoNothing()
    .returning({ s: seriesEnrolments.seriesId });
  if (inserted.length === 0) throw new ServiceError(SERIES_ALREADY_JOINED_MSG);
  await d
    .update(series)
    .set({ studyCount: sql`${series.studyCount} + 1` })
    .where(eq(series.id, seriesId));
  await revalidateSeries(seriesId);
  return seriesState(scope, operatorId, seriesId);
}

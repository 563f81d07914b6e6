/**
 * Catalogue reads (SPEC 7 Rest of the catalogue): courses, series, teachers, live classes, news,
 * notices and policies, each scoped to the site's audiences (own first, platform calls own audience only).
 * Lists only show published courses (auditStatus 1052). Every list is one page query plus one count.
 */
import { and, asc, avg, count, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { COURSE_CATEGORIES } from '@/lib/constants';
import type { OrgSpaceItem } from '@/lib/contract/spaces';
import type { NewsItem, NoticeItem, Page, SeriesCard, TeacherCard, LiveCard } from '@/lib/contract/home';
import type {
  Chapter,
  CourseDetail,
  CourseListItem,
  CourseReview,
  LiveDetail,
  NewsDetail,
  NoticeDetail,
  PolicyDetail,
  PolicyItem,
  SeriesDetail,
  SeriesState,
  TeacherBrief,
  TeacherDetail,
} from '@/lib/contract/catalogue';
import { maskName } from '@/lib/format';
import { db } from '@/lib/server/db';
import {
  courseChapters,
  courseEnrolments,
  courseReviews,
  courses,
  courseTypes,
  liveClasses,
  news,
  notices,
  operators,
  orgs,
  policies,
  series,
  seriesCourses,
  seriesEnrolments,
  teachers,
  certificates,
} from '@/lib/server/db/schema';
import { CODE_FORBIDDEN, CODE_INVALID, notShown, ServiceError } from '@/lib/server/http/errors';
import { plainText, richText } from '@/lib/server/rich-text';
import { ownAudienceFirst, PUBLISHED, publishedTo, visibleCourseCount, visibleCourses, visibleTeachers } from '../audience';
import { type Scope } from '../scope';
import { courseCardColumns, liveCardColumns, teacherCardColumns } from '../cards';
import { uploadedDocumentOf } from '../media/uploaded-media';
import { clipFor } from '../media/demo-media';
import { SITEMAP_KINDS, type SitemapKind } from '@/lib/catalogue/sitemap-rules';
import { revalidateCourse, revalidateSeries } from './revalidate';

export { PUBLISHED, visibleCourses };
export interface Paging {
  pageNum: number;
  pageSize: number;
}
const offset = (p: Paging) => (p.pageNum - 1) * p.pageSize;
export const page = <T>(list: T[], total: number, p: Paging): Page<T> => ({ list, total, pageNum: p.pageNum, pageSize: p.pageSize });
export const categoryName = (code: number) => COURSE_CATEGORIES.find((c) => c.code === code)?.name ?? '';
const iso = (d: Date) => d.toISOString();

/* ---------------- courses ---------------- */

export const courseCardFields = {
  ...courseCardColumns,
  summary: courses.summary,
  score: courses.score,
  isHot: courses.isHot,
};
type CourseRow = { [K in keyof typeof courseCardFields]: unknown } & { categoryCode: number; summary: string };
export const toCourseItem = (r: CourseRow): CourseListItem =>
  ({ ...r, categoryName: categoryName(r.categoryCode), summary: plainText(r.summary, 80) }) as CourseListItem;

/** A course type of the tree: a parent (category) covers its children. */
async function courseTypeFilter(courseTypeId: number, categoryCode?: number): Promise<SQL> {
  const d = await db();
  const [type] = await d.select().from(courseTypes).where(eq(courseTypes.id, courseTypeId));
  if (!type || (categoryCode && type.categoryCode !== categoryCode)) throw new ServiceError('参数错误：courseTypeId 不是该分类下的课程类型', CODE_INVALID);
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
  const order = q.sort === 'hot' ? [desc(courses.studyCount), desc(courses.id)] : [ownAudienceFirst(courses.audiences, scope.site), desc(courses.publishedAt), desc(courses.id)];
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
export async function courseHotList(scope: Scope, q: { categoryCode?: number; pageSize: number }): Promise<CourseListItem[]> {
  const d = await db();
  const rows = await d
    .select(courseCardFields)
    .from(courses)
    .leftJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(and(visibleCourses(scope), eq(courses.isHot, true), q.categoryCode ? eq(courses.categoryCode, q.categoryCode) : undefined))
    .orderBy(desc(courses.studyCount), desc(courses.id))
    .limit(q.pageSize);
  return rows.map(toCourseItem);
}

const teacherBriefFields = { id: teachers.id, name: teachers.name, title: teachers.title, orgName: teachers.orgName, avatar: teachers.avatar, intro: teachers.intro };

export async function courseChaptersOf(scope: Scope, courseId: number): Promise<Chapter[]> {
  const d = await db();
  const [course] = await d.select({ id: courses.id }).from(courses).where(and(eq(courses.id, courseId), visibleCourses(scope)));
  if (!course) throw notShown('课程');
  const rows = await d
    .select({ id: courseChapters.id, sort: courseChapters.sort, title: courseChapters.title, durationSeconds: courseChapters.durationSeconds, media: courseChapters.media })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id));
  return Promise.all(rows.map(async ({ media, ...c }) => ({ ...c, kind: (await uploadedDocumentOf(media)) ? ('document' as const) : ('video' as const) })));
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
    row.teacherId ? d.select(teacherBriefFields).from(teachers).where(eq(teachers.id, row.teacherId)) : Promise.resolve([] as TeacherBrief[]),
    courseChaptersOf(scope, id),
    d.select({ n: count(), avg: avg(courseReviews.score) }).from(courseReviews).where(eq(courseReviews.courseId, id)),
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
  const [course] = await d.select({ id: courses.id }).from(courses).where(and(eq(courses.id, q.courseId), visibleCourses(scope)));
  if (!course) throw notShown('课程');
  const where = eq(courseReviews.courseId, q.courseId);
  const [rows, [{ n }]] = await Promise.all([
    d
      .select({ id: courseReviews.id, operatorName: operators.name, score: courseReviews.score, content: courseReviews.content, createdAt: courseReviews.createdAt })
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

/* ---------------- series ---------------- */

const seriesFields = { id: series.id, title: series.title, cover: series.cover, summary: series.summary, studyCount: series.studyCount };

export async function seriesList(scope: Scope, q: Paging & { recommended?: boolean }): Promise<Page<SeriesCard>> {
  const d = await db();
  const where = and(publishedTo(series.audiences, scope.site, scope.platform), q.recommended ? eq(series.isRecommended, true) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    d
      .select({ ...seriesFields, courseCount: visibleCourseCount(scope) })
      .from(series)
      .where(where)
      .orderBy(ownAudienceFirst(series.audiences, scope.site), desc(series.isRecommended), desc(series.publishedAt), desc(series.id))
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
  return { ...row, summary: row.summary, publishedAt: iso(row.publishedAt), courseCount: items.length, enrolCount: n, courses: items.map(toCourseItem) };
}

/**
 * The learner's series: enrolled, and how many of the courses this site lists for it they finished (the page says
 * 已完成n/m of its own list: a course only another site shows is not counted).
 */
/** How many learners have joined a series (the detail page's and the viewer state's 人报名). */
async function enrolCountOf(seriesId: number): Promise<number> {
  const [{ n }] = await (await db()).select({ n: count() }).from(seriesEnrolments).where(eq(seriesEnrolments.seriesId, seriesId));
  return n;
}

export async function seriesState(scope: Scope, operatorId: number | null, seriesId: number): Promise<SeriesState> {
  if (operatorId == null) return { seriesId, enrolled: false, finishedCount: 0, certificateId: null };
  const d = await db();
  const [[enrol], [{ n }], [cert], enrolCount, [counted]] = await Promise.all([
    d.select({ s: seriesEnrolments.seriesId }).from(seriesEnrolments).where(and(eq(seriesEnrolments.seriesId, seriesId), eq(seriesEnrolments.operatorId, operatorId))),
    d
      .select({ n: count() })
      .from(seriesCourses)
      .innerJoin(courseEnrolments, and(eq(courseEnrolments.courseId, seriesCourses.courseId), eq(courseEnrolments.operatorId, operatorId)))
      .innerJoin(courses, eq(courses.id, seriesCourses.courseId))
      .where(and(eq(seriesCourses.seriesId, seriesId), sql`${courseEnrolments.finishedAt} is not null`, visibleCourses(scope))),
    d
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.operatorId, operatorId), eq(certificates.kind, 'series'), eq(certificates.refId, seriesId))),
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
  const [row] = await d.select({ id: series.id }).from(series).where(and(eq(series.id, seriesId), publishedTo(series.audiences, scope.site, scope.platform)));
  if (!row) throw notShown('系列专题');
  const inserted = await d.insert(seriesEnrolments).values({ seriesId, operatorId }).onConflictDoNothing().returning({ s: seriesEnrolments.seriesId });
  if (inserted.length === 0) throw new ServiceError('您已加入该系列专题，请勿重复报名');
  await d.update(series).set({ studyCount: sql`${series.studyCount} + 1` }).where(eq(series.id, seriesId));
  await revalidateSeries(seriesId);
  return seriesState(scope, operatorId, seriesId);
}

/* ---------------- teachers ---------------- */

export async function teacherList(scope: Scope, q: Paging & { type?: number }): Promise<Page<TeacherCard>> {
  const d = await db();
  const where = and(visibleTeachers(scope), q.type ? eq(teachers.type, q.type) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    d
      .select(teacherCardColumns)
      .from(teachers)
      .where(where)
      .orderBy(ownAudienceFirst(teachers.audiences, scope.site), desc(teachers.courseCount), asc(teachers.sort), asc(teachers.id))
      .limit(q.pageSize)
      .offset(offset(q)),
    d.select({ n: count() }).from(teachers).where(where),
  ]);
  return page(rows, n, q);
}

export async function teacherDetail(scope: Scope, id: number): Promise<TeacherDetail> {
  const d = await db();
  const [row] = await d
    .select({ ...teacherCardColumns, field: teachers.field, intro: teachers.intro, gender: teachers.gender })
    .from(teachers)
    .where(and(eq(teachers.id, id), visibleTeachers(scope)));
  if (!row) throw notShown('教师');
  const list = await d
    .select(courseCardFields)
    .from(courses)
    .leftJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(and(eq(courses.teacherId, id), visibleCourses(scope)))
    .orderBy(desc(courses.publishedAt), desc(courses.id))
    .limit(24);
  const { intro, ...rest } = row;
  return { ...rest, introHtml: richText(intro), courses: list.map(toCourseItem) };
}

/* ---------------- live classes ---------------- */

function liveStatus(startAt: Date, endAt: Date, now: Date): LiveCard['status'] {
  return startAt > now ? 'upcoming' : endAt < now ? 'ended' : 'live';
}

export async function liveList(scope: Scope, q: Paging & { status?: LiveCard['status'] }, now: Date = new Date()): Promise<Page<LiveCard>> {
  const d = await db();
  const statusWhere =
    q.status === 'upcoming'
      ? gt(liveClasses.startAt, now)
      : q.status === 'ended'
        ? lt(liveClasses.endAt, now)
        : q.status === 'live'
          ? and(sql`${liveClasses.startAt} <= ${now}`, sql`${liveClasses.endAt} >= ${now}`)
          : undefined;
  const where = and(publishedTo(liveClasses.audiences, scope.site, scope.platform), statusWhere);
  const [rows, [{ n }]] = await Promise.all([
    d
      .select(liveCardColumns)
      .from(liveClasses)
      .leftJoin(teachers, eq(teachers.id, liveClasses.teacherId))
      .where(where)
      .orderBy(
        sql`case when ${liveClasses.startAt} <= ${now} and ${liveClasses.endAt} >= ${now} then 0 when ${liveClasses.startAt} > ${now} then 1 else 2 end`,
        sql`abs(extract(epoch from (${liveClasses.startAt} - ${now}::timestamptz)))`,
        asc(liveClasses.id),
      )
      .limit(q.pageSize)
      .offset(offset(q)),
    d.select({ n: count() }).from(liveClasses).where(where),
  ]);
  return page(
    rows.map((r) => ({ ...r, startAt: iso(r.startAt), endAt: iso(r.endAt), status: liveStatus(r.startAt, r.endAt, now) })),
    n,
    q,
  );
}

export async function liveDetail(scope: Scope, id: number, now: Date = new Date()): Promise<LiveDetail> {
  const d = await db();
  const [row] = await d.select().from(liveClasses).where(and(eq(liveClasses.id, id), publishedTo(liveClasses.audiences, scope.site, scope.platform)));
  if (!row) throw notShown('直播');
  const teacherRows = row.teacherId ? await d.select(teacherBriefFields).from(teachers).where(eq(teachers.id, row.teacherId)) : [];
  const recording = row.endAt < now ? clipFor(row.replayMedia) : null;
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    teacherName: teacherRows[0]?.name ?? '',
    startAt: iso(row.startAt),
    endAt: iso(row.endAt),
    recordHours: row.recordHours,
    status: liveStatus(row.startAt, row.endAt, now),
    summaryHtml: richText(row.summary),
    teacher: teacherRows[0] ?? null,
    replay: recording ? { duration: recording.duration } : null,
  };
}

/** SPEC 7: the recorded hours of a live class (the GET of the original backend, here a POST like the rest). */
export async function liveRecordHours(scope: Scope, id: number): Promise<{ id: number; recordHours: number }> {
  const detail = await liveDetail(scope, id);
  return { id, recordHours: detail.recordHours };
}

/* ---------------- news and notices ---------------- */

export async function newsList(scope: Scope, q: Paging): Promise<Page<NewsItem>> {
  const d = await db();
  const where = publishedTo(news.audiences, scope.site, scope.platform);
  const [rows, [{ n }]] = await Promise.all([
    d
      .select({ id: news.id, title: news.title, summary: news.summary, cover: news.cover, publishedAt: news.publishedAt })
      .from(news)
      .where(where)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(q.pageSize)
      .offset(offset(q)),
    d.select({ n: count() }).from(news).where(where),
  ]);
  return page(
    rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt) })),
    n,
    q,
  );
}

async function neighbours(
  table: typeof news | typeof notices,
  where: SQL,
  at: Date,
  id: number,
): Promise<{ prev: { id: number; title: string } | null; next: { id: number; title: string } | null }> {
  const d = await db();
  const newer = sql`(${table.publishedAt}, ${table.id}) > (${at}::timestamptz, ${id})`;
  const older = sql`(${table.publishedAt}, ${table.id}) < (${at}::timestamptz, ${id})`;
  const [[prev], [next]] = await Promise.all([
    d.select({ id: table.id, title: table.title }).from(table).where(and(where, newer)).orderBy(asc(table.publishedAt), asc(table.id)).limit(1),
    d.select({ id: table.id, title: table.title }).from(table).where(and(where, older)).orderBy(desc(table.publishedAt), desc(table.id)).limit(1),
  ]);
  return { prev: prev ?? null, next: next ?? null };
}

export async function newsDetail(scope: Scope, id: number): Promise<NewsDetail> {
  const d = await db();
  const where = publishedTo(news.audiences, scope.site, scope.platform);
  const [row] = await d.select().from(news).where(and(eq(news.id, id), where));
  if (!row) throw notShown('新闻');
  const around = await neighbours(news, where, row.publishedAt, row.id);
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    source: row.source,
    views: row.views,
    publishedAt: iso(row.publishedAt),
    bodyHtml: richText(row.body),
    ...around,
  };
}

/**
 * One reading of a news article: its view count goes up by one, in one statement (concurrent readers are all
 * counted). The article's page is cached, so it is not revalidated for this: the page shows the count it was
 * rendered with and then the one returned here.
 */
export async function newsView(scope: Scope, id: number): Promise<{ id: number; views: number }> {
  const d = await db();
  const [row] = await d
    .update(news)
    .set({ views: sql`${news.views} + 1` })
    .where(and(eq(news.id, id), publishedTo(news.audiences, scope.site, scope.platform)))
    .returning({ views: news.views });
  if (!row) throw notShown('新闻');
  return { id, views: row.views };
}

export async function noticeList(scope: Scope, q: Paging): Promise<Page<NoticeItem>> {
  const d = await db();
  const where = publishedTo(notices.audiences, scope.site, scope.platform);
  const [rows, [{ n }]] = await Promise.all([
    d
      .select({ id: notices.id, title: notices.title, isTop: notices.isTop, publishedAt: notices.publishedAt })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.isTop), desc(notices.publishedAt), desc(notices.id))
      .limit(q.pageSize)
      .offset(offset(q)),
    d.select({ n: count() }).from(notices).where(where),
  ]);
  return page(
    rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt) })),
    n,
    q,
  );
}

export async function noticeDetail(scope: Scope, id: number): Promise<NoticeDetail> {
  const d = await db();
  const where = publishedTo(notices.audiences, scope.site, scope.platform);
  const [row] = await d.select().from(notices).where(and(eq(notices.id, id), where));
  if (!row) throw notShown('公告');
  const around = await neighbours(notices, where, row.publishedAt, row.id);
  return { id: row.id, title: row.title, isTop: row.isTop, publishedAt: iso(row.publishedAt), bodyHtml: richText(row.body), ...around };
}

/* ---------------- policies (login only) ---------------- */

const policyFields = { id: policies.id, title: policies.title, type: policies.type, docNo: policies.docNo, issuer: policies.issuer, publishedAt: policies.publishedAt };

export async function policyList(scope: Scope, q: Paging & { type?: number }): Promise<Page<PolicyItem>> {
  const d = await db();
  const where = and(publishedTo(policies.audiences, scope.site, scope.platform), q.type ? eq(policies.type, q.type) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    d.select(policyFields).from(policies).where(where).orderBy(desc(policies.publishedAt), desc(policies.id)).limit(q.pageSize).offset(offset(q)),
    d.select({ n: count() }).from(policies).where(where),
  ]);
  return page(
    rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt) })),
    n,
    q,
  );
}

export async function policyDetail(scope: Scope, id: number): Promise<PolicyDetail> {
  const d = await db();
  const [row] = await d
    .select({ ...policyFields, body: policies.body })
    .from(policies)
    .where(and(eq(policies.id, id), publishedTo(policies.audiences, scope.site, scope.platform)));
  if (!row) throw notShown('文件');
  const { body, ...rest } = row;
  return { ...rest, publishedAt: iso(row.publishedAt), bodyHtml: richText(body) };
}

/* ---------------- organisations ---------------- */


/** The organisations whose spaces a visitor can open (/space/organization without an id): institutes first. */
export async function orgSpaceList(): Promise<OrgSpaceItem[]> {
  const d = await db();
  // A join, not a correlated count in the select list: Drizzle leaves that list's columns unqualified in a one-table
  // query, so `orgs.id` bound to the subquery's operators.id and every organisation counted 2 learners.
  return d
    .select({ id: orgs.id, name: orgs.name, kind: orgs.kind, learners: count(operators.id) })
    .from(orgs)
    .leftJoin(operators, eq(operators.orgId, orgs.id))
    .groupBy(orgs.id)
    .orderBy(asc(orgs.kind), asc(orgs.id))
    .limit(500);
}

/* ---------------- sitemap ---------------- */

export interface SitemapEntry {
  path: string;
  lastModified: string | null;
}

/** The table, page and condition of each kind of public detail page a sitemap lists (one query per kind). */
async function sitemapSource(scope: Scope, kind: SitemapKind) {
  const { trains } = await import('@/lib/server/db/schema');
  const teacherPages = { t: teachers, where: visibleTeachers(scope), at: null };
  return {
    course: { t: courses, path: '/course/detail?id=', where: visibleCourses(scope), at: courses.publishedAt },
    series: { t: series, path: '/series/detail?id=', where: publishedTo(series.audiences, scope.site, scope.platform), at: series.publishedAt },
    train: { t: trains, path: '/train/detail?id=', where: publishedTo(trains.audiences, scope.site, scope.platform), at: trains.publishedAt },
    news: { t: news, path: '/notice/newsDetail?id=', where: publishedTo(news.audiences, scope.site, scope.platform), at: news.publishedAt },
    notice: { t: notices, path: '/notice/noticeDetail?id=', where: publishedTo(notices.audiences, scope.site, scope.platform), at: notices.publishedAt },
    teacher: { ...teacherPages, path: '/teacher/detail?id=' },
    live: { t: liveClasses, path: '/live/detail?id=', where: publishedTo(liveClasses.audiences, scope.site, scope.platform), at: null },
    space: { ...teacherPages, path: '/space/teacher?id=' },
  }[kind];
}

/** Public detail pages of a site, for sitemap.xml: courses, series, trains, news, notices, teachers, live classes, teacher spaces. */
export async function sitemapEntries(scope: Scope, kind: SitemapKind, limit: number, skip: number): Promise<SitemapEntry[]> {
  const d = await db();
  const map = await sitemapSource(scope, kind);
  const rows = await d
    .select({ id: sql<number>`${map.t.id}`, at: map.at ?? sql<null>`null` })
    .from(map.t)
    .where(map.where)
    .orderBy(asc(map.t.id))
    .limit(limit)
    .offset(skip);
  return rows.map((r) => ({ path: `${map.path}${r.id}`, lastModified: r.at ? iso(r.at) : null }));
}

/** How many pages of each kind (the only kinds a host lists are those of its route set: lib/catalogue/sitemap). */
export async function sitemapCounts(scope: Scope, kinds: readonly SitemapKind[] = SITEMAP_KINDS): Promise<Partial<Record<SitemapKind, number>>> {
  const d = await db();
  const counted = await Promise.all(
    kinds.map(async (kind) => {
      const map = await sitemapSource(scope, kind);
      const [row] = await d.select({ n: count() }).from(map.t).where(map.where);
      return [kind, row.n] as const;
    }),
  );
  return Object.fromEntries(counted);
}

/* ---------------- a manager's edit of a course ---------------- */

/** A manager (cmsRoleCount > 0) corrects a course's title or summary; its cached pages are revalidated at once. */
export async function updateCourseBasic(user: { cmsRoles: string[] }, input: { id: number; title?: string; summary?: string }): Promise<{ id: number }> {
  if (user.cmsRoles.length === 0) throw new ServiceError('没有管理权限', CODE_FORBIDDEN);
  const d = await db();
  const set: Partial<typeof courses.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.summary !== undefined) set.summary = input.summary;
  if (Object.keys(set).length === 0) throw new ServiceError('没有需要修改的内容', CODE_INVALID);
  const updated = await d.update(courses).set(set).where(eq(courses.id, input.id)).returning({ id: courses.id });
  if (updated.length === 0) throw notShown('课程');
  await revalidateCourse(input.id);
  return { id: input.id };
}

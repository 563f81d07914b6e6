/** The home modules (SPEC 1, 7 Home): each list is scoped to the site's audiences, own first. */
import { and, asc, desc, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { COURSE_CATEGORIES } from '@/lib/constants';
import { courseCategories } from '@/lib/catalogue/variant-rules';
import type {
  Banner,
  CourseCard,
  LiveCard,
  NewsHeadline,
  NoticeItem,
  RankOperator,
  RankOrg,
  RankOrgCourse,
  SeriesCard,
  TeacherCard,
  TrainCard,
} from '@/lib/contract/home';
import { findRoute, VARIANTS } from '@/lib/variants';
import { db } from '@/lib/server/db';
import {
  banners,
  courses,
  liveClasses,
  news,
  notices,
  operators,
  orgs,
  series,
  studyRecords,
  teachers,
  trains,
} from '@/lib/server/db/schema';
import { ownAudienceFirst, publishedTo, visibleCourseCount, visibleCourses, visibleTeachers } from '../audience';
import { visitorApplyStatus } from './train-status';
import { courseCardColumns, liveCardColumns, teacherCardColumns, trainCardColumns } from '../cards';
import { yearOf, type Scope } from '../scope';

const categoryName = (code: number) => COURSE_CATEGORIES.find((c) => c.code === code)?.name ?? '';

/**
 * Whether a banner's target answers on this site: an outside address, or a page of the site's route set
 * whose item (course, training project, series, live class, news, notice, teacher) is shown there.
 */
export async function linkVisible(scope: Scope, link: string): Promise<boolean> {
  if (/^https?:\/\//i.test(link)) return true;
  const url = new URL(link || '/home', 'http://site.invalid');
  const variant = VARIANTS[scope.site.variant];
  if (!findRoute(variant, url.pathname)) return false;
  if (url.pathname === '/course/index') {
    const t = url.searchParams.get('t');
    return !t || courseCategories(variant).some((c) => String(c.code) === t);
  }
  const id = Number(url.searchParams.get('id'));
  const { site, platform } = scope;
  const byId: Record<
    string,
    () => {
      table:
        | typeof courses
        | typeof trains
        | typeof series
        | typeof liveClasses
        | typeof news
        | typeof notices
        | typeof teachers;
      where: SQL;
    }
  > = {
    '/course/detail': () => ({ table: courses, where: visibleCourses(scope) }),
    '/course/detailBatch': () => ({ table: courses, where: visibleCourses(scope) }),
    '/train/detail': () => ({ table: trains, where: publishedTo(trains.audiences, site, platform) }),
    '/series/detail': () => ({ table: series, where: publishedTo(series.audiences, site, platform) }),
    '/live/detail': () => ({ table: liveClasses, where: publishedTo(liveClasses.audiences, site, platform) }),
    '/notice/newsDetail': () => ({ table: news, where: publishedTo(news.audiences, site, platform) }),
    '/notice/noticeDetail': () => ({ table: notices, where: publishedTo(notices.audiences, site, platform) }),
    '/teacher/detail': () => ({ table: teachers, where: visibleTeachers(scope) }),
  };
  const target = byId[url.pathname];
  if (!target) return true;
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const { table, where } = target();
  const d = await db();
  const rows = await d
    .select({ id: sql<number>`${table.id}` })
    .from(table)
    .where(and(eq(table.id, id), where))
    .limit(1);
  return rows.length > 0;
}

/** The site's banners, only those whose target answers on it (a slide never leads to a 404). */
export async function homeBanners(scope: Scope): Promise<Banner[]> {
  const { site, platform } = scope;
  const d = await db();
  const rows = await d
    .select({ id: banners.id, title: banners.title, imageUrl: banners.imageUrl, link: banners.link })
    .from(banners)
    .where(publishedTo(banners.audiences, site, platform))
    .orderBy(ownAudienceFirst(banners.audiences, site), asc(banners.sort), asc(banners.id))
    .limit(20);
  const shown = await Promise.all(rows.map((b) => linkVisible(scope, b.link)));
  return rows.filter((_, i) => shown[i]).slice(0, 5);
}

/** The home course block shows the categories the site has (the party-school host: party theory only, SPEC 2.2). */
export async function homeCourses(
  { site, platform }: Scope,
  opts: { categoryCode?: number; size: number },
): Promise<CourseCard[]> {
  const d = await db();
  const categories = courseCategories(VARIANTS[site.variant]).map((c) => c.code);
  const rows = await d
    .select(courseCardColumns)
    .from(courses)
    .leftJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(
      and(
        visibleCourses({ site, platform }),
        opts.categoryCode ? eq(courses.categoryCode, opts.categoryCode) : undefined,
        categories.length < COURSE_CATEGORIES.length ? inArray(courses.categoryCode, categories) : undefined,
      ),
    )
    .orderBy(
      ownAudienceFirst(courses.audiences, site),
      desc(courses.isHot),
      desc(courses.publishedAt),
      desc(courses.id),
    )
    .limit(opts.size);
  return rows.map((r) => ({ ...r, categoryName: categoryName(r.categoryCode) }));
}

export async function homeSeries({ site, platform }: Scope, size: number): Promise<SeriesCard[]> {
  const d = await db();
  const scope = { site, platform };
  return d
    .select({
      id: series.id,
      title: series.title,
      cover: series.cover,
      summary: series.summary,
      courseCount: visibleCourseCount(scope),
      studyCount: series.studyCount,
    })
    .from(series)
    .where(publishedTo(series.audiences, site, platform))
    .orderBy(
      ownAudienceFirst(series.audiences, site),
      desc(series.isRecommended),
      desc(series.publishedAt),
      desc(series.id),
    )
    .limit(size);
}

export async function homeTrains(
  { site, platform }: Scope,
  size: number,
  now: Date = new Date(),
): Promise<TrainCard[]> {
  const d = await db();
  const rows = await d
    .select(trainCardColumns)
    .from(trains)
    .where(and(publishedTo(trains.audiences, site, platform), gte(trains.endAt, now)))
    .orderBy(ownAudienceFirst(trains.audiences, site), asc(trains.startAt), asc(trains.id))
    .limit(size);
  return rows.map(({ applyMode, applyStartAt, applyEndAt, startAt, endAt, ...r }) => ({
    ...r,
    startAt: startAt.toISOString(),
    endAt: endAt.toISOString(),
    applyStatus: visitorApplyStatus({ applyMode, applyStartAt, applyEndAt }, now),
  }));
}

export async function homeTeachers({ site, platform }: Scope, size: number): Promise<TeacherCard[]> {
  const d = await db();
  return d
    .select(teacherCardColumns)
    .from(teachers)
    .where(visibleTeachers({ site, platform }))
    .orderBy(
      ownAudienceFirst(teachers.audiences, site),
      desc(teachers.courseCount),
      asc(teachers.sort),
      asc(teachers.id),
    )
    .limit(size);
}

export async function homeNews({ site, platform }: Scope, size: number): Promise<NewsHeadline[]> {
  const d = await db();
  const rows = await d
    .select({ id: news.id, title: news.title, publishedAt: news.publishedAt })
    .from(news)
    .where(publishedTo(news.audiences, site, platform))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(size);
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() }));
}

export async function homeNotices({ site, platform }: Scope, size: number): Promise<NoticeItem[]> {
  const d = await db();
  const rows = await d
    .select({ id: notices.id, title: notices.title, isTop: notices.isTop, publishedAt: notices.publishedAt })
    .from(notices)
    .where(publishedTo(notices.audiences, site, platform))
    .orderBy(desc(notices.isTop), desc(notices.publishedAt), desc(notices.id))
    .limit(size);
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() }));
}

export async function homeLive({ site, platform }: Scope, size: number, now: Date = new Date()): Promise<LiveCard[]> {
  const d = await db();
  const rows = await d
    .select(liveCardColumns)
    .from(liveClasses)
    .leftJoin(teachers, eq(teachers.id, liveClasses.teacherId))
    .where(publishedTo(liveClasses.audiences, site, platform))
    // live now first, then the soonest upcoming, then the latest recorded
    .orderBy(
      sql`case when ${liveClasses.startAt} <= ${now} and ${liveClasses.endAt} >= ${now} then 0 when ${liveClasses.startAt} > ${now} then 1 else 2 end`,
      sql`abs(extract(epoch from (${liveClasses.startAt} - ${now}::timestamptz)))`,
    )
    .limit(size);
  return rows.map((r) => ({
    ...r,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    status: r.startAt > now ? 'upcoming' : r.endAt < now ? 'ended' : 'live',
  }));
}

/** Rankings are academy-wide on every site: learners are not tagged by the site they use. */
export async function rankOperators(_scope: Scope, size: number, now: Date = new Date()): Promise<RankOperator[]> {
  const d = await db();
  const total = sql<number>`sum(${studyRecords.seconds})::bigint`;
  const rows = await d
    .select({ operatorName: operators.name, orgName: sql<string>`coalesce(${orgs.name}, '')`, seconds: total })
    .from(studyRecords)
    .innerJoin(operators, eq(operators.id, studyRecords.operatorId))
    .leftJoin(orgs, eq(orgs.id, operators.orgId))
    .where(eq(studyRecords.year, yearOf(now)))
    .groupBy(operators.id, operators.name, orgs.name)
    .orderBy(desc(total), asc(operators.id))
    .limit(size);
  return rows.map((r, i) => ({ rank: i + 1, ...r, seconds: Number(r.seconds) }));
}

export async function rankOrgs(_scope: Scope, size: number, now: Date = new Date()): Promise<RankOrg[]> {
  const d = await db();
  const total = sql<number>`sum(${studyRecords.seconds})::bigint`;
  const rows = await d
    .select({ orgName: orgs.name, seconds: total, learners: sql<number>`count(distinct ${operators.id})::int` })
    .from(studyRecords)
    .innerJoin(operators, eq(operators.id, studyRecords.operatorId))
    .innerJoin(orgs, eq(orgs.id, operators.orgId))
    .where(eq(studyRecords.year, yearOf(now)))
    .groupBy(orgs.id, orgs.name)
    .orderBy(desc(total), asc(orgs.id))
    .limit(size);
  return rows.map((r, i) => ({ rank: i + 1, ...r, seconds: Number(r.seconds) }));
}

/** Organisations ranked by the number of distinct courses their learners studied this year. */
export async function rankOrgCourses(_scope: Scope, size: number, now: Date = new Date()): Promise<RankOrgCourse[]> {
  const d = await db();
  const count = sql<number>`count(distinct ${studyRecords.courseId})::int`;
  const rows = await d
    .select({ orgName: orgs.name, courseCount: count })
    .from(studyRecords)
    .innerJoin(operators, eq(operators.id, studyRecords.operatorId))
    .innerJoin(orgs, eq(orgs.id, operators.orgId))
    .where(and(eq(studyRecords.year, yearOf(now)), eq(studyRecords.kind, 'online'), isNotNull(studyRecords.courseId)))
    .groupBy(orgs.id, orgs.name)
    .orderBy(desc(count), asc(orgs.id))
    .limit(size);
  return rows.map((r, i) => ({ rank: i + 1, ...r }));
}

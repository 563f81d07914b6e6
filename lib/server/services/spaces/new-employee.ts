/**
 * New-employee training (/newEmployee/Train, /newEmployee/TrainDetail, SPEC 7 "new employee series"),
 * training assessment (/assess) and the station-specific recommendations fed by the post-station binding.
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { COURSE_CATEGORIES } from '@/lib/constants';
import type { CourseCard } from '@/lib/contract/home';
import type {
  AssessItem,
  NewEmployeeSeries,
  NewEmployeeSeriesDetail,
  StationRecommendation,
} from '@/lib/contract/spaces';
import { VARIANTS, type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import {
  courseEnrolments,
  courses,
  newEmployeeSeries,
  operatorStations,
  series,
  seriesCourses,
  stationCourses,
  stations,
  teachers,
  trainApplications,
  trainAssessments,
  trains,
} from '@/lib/server/db/schema';
import { CODE_FORBIDDEN, CODE_NOT_FOUND, ServiceError } from '@/lib/server/errors';
import { publishedTo, visibleCourseCount, visibleCourses } from '../audience';
import type { SessionUser } from '../accounts/sessions';
import { courseCardColumns } from '../cards';
import { NEW_EMPLOYEE_SERIES_MISSING_MSG, MSG_ASSESS_NOT_MINE, MSG_ASSESS_NOT_STARTED } from '@/lib/contract/spaces';

const categoryName = (code: number) => COURSE_CATEGORIES.find((c) => c.code === code)?.name ?? '';
/** courseCount counts the courses shown on the site, as the detail lists them. */
const seriesColumns = (site: Site, platform: boolean) => ({
  id: series.id,
  title: series.title,
  cover: series.cover,
  summary: series.summary,
  courseCount: visibleCourseCount({ site, platform }),
  studyCount: series.studyCount,
  required: newEmployeeSeries.required,
});

/**
 * The scope the host's own pages use: a platform host (SPEC 1) shows its own audience on its course pages, so
 * the series lists the same courses whichever path (platform or not) asked.
 */
const hostPlatform = (site: Site, platform: boolean) => platform || VARIANTS[site.variant].platform;

export async function newEmployeeSeriesList(site: Site, asked: boolean): Promise<NewEmployeeSeries[]> {
  const platform = hostPlatform(site, asked);
  const d = await db();
  return d
    .select(seriesColumns(site, platform))
    .from(newEmployeeSeries)
    .innerJoin(series, eq(series.id, newEmployeeSeries.seriesId))
    .where(publishedTo(series.audiences, site, platform))
    .orderBy(asc(newEmployeeSeries.sort), asc(series.id));
}

export async function newEmployeeSeriesDetail(
  site: Site,
  asked: boolean,
  user: SessionUser | null,
  seriesId: number,
): Promise<NewEmployeeSeriesDetail> {
  const platform = hostPlatform(site, asked);
  const d = await db();
  const [s] = await d
    .select(seriesColumns(site, platform))
    .from(newEmployeeSeries)
    .innerJoin(series, eq(series.id, newEmployeeSeries.seriesId))
    .where(and(eq(series.id, seriesId), publishedTo(series.audiences, site, platform)))
    .limit(1);
  if (!s) throw new ServiceError(NEW_EMPLOYEE_SERIES_MISSING_MSG, CODE_NOT_FOUND);
  const rows = await d
    .select({
      ...courseCardColumns,
      chosen: user ? sql<boolean>`${courseEnrolments.operatorId} is not null` : sql<boolean>`false`,
      progress: user ? sql<number>`coalesce(${courseEnrolments.progress}, 0)::int` : sql<number>`0`,
    })
    .from(seriesCourses)
    .innerJoin(courses, eq(courses.id, seriesCourses.courseId))
    .leftJoin(teachers, eq(teachers.id, courses.teacherId))
    .leftJoin(
      courseEnrolments,
      and(eq(courseEnrolments.courseId, courses.id), eq(courseEnrolments.operatorId, user?.operatorID ?? -1)),
    )
    // Only the courses whose page answers on this site (SPEC 2.2: the party-school host's audience).
    .where(and(eq(seriesCourses.seriesId, seriesId), visibleCourses({ site, platform })))
    .orderBy(asc(seriesCourses.sort), asc(courses.id));
  return {
    ...s,
    courseCount: rows.length,
    courses: rows.map((r) => ({
      ...r,
      categoryName: categoryName(r.categoryCode),
      chosen: !!r.chosen,
      progress: Number(r.progress),
    })),
  };
}

/* ---- training assessment ---- */

/** The projects the learner took part in (approved) that have started: what /assess offers and saveAssess accepts. */
export async function assessList(user: SessionUser, now: Date = new Date()): Promise<AssessItem[]> {
  const d = await db();
  const rows = await d
    .select({
      trainId: trains.id,
      title: trains.title,
      type: trains.type,
      startAt: trains.startAt,
      endAt: trains.endAt,
      scores: trainAssessments.scores,
      comment: trainAssessments.comment,
    })
    .from(trainApplications)
    .innerJoin(trains, eq(trains.id, trainApplications.trainId))
    .leftJoin(
      trainAssessments,
      and(eq(trainAssessments.trainId, trains.id), eq(trainAssessments.operatorId, user.operatorID)),
    )
    .where(
      and(eq(trainApplications.operatorId, user.operatorID), eq(trainApplications.status, 7), lte(trains.startAt, now)),
    )
    .orderBy(desc(trains.startAt))
    .limit(100);
  return rows.map((r) => ({
    trainId: r.trainId,
    title: r.title,
    type: r.type,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    assessed: !!r.scores,
    scores: r.scores ?? null,
    comment: r.comment ?? '',
  }));
}

export async function saveAssess(
  user: SessionUser,
  b: { trainId: number; scores: { content: number; teacher: number; organisation: number }; comment: string },
  now: Date = new Date(),
): Promise<{ saved: true }> {
  const d = await db();
  const [row] = await d
    .select({ start: trains.startAt })
    .from(trainApplications)
    .innerJoin(trains, eq(trains.id, trainApplications.trainId))
    .where(
      and(
        eq(trainApplications.trainId, b.trainId),
        eq(trainApplications.operatorId, user.operatorID),
        eq(trainApplications.status, 7),
      ),
    )
    .limit(1);
  if (!row) throw new ServiceError(MSG_ASSESS_NOT_MINE, CODE_FORBIDDEN);
  if (row.start.getTime() > now.getTime()) throw new ServiceError(MSG_ASSESS_NOT_STARTED);
  await d
    .insert(trainAssessments)
    .values({ trainId: b.trainId, operatorId: user.operatorID, scores: b.scores, comment: b.comment })
    .onConflictDoUpdate({
      target: [trainAssessments.trainId, trainAssessments.operatorId],
      set: { scores: b.scores, comment: b.comment },
    });
  return { saved: true };
}

/* ---- station recommendations ---- */

export async function stationRecommend(
  user: SessionUser,
  site: Site,
  platform: boolean,
  size: number,
): Promise<StationRecommendation> {
  const d = await db();
  const bound = await d
    .select({ stationId: stations.id, stationName: stations.name })
    .from(operatorStations)
    .innerJoin(stations, eq(stations.id, operatorStations.stationId))
    .where(eq(operatorStations.operatorId, user.operatorID))
    .orderBy(asc(stations.sort));
  if (bound.length === 0) return { stations: [], courses: [] };
  const rows = await d
    .selectDistinctOn([courses.id], {
      ...courseCardColumns,
    })
    .from(stationCourses)
    .innerJoin(courses, eq(courses.id, stationCourses.courseId))
    .leftJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(
      and(
        inArray(
          stationCourses.stationId,
          bound.map((b) => b.stationId),
        ),
        eq(courses.auditStatus, 1052),
        publishedTo(courses.audiences, site, platform),
        // Not already chosen: a recommendation is something new.
        sql`not exists (select 1 from ${courseEnrolments} e where e.course_id = ${courses.id} and e.operator_id = ${user.operatorID})`,
      ),
    )
    .orderBy(courses.id)
    .limit(200);
  const list: CourseCard[] = rows
    .sort((a, b) => b.studyCount - a.studyCount || a.id - b.id)
    .slice(0, size)
    .map((r) => ({ ...r, categoryName: categoryName(r.categoryCode) }));
  return { stations: bound, courses: list };
}

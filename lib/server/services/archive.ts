/**
 * The personal study archive (SPEC 1, 7 personal archive): hours of the year against the requirement of the
 * learner's position level, hours by month, courses, training projects, certificates and favourites.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { LEADER_POSITION_LEVEL, REQUIRED_OFFLINE_HOURS, REQUIRED_OFFLINE_HOURS_LEADER, REQUIRED_ONLINE_HOURS } from '@/lib/constants';
import type { Archive } from '@/lib/learning/archive-types';
import { db } from '../db';
import { certificates, courseEnrolments, courses, favourites, operators, studyRecords, trainApplications, trains } from '../db/schema';
import { publishedTo, visibleCourses } from './audience';
import { yearOf, type Scope } from './home';
import { studyTotalTime } from './study';
import { examList } from './exams';

export function requiredHours(positionLevel: number): { online: number; offline: number } {
  return { online: REQUIRED_ONLINE_HOURS, offline: positionLevel >= LEADER_POSITION_LEVEL ? REQUIRED_OFFLINE_HOURS_LEADER : REQUIRED_OFFLINE_HOURS };
}

/** The parts of the archive; a page showing one tab asks for that tab's part only (fewer queries per render). */
export const ARCHIVE_SECTIONS = ['archive', 'courses', 'trains', 'exams', 'certificates', 'favourites', 'settings'] as const;
export type ArchiveSection = (typeof ARCHIVE_SECTIONS)[number];

/** scope: the host asking; what it does not publish is marked onSite false (its pages there would be 404). */
export async function archive(scope: Scope, operatorId: number, year?: number, now: Date = new Date(), section?: ArchiveSection): Promise<Archive> {
  const y = year ?? yearOf(now);
  const courseOnSite = sql<boolean>`(${visibleCourses(scope)})`;
  const d = await db();
  // Without a section everything is read; with one, only what that tab shows (trains also need the certificates).
  const want = (...parts: ArchiveSection[]) => !section || parts.includes(section);
  const none = <T = never,>(): Promise<T[]> => Promise.resolve([]);
  const [[me], totals, months, years, courseRows, trainRows, certRows, favRows, examRows] = await Promise.all([
    d.select({ positionLevel: operators.positionLevel, name: operators.name }).from(operators).where(eq(operators.id, operatorId)),
    want('archive') ? studyTotalTime(operatorId, y, now) : Promise.resolve({ onLineAllTimeEffective: 0, offLineAllTimeEffective: 0 }),
    !want('archive')
      ? none<{ month: number; online: number; offline: number }>()
      : d
      .select({
        month: studyRecords.month,
        online: sql<number>`coalesce(sum(${studyRecords.seconds}) filter (where ${studyRecords.kind} = 'online'), 0)::bigint`,
        offline: sql<number>`coalesce(sum(${studyRecords.seconds}) filter (where ${studyRecords.kind} = 'offline'), 0)::bigint`,
      })
      .from(studyRecords)
      .where(and(eq(studyRecords.operatorId, operatorId), eq(studyRecords.year, y)))
      .groupBy(studyRecords.month),
    !want('archive') ? none<{ year: number }>() : d.selectDistinct({ year: studyRecords.year }).from(studyRecords).where(eq(studyRecords.operatorId, operatorId)),
    !want('courses')
      ? none()
      : d
      .select({
        courseId: courses.id,
        title: courses.title,
        cover: courses.cover,
        progress: courseEnrolments.progress,
        studiedSeconds: courseEnrolments.studiedSeconds,
        finishedAt: courseEnrolments.finishedAt,
        chosenAt: courseEnrolments.createdAt,
        onSite: courseOnSite,
      })
      .from(courseEnrolments)
      .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
      .where(eq(courseEnrolments.operatorId, operatorId))
      .orderBy(desc(courseEnrolments.createdAt), asc(courses.id))
      .limit(200),
    !want('trains')
      ? none()
      : d
      .select({
        trainId: trains.id,
        title: trains.title,
        type: trains.type,
        isOnline: trains.isOnline,
        hours: trains.hours,
        startAt: trains.startAt,
        endAt: trains.endAt,
        status: trainApplications.status,
        onSite: sql<boolean>`(${publishedTo(trains.audiences, scope.site, scope.platform)})`,
      })
      .from(trainApplications)
      .innerJoin(trains, eq(trains.id, trainApplications.trainId))
      .where(eq(trainApplications.operatorId, operatorId))
      .orderBy(desc(trains.startAt))
      .limit(200),
    !want('trains', 'certificates') ? none() : d.select().from(certificates).where(eq(certificates.operatorId, operatorId)).orderBy(desc(certificates.issuedAt)),
    !want('favourites')
      ? none()
      : d
      .select({ courseId: courses.id, title: courses.title, cover: courses.cover, createdAt: favourites.createdAt, onSite: courseOnSite })
      .from(favourites)
      .innerJoin(courses, eq(courses.id, favourites.courseId))
      .where(eq(favourites.operatorId, operatorId))
      .orderBy(desc(favourites.createdAt))
      .limit(200),
    want('exams') ? examList(operatorId, { all: true }, now) : none(),
  ]);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const yearSet = new Set([y, yearOf(now), ...years.map((r) => r.year)]);
  return {
    year: y,
    years: [...yearSet].sort((a, b) => b - a),
    positionLevel: me?.positionLevel ?? 0,
    required: requiredHours(me?.positionLevel ?? 0),
    onLineAllTimeEffective: totals.onLineAllTimeEffective,
    offLineAllTimeEffective: totals.offLineAllTimeEffective,
    months: Array.from({ length: 12 }, (_, i) => {
      const m = byMonth.get(i + 1);
      return { month: i + 1, online: Number(m?.online ?? 0), offline: Number(m?.offline ?? 0) };
    }),
    courses: courseRows.map((c) => ({ ...c, finishedAt: c.finishedAt?.toISOString() ?? null, chosenAt: c.chosenAt.toISOString() })),
    trains: trainRows.map((t) => ({ ...t, startAt: t.startAt.toISOString(), endAt: t.endAt.toISOString() })),
    certificates: certRows.map((c) => ({ id: c.id, kind: c.kind as 'series' | 'train', refId: c.refId, title: c.title, serialNo: c.serialNo, hours: c.hours, issuedAt: c.issuedAt.toISOString() })),
    exams: examRows.filter((e) => e.isJoined || e.isSubmit),
    favourites: favRows.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  };
}

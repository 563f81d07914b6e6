/**
 * The personal study archive (SPEC 1, 7 personal archive): hours of the year against the requirement of the
 * learner's position level, hours by month, courses, training projects, certificates and favourites.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  LEADER_POSITION_LEVEL,
  REQUIRED_OFFLINE_HOURS,
  REQUIRED_OFFLINE_HOURS_LEADER,
  REQUIRED_ONLINE_HOURS,
} from '@/lib/constants';
import type { Archive } from '@/lib/contract/archive';
import { db } from '@/lib/server/db';
import {
  certificates,
  courseEnrolments,
  courses,
  favourites,
  operators,
  studyRecords,
  trainApplications,
  trains,
} from '@/lib/server/db/schema';
import { publishedTo, visibleCourses } from '../audience';
import { yearOf, type Scope } from '../scope';
import { examList } from './exams';

export function requiredHours(positionLevel: number): { online: number; offline: number } {
  return {
    online: REQUIRED_ONLINE_HOURS,
    offline: positionLevel >= LEADER_POSITION_LEVEL ? REQUIRED_OFFLINE_HOURS_LEADER : REQUIRED_OFFLINE_HOURS,
  };
}

/** The parts of the archive; a page showing one tab asks for that tab's part only (fewer queries per render). */
export const ARCHIVE_SECTIONS = [
  'archive',
  'courses',
  'trains',
  'exams',
  'certificates',
  'favourites',
  'settings',
] as const;
export type ArchiveSection = (typeof ARCHIVE_SECTIONS)[number];

type ArchiveHead = {
  positionLevel: number | null;
  months: { month: number; online: number | string; offline: number | string }[];
  years: number[];
};

/** scope: the host asking; what it does not publish is marked onSite false (its pages there would be 404). */
export async function archive(
  scope: Scope,
  operatorId: number,
  year?: number,
  now: Date = new Date(),
  section?: ArchiveSection,
): Promise<Archive> {
  const y = year ?? yearOf(now);
  const courseOnSite = sql<boolean>`(${visibleCourses(scope)})`;
  const d = await db();
  // Without a section everything is read; with one, only what that tab shows (trains also need the certificates).
  const want = (...parts: ArchiveSection[]) => !section || parts.includes(section);
  const none = <T = never>(): Promise<T[]> => Promise.resolve([]);
  const [head, courseRows, trainRows, certRows, favRows, examRows] = await Promise.all([
    // The archive tab's own figures in one statement (the personal centre's most visited tab; on PGlite each
    // statement costs more than its reads): the level, the year's hours by month and the years with any study.
    want('archive')
      ? d
          .execute<ArchiveHead>(
            sql`select
              (select ${operators.positionLevel} from ${operators} where ${operators.id} = ${operatorId}) as "positionLevel",
              (select coalesce(json_agg(m), '[]'::json) from (
                select ${studyRecords.month} as "month",
                  coalesce(sum(${studyRecords.seconds}) filter (where ${studyRecords.kind} = 'online'), 0)::bigint as "online",
                  coalesce(sum(${studyRecords.seconds}) filter (where ${studyRecords.kind} = 'offline'), 0)::bigint as "offline"
                from ${studyRecords} where ${studyRecords.operatorId} = ${operatorId} and ${studyRecords.year} = ${y}
                group by ${studyRecords.month}) m) as "months",
              (select coalesce(json_agg(distinct ${studyRecords.year}), '[]'::json) from ${studyRecords} where ${studyRecords.operatorId} = ${operatorId}) as "years"`,
          )
          // node-postgres and PGlite both answer { rows } (drizzle's own type differs by driver).
          .then((r) => (r as unknown as { rows: ArchiveHead[] }).rows[0])
      : d
          .select({ positionLevel: operators.positionLevel })
          .from(operators)
          .where(eq(operators.id, operatorId))
          .then(([me]): ArchiveHead => ({ positionLevel: me?.positionLevel ?? 0, months: [], years: [] })),
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
    !want('trains', 'certificates')
      ? none()
      : d
          .select()
          .from(certificates)
          .where(eq(certificates.operatorId, operatorId))
          .orderBy(desc(certificates.issuedAt)),
    !want('favourites')
      ? none()
      : d
          .select({
            courseId: courses.id,
            title: courses.title,
            cover: courses.cover,
            createdAt: favourites.createdAt,
            onSite: courseOnSite,
          })
          .from(favourites)
          .innerJoin(courses, eq(courses.id, favourites.courseId))
          .where(eq(favourites.operatorId, operatorId))
          .orderBy(desc(favourites.createdAt))
          .limit(200),
    want('exams') ? examList(operatorId, { all: true }, now) : none(),
  ]);
  const byMonth = new Map((head?.months ?? []).map((m) => [m.month, m]));
  const yearSet = new Set([y, yearOf(now), ...(head?.years ?? [])]);
  const months = Array.from({ length: 12 }, (_, i) => {
    const m = byMonth.get(i + 1);
    return { month: i + 1, online: Number(m?.online ?? 0), offline: Number(m?.offline ?? 0) };
  });
  const positionLevel = head?.positionLevel ?? 0;
  return {
    year: y,
    years: [...yearSet].sort((a, b) => b - a),
    positionLevel,
    required: requiredHours(positionLevel),
    // The year's hours are its months' (study_records is the one source, as /api/study/totalTime reads it).
    onLineAllTimeEffective: months.reduce((n, m) => n + m.online, 0),
    offLineAllTimeEffective: months.reduce((n, m) => n + m.offline, 0),
    months,
    courses: courseRows.map((c) => ({
      ...c,
      finishedAt: c.finishedAt?.toISOString() ?? null,
      chosenAt: c.chosenAt.toISOString(),
    })),
    trains: trainRows.map((t) => ({ ...t, startAt: t.startAt.toISOString(), endAt: t.endAt.toISOString() })),
    certificates: certRows.map((c) => ({
      id: c.id,
      kind: c.kind as 'series' | 'train' | 'hours',
      refId: c.refId,
      title: c.title,
      serialNo: c.serialNo,
      hours: c.hours,
      issuedAt: c.issuedAt.toISOString(),
    })),
    exams: examRows.filter((e) => e.isJoined || e.isSubmit),
    favourites: favRows.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  };
}

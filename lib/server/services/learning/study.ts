/** Study totals (SPEC 3, 7): effective online and offline seconds of a year, a learner's or the academy's. */
import { and, eq, sql } from 'drizzle-orm';
import type { StudyTotalTime } from '@/lib/contract/home';
import { db } from '@/lib/server/db';
import { studyRecords } from '@/lib/server/db/schema';
import { yearOf } from '../scope';

/** Seconds studied offline and online in a year: one learner's, or everyone's when no operator is given. */
export async function studySeconds(year: number, operatorId?: number): Promise<{ offline: number; online: number }> {
  const d = await db();
  const rows = await d
    .select({
      offline: sql<number>`coalesce(sum(${studyRecords.seconds}) filter (where ${studyRecords.kind} = 'offline'), 0)::bigint`,
      online: sql<number>`coalesce(sum(${studyRecords.seconds}) filter (where ${studyRecords.kind} = 'online'), 0)::bigint`,
    })
    .from(studyRecords)
    .where(
      and(eq(studyRecords.year, year), operatorId === undefined ? undefined : eq(studyRecords.operatorId, operatorId)),
    );
  return { offline: Number(rows[0]?.offline ?? 0), online: Number(rows[0]?.online ?? 0) };
}

export async function studyTotalTime(
  operatorId: number,
  year?: number,
  now: Date = new Date(),
): Promise<StudyTotalTime & { year: number }> {
  const y = year ?? yearOf(now);
  const { offline, online } = await studySeconds(y, operatorId);
  return { year: y, offLineAllTimeEffective: offline, onLineAllTimeEffective: online };
}

/** Study totals (SPEC 3, 7): a learner's effective online and offline seconds for a year. */
import { and, eq, sql } from 'drizzle-orm';
import type { StudyTotalTime } from '@/lib/api/types';
import { db } from '../db';
import { studyRecords } from '../db/schema';
import { yearOf } from './home';

export async function studyTotalTime(operatorId: number, year?: number, now: Date = new Date()): Promise<StudyTotalTime & { year: number }> {
  const y = year ?? yearOf(now);
  const d = await db();
  const rows = await d
    .select({
      offline: sql<number>`coalesce(sum(${studyRecords.seconds}) filter (where ${studyRecords.kind} = 'offline'), 0)::bigint`,
      online: sql<number>`coalesce(sum(${studyRecords.seconds}) filter (where ${studyRecords.kind} = 'online'), 0)::bigint`,
    })
    .from(studyRecords)
    .where(and(eq(studyRecords.operatorId, operatorId), eq(studyRecords.year, y)));
  const row = rows[0];
  return { year: y, offLineAllTimeEffective: Number(row?.offline ?? 0), onLineAllTimeEffective: Number(row?.online ?? 0) };
}

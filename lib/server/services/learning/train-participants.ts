/**
 * Who takes part in a training project: a learner whose application was approved (SPEC 4.4 status 7). Its exams,
 * its information collection and its certificate are theirs only.
 */
import { and, eq } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { trainApplications } from '@/lib/server/db/schema';

export const TRAIN_APPROVED = 7;

export async function isTrainParticipant(operatorId: number, trainId: number): Promise<boolean> {
  const d = await db();
  const [app] = await d
    .select({ status: trainApplications.status })
    .from(trainApplications)
    .where(and(eq(trainApplications.trainId, trainId), eq(trainApplications.operatorId, operatorId)));
  return app?.status === TRAIN_APPROVED;
}

/** The projects a learner takes part in. */
export async function participantTrainIds(operatorId: number): Promise<Set<number>> {
  const d = await db();
  const rows = await d
    .select({ trainId: trainApplications.trainId })
    .from(trainApplications)
    .where(and(eq(trainApplications.operatorId, operatorId), eq(trainApplications.status, TRAIN_APPROVED)));
  return new Set(rows.map((r) => r.trainId));
}

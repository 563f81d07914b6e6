/**
 * The events of issue 25 as one call each, for the services where they happen (a line there, the rest here):
 * each reads what its text needs and calls notify().
 */
import { eq } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { operators, trains } from '@/lib/server/db/schema';
import { notify } from './notify';
import { certificateIssued, courseReviewed, trainReviewed } from './texts';

/** A training application approved (7) or rejected (8): the applicant is told. */
export async function notifyTrainReview(operatorId: number, trainId: number, approved: boolean): Promise<void> {
  const [t] = await (await db()).select({ title: trains.title }).from(trains).where(eq(trains.id, trainId));
  if (t) await notify(operatorId, trainReviewed({ id: trainId, title: t.title }, approved));
}

/** A course review's outcome: its creator is told, with the reviewer's reason. */
export async function notifyCourseReview(
  course: { id: number; title: string; creatorId: number | null },
  status: 1052 | 1053 | 1055,
  reason: string,
): Promise<void> {
  if (course.creatorId == null) return;
  const [c] = await (
    await db()
  )
    .select({ tchrId: operators.tchrId })
    .from(operators)
    .where(eq(operators.id, course.creatorId));
  if (!c) return;
  // The creation centre's address (components/creation/links.ts creationHref): a teacher's carries the tchrId.
  const creation = `/space/creation?id=${c.tchrId ?? course.creatorId}`;
  await notify(course.creatorId, courseReviewed(course, status, reason, creation));
}

/** A certificate issued (not one applied for again): its holder is told. */
export async function notifyCertificate(operatorId: number, c: { title: string; serialNo: string }): Promise<void> {
  await notify(operatorId, certificateIssued(c));
}

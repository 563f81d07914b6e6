/**
 * Enrolment in a training project (SPEC 4.4): the viewer's apply state, applying, the review of applications by
 * holders of the power "application-review" over the applicant's organisation, and the approved students' list.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Page } from '@/lib/contract/home';
import {
  MSG_STUDENTS_MANAGERS_ONLY,
  type TrainApplyState,
  type TrainStudent,
  TRAIN_FULL_MSG,
  NO_PENDING_APPLICATION_MSG,
} from '@/lib/contract/catalogue';
import { MSG_NO_REVIEW } from '@/lib/contract/management';
import { db } from '@/lib/server/db';
import { operators, orgs, trainApplications } from '@/lib/server/db/schema';
import { ServiceError } from '@/lib/server/errors';
import { type Scope } from '../scope';
import { page, type Paging } from './shared';
import type { SessionUser } from '../accounts/sessions';
import { orgInScope, requireAnyPower, requirePower } from '../management/powers';
import { visitorApplyStatus } from './train-status';
import { revalidateTrain } from './revalidate';
import { notifyTrainReview } from '../notifications/events';
import { applyLabel, visibleTrain } from './trains';

/**
 * Approved students (names and organisations), newest first: for managers (cmsRoleCount > 0) only, like the review of
 * applications (issue 22: the list was public, and named every learner of a training and their organisation).
 */
export async function trainStudents(
  scope: Scope,
  q: Paging & { trainId: number },
  user: SessionUser,
): Promise<Page<TrainStudent>> {
  // The approved students of the reviewer's organisations only (power "application-review").
  const power = await requireAnyPower(user, 'application-review', MSG_STUDENTS_MANAGERS_ONLY);
  await visibleTrain(scope, q.trainId);
  const d = await db();
  const where = and(
    eq(trainApplications.trainId, q.trainId),
    eq(trainApplications.status, 7),
    power.all
      ? undefined
      : inArray(
          trainApplications.operatorId,
          d.select({ id: operators.id }).from(operators).where(orgInScope(power, operators.orgId)),
        ),
  );
  const [rows, [{ n }]] = await Promise.all([
    d
      .select({ operatorName: operators.name, orgName: sql<string>`coalesce(${orgs.name}, '')` })
      .from(trainApplications)
      .innerJoin(operators, eq(operators.id, trainApplications.operatorId))
      .leftJoin(orgs, eq(orgs.id, operators.orgId))
      .where(where)
      .orderBy(desc(trainApplications.createdAt), asc(operators.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    d.select({ n: count() }).from(trainApplications).where(where),
  ]);
  return page(rows, n, q);
}

/** SPEC 4.4 for this viewer: their application (6-8) if any, else what a visitor sees (1-5, 9). */
export async function trainApplyState(
  scope: Scope,
  operatorId: number | null,
  trainId: number,
  now: Date = new Date(),
): Promise<TrainApplyState> {
  const { status } = await viewerApplyState(scope, operatorId, trainId, now);
  return { trainId, applyStatus: status, label: applyLabel(status) };
}

/** The train (with its capacity) and the viewer's apply status, read once for both the state and an apply. */
async function viewerApplyState(scope: Scope, operatorId: number | null, trainId: number, now: Date) {
  const row = await visibleTrain(scope, trainId);
  let status = visitorApplyStatus(row, now);
  if (operatorId != null) {
    const d = await db();
    const [app] = await d
      .select({ status: trainApplications.status })
      .from(trainApplications)
      .where(and(eq(trainApplications.trainId, trainId), eq(trainApplications.operatorId, operatorId)));
    if (app) status = app.status;
  }
  return { row, status };
}

/** Why an apply is refused, per visitor status (SPEC 4.4). */
export const APPLY_REFUSALS: Record<number, string> = {
  1: '该项目不可报名',
  2: '该项目未设置报名时间，暂不能报名',
  3: '报名尚未开始，请在报名时间内报名',
  5: '报名已结束',
  9: '该项目为内部报名，请联系主办单位报名',
  6: '您已报名，正在等待审核，请勿重复报名',
  7: '您已报名并审核通过，请勿重复报名',
  8: '您的报名未通过审核，不能再次报名',
};

/** Enrolment (apply): 4 -> 6 pending review; every other status refuses with its reason; never twice. */
export async function trainApply(
  scope: Scope,
  user: SessionUser,
  trainId: number,
  now: Date = new Date(),
): Promise<TrainApplyState> {
  const { row, status } = await viewerApplyState(scope, user.operatorID, trainId, now);
  if (status !== 4) throw new ServiceError(APPLY_REFUSALS[status] ?? '当前不能报名');
  const d = await db();
  // One apply per train at a time, on every instance: counting the places taken and taking one are one decision,
  // so parallel applies cannot all see the last place free (issue 38).
  const inserted = await d.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`train-apply:${trainId}`}))`);
    const [{ n: taken }] = await tx
      .select({ n: count() })
      .from(trainApplications)
      .where(and(eq(trainApplications.trainId, trainId), sql`${trainApplications.status} in (6, 7)`));
    if (row.capacity > 0 && taken >= row.capacity) throw new ServiceError(TRAIN_FULL_MSG);
    return tx
      .insert(trainApplications)
      .values({ trainId, operatorId: user.operatorID, status: 6 })
      .onConflictDoNothing()
      .returning({ status: trainApplications.status });
  });
  if (inserted.length === 0) throw new ServiceError(APPLY_REFUSALS[6]);
  await revalidateTrain(trainId);
  return { trainId, applyStatus: 6, label: applyLabel(6) };
}

/** Review of an application (power "application-review" over the applicant's organisation): 6 -> 7 approved or 8 rejected. */
export async function trainReview(
  user: SessionUser,
  q: { trainId: number; operatorId: number; approve: boolean },
): Promise<TrainApplyState> {
  await requireAnyPower(user, 'application-review', MSG_NO_REVIEW);
  const d = await db();
  const [applicant] = await d
    .select({ orgId: operators.orgId })
    .from(operators)
    .where(eq(operators.id, q.operatorId))
    .limit(1);
  await requirePower(user, 'application-review', applicant?.orgId ?? null, MSG_NO_REVIEW);
  const status = q.approve ? 7 : 8;
  const updated = await d
    .update(trainApplications)
    .set({ status, reviewedAt: new Date() })
    .where(
      and(
        eq(trainApplications.trainId, q.trainId),
        eq(trainApplications.operatorId, q.operatorId),
        eq(trainApplications.status, 6),
      ),
    )
    .returning({ status: trainApplications.status });
  if (updated.length === 0) throw new ServiceError(NO_PENDING_APPLICATION_MSG);
  await revalidateTrain(q.trainId);
  await notifyTrainReview(q.operatorId, q.trainId, q.approve);
  return { trainId: q.trainId, applyStatus: status, label: applyLabel(status) };
}

/** Pending applications of a train from the reviewer's organisations. */
export async function trainPendingApplications(user: SessionUser, trainId: number) {
  const power = await requireAnyPower(user, 'application-review', MSG_NO_REVIEW);
  const d = await db();
  return d
    .select({
      operatorId: trainApplications.operatorId,
      operatorName: operators.name,
      createdAt: trainApplications.createdAt,
    })
    .from(trainApplications)
    .innerJoin(operators, eq(operators.id, trainApplications.operatorId))
    .where(
      and(eq(trainApplications.trainId, trainId), eq(trainApplications.status, 6), orgInScope(power, operators.orgId)),
    )
    .orderBy(asc(trainApplications.createdAt));
}

/**
 * Hand-in of a training project's assignments (/train/task, issue 26). An assignment is a train_items row of kind
 * 'assignment'; its deadline is its own end, else the training's end. A learner whose application was approved
 * (SPEC 4.4 status 7) hands in text and files (uploaded first through uploadResFile / uploadFile, the existing
 * upload path with its size, type and quota checks) and may replace the hand-in until the deadline; a replacement
 * clears an earlier mark. Marking is for managers holding the power "application-review" over the learner's
 * organisation: trainings carry no organisation of their own, and this is the rule that already decides who
 * reviews the learner's application to the same training (services/catalogue/train-applications.ts trainReview).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ASSIGNMENT_STATE_LABELS,
  MSG_ASSIGNMENT_NOT_FOUND,
  MSG_DEADLINE_PASSED,
  MSG_FILE_KIND,
  MSG_NO_MARK_POWER,
  MSG_NOT_ENROLLED,
  MSG_SUBMISSION_EMPTY,
  MSG_SUBMISSION_NOT_FOUND,
  type AssignmentState,
  type AssignmentSubmissions,
  type AssignmentTask,
  type MyAssignments,
  type Submission,
  type SubmissionDetail,
  type SubmissionFile,
} from '@/lib/contract/assignments';
import { db } from '@/lib/server/db';
import {
  assignmentSubmissions,
  operators,
  orgs,
  trainItems,
  trains,
  uploadFiles,
  type SubmissionFileRef,
} from '@/lib/server/db/schema';
import { CODE_FORBIDDEN, CODE_INVALID, CODE_NOT_FOUND, ServiceError } from '@/lib/server/errors';
import { richText } from '@/lib/server/rich-text';
import type { SessionUser } from '../accounts/sessions';
import { trainItemsOf } from '../catalogue/trains';
import { inScope, orgInScope, powerScope, requireAnyPower, requirePower } from '../management/powers';
import type { Scope } from '../scope';
import { fileUrl } from '../spaces/uploads/common';
import { userHasFile } from '../spaces/uploads';
import { isTrainParticipant } from './train-participants';

/** What a hand-in may carry: documents and images (a course video belongs in the creation centre). */
const FILE_KINDS = new Set(['document', 'image']);

type SubmissionRow = typeof assignmentSubmissions.$inferSelect;

async function filesOf(refs: SubmissionFileRef[]): Promise<SubmissionFile[]> {
  if (refs.length === 0) return [];
  const d = await db();
  const rows = await d
    .select()
    .from(uploadFiles)
    .where(
      inArray(
        uploadFiles.id,
        refs.map((r) => r.fileId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return refs.flatMap((r) => {
    const f = byId.get(r.fileId);
    return f ? [{ fileId: f.id, name: r.name, size: f.size, kind: f.kind, url: fileUrl(f) }] : [];
  });
}

async function toSubmission(row: SubmissionRow): Promise<Submission> {
  return {
    id: row.id,
    content: row.content,
    files: await filesOf(row.files),
    submittedAt: row.submittedAt.toISOString(),
    score: row.score,
    comment: row.comment,
    markedAt: row.markedAt?.toISOString() ?? null,
  };
}

function stateOf(sub: SubmissionRow | undefined, deadline: Date, now: Date): AssignmentState {
  if (sub?.score != null) return 'marked';
  if (sub) return 'submitted';
  return deadline.getTime() < now.getTime() ? 'closed' : 'open';
}

/** The learner's assignments of a training (visible on this site), each with its deadline, state and hand-in. */
export async function myAssignments(
  scope: Scope,
  operatorId: number,
  trainId: number,
  now: Date = new Date(),
): Promise<MyAssignments> {
  const items = await trainItemsOf(scope, trainId, 'assignment');
  const d = await db();
  const [train] = await d.select({ endAt: trains.endAt }).from(trains).where(eq(trains.id, trainId));
  const [enrolled, subs] = await Promise.all([
    isTrainParticipant(operatorId, trainId),
    items.length === 0
      ? Promise.resolve([] as SubmissionRow[])
      : d
          .select()
          .from(assignmentSubmissions)
          .where(
            and(
              eq(assignmentSubmissions.operatorId, operatorId),
              inArray(
                assignmentSubmissions.itemId,
                items.map((i) => i.id),
              ),
            ),
          ),
  ]);
  const byItem = new Map(subs.map((s) => [s.itemId, s]));
  const list: AssignmentTask[] = await Promise.all(
    items.map(async (i) => {
      const deadline = i.endAt ?? train.endAt;
      const sub = byItem.get(i.id);
      const state = stateOf(sub, deadline, now);
      return {
        id: i.id,
        title: i.title,
        bodyHtml: richText(i.body),
        deadline: deadline.toISOString(),
        state,
        stateLabel: ASSIGNMENT_STATE_LABELS[state],
        canSubmit: enrolled && deadline.getTime() >= now.getTime(),
        submission: sub ? await toSubmission(sub) : null,
      };
    }),
  );
  return { trainId, enrolled, items: list };
}

/** One assignment with its training and deadline; 1004 作业不存在 for anything else. */
async function assignmentOf(assignmentId: number) {
  const d = await db();
  const [row] = await d
    .select({
      id: trainItems.id,
      title: trainItems.title,
      trainId: trainItems.trainId,
      deadline: sql<Date>`coalesce(${trainItems.endAt}, ${trains.endAt})`.mapWith(trains.endAt),
    })
    .from(trainItems)
    .innerJoin(trains, eq(trains.id, trainItems.trainId))
    .where(and(eq(trainItems.id, assignmentId), eq(trainItems.kind, 'assignment')));
  if (!row) throw new ServiceError(MSG_ASSIGNMENT_NOT_FOUND, CODE_NOT_FOUND);
  return row;
}

/**
 * Hands in (or replaces) the learner's work: text and/or files they uploaded themselves. Refused for a learner not
 * enrolled, after the deadline (checked again inside the write, so a hand-in racing the deadline cannot slip past),
 * and when empty.
 */
export async function submitAssignment(
  user: SessionUser,
  q: { assignmentId: number; content: string; fileIds: number[] },
  now: Date = new Date(),
): Promise<Submission> {
  const a = await assignmentOf(q.assignmentId);
  if (!(await isTrainParticipant(user.operatorID, a.trainId))) throw new ServiceError(MSG_NOT_ENROLLED, CODE_FORBIDDEN);
  if (a.deadline.getTime() < now.getTime()) throw new ServiceError(MSG_DEADLINE_PASSED);
  const fileIds = [...new Set(q.fileIds)];
  if (!q.content && fileIds.length === 0) throw new ServiceError(MSG_SUBMISSION_EMPTY, CODE_INVALID);
  const files: SubmissionFileRef[] = [];
  for (const fileId of fileIds) {
    const f = await userHasFile(user, fileId);
    if (!FILE_KINDS.has(f.kind)) throw new ServiceError(MSG_FILE_KIND, CODE_INVALID);
    files.push({ fileId: f.id, name: f.originalName });
  }
  const d = await db();
  const values = {
    content: q.content,
    files,
    submittedAt: now,
    score: null,
    comment: '',
    markedBy: null,
    markedAt: null,
  };
  const [row] = await d
    .insert(assignmentSubmissions)
    .values({ itemId: a.id, operatorId: user.operatorID, ...values })
    .onConflictDoUpdate({
      target: [assignmentSubmissions.itemId, assignmentSubmissions.operatorId],
      set: values,
      // The deadline again, in the statement: nothing is replaced once it has passed.
      setWhere: sql`${now.toISOString()}::timestamptz <= ${a.deadline.toISOString()}::timestamptz`,
    })
    .returning();
  if (!row) throw new ServiceError(MSG_DEADLINE_PASSED);
  return toSubmission(row);
}

/** The hand-ins of one assignment from the learners of the manager's organisations, in the order they came. */
export async function assignmentSubmissionList(
  user: SessionUser,
  assignmentId: number,
): Promise<AssignmentSubmissions> {
  const power = await requireAnyPower(user, 'application-review', MSG_NO_MARK_POWER);
  const a = await assignmentOf(assignmentId);
  const d = await db();
  const rows = await d
    .select({
      id: assignmentSubmissions.id,
      operatorName: operators.name,
      orgName: sql<string>`coalesce(${orgs.name}, '')`,
      submittedAt: assignmentSubmissions.submittedAt,
      score: assignmentSubmissions.score,
      markedAt: assignmentSubmissions.markedAt,
    })
    .from(assignmentSubmissions)
    .innerJoin(operators, eq(operators.id, assignmentSubmissions.operatorId))
    .leftJoin(orgs, eq(orgs.id, operators.orgId))
    .where(and(eq(assignmentSubmissions.itemId, a.id), orgInScope(power, operators.orgId)))
    .orderBy(asc(assignmentSubmissions.submittedAt), asc(assignmentSubmissions.id));
  return {
    assignmentId: a.id,
    title: a.title,
    deadline: a.deadline.toISOString(),
    list: rows.map((r) => ({
      ...r,
      assignmentId: a.id,
      submittedAt: r.submittedAt.toISOString(),
      markedAt: r.markedAt?.toISOString() ?? null,
    })),
  };
}

/** One hand-in for a manager with the power over its learner's organisation (1003 otherwise). */
async function submissionFor(user: SessionUser, submissionId: number) {
  await requireAnyPower(user, 'application-review', MSG_NO_MARK_POWER);
  const d = await db();
  const [row] = await d
    .select({
      sub: assignmentSubmissions,
      orgId: operators.orgId,
      operatorName: operators.name,
      orgName: sql<string>`coalesce(${orgs.name}, '')`,
    })
    .from(assignmentSubmissions)
    .innerJoin(operators, eq(operators.id, assignmentSubmissions.operatorId))
    .leftJoin(orgs, eq(orgs.id, operators.orgId))
    .where(eq(assignmentSubmissions.id, submissionId));
  if (!row) throw new ServiceError(MSG_SUBMISSION_NOT_FOUND, CODE_NOT_FOUND);
  await requirePower(user, 'application-review', row.orgId, MSG_NO_MARK_POWER);
  return row;
}

export async function submissionDetail(user: SessionUser, submissionId: number): Promise<SubmissionDetail> {
  const row = await submissionFor(user, submissionId);
  const a = await assignmentOf(row.sub.itemId);
  return {
    ...(await toSubmission(row.sub)),
    assignmentId: a.id,
    assignmentTitle: a.title,
    trainId: a.trainId,
    operatorName: row.operatorName,
    orgName: row.orgName,
  };
}

/** Marks a hand-in (score 0-100 and a comment); marking again replaces the mark. */
export async function markSubmission(
  user: SessionUser,
  q: { submissionId: number; score: number; comment: string },
): Promise<SubmissionDetail> {
  await submissionFor(user, q.submissionId);
  const d = await db();
  await d
    .update(assignmentSubmissions)
    .set({ score: q.score, comment: q.comment, markedBy: user.operatorID, markedAt: new Date() })
    .where(eq(assignmentSubmissions.id, q.submissionId));
  return submissionDetail(user, q.submissionId);
}

/**
 * Whether a user may read an uploaded file because it is part of a hand-in they may mark (the file route serves a
 * file to its uploader only otherwise).
 */
export async function mayReadSubmittedFile(user: SessionUser, fileId: number): Promise<boolean> {
  const scope = await powerScope(user, 'application-review');
  if (!scope.all && scope.orgIds.length === 0) return false;
  const d = await db();
  const rows = await d
    .select({ orgId: operators.orgId })
    .from(assignmentSubmissions)
    .innerJoin(operators, eq(operators.id, assignmentSubmissions.operatorId))
    .where(sql`${assignmentSubmissions.files} @> ${JSON.stringify([{ fileId }])}::jsonb`);
  return rows.some((r) => inScope(scope, r.orgId));
}

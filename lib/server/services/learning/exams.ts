/**
 * Exams (SPEC 3 exam row, 4.3 status, 7 exams: apply, start, paper, submit, results, timeout and validity
 * checks). An attempt's deadline is the earlier of its start plus the duration and the exam's end; answers are
 * saved one by one as given, and nothing is accepted after the deadline (a few seconds of grace for the network).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { examJoins, examReplies, exams, type ExamQuestion } from '@/lib/server/db/schema';
import { ServiceError } from '@/lib/server/errors';
import { isTrainParticipant, participantTrainIds } from './train-participants';
import {
  examStatus,
  MSG_SUBMITTED,
  shortAnswerLength,
  shortMinLength,
  type ExamRow,
  type PaperView,
} from '@/lib/learning/exam-status';
import {
  EXAM_ANSWER_MISSING_MSG,
  EXAM_NOT_SUBMITTED_MSG,
  MSG_EXAM_MISSING,
  MSG_NOT_JOINED,
  MSG_NOT_STARTED,
  MSG_ENDED,
  MSG_TIME_UP,
  MSG_BAD_ANSWER,
  MSG_TRAIN_ONLY,
} from '@/lib/contract/learning';

export type { ExamRow, PaperView };

export const EXAM_GRACE_S = 5;

/**
 * The exams as a learner sees them. A training project's exam is for its approved participants: the general list
 * (no trainId) leaves out those the learner cannot take; a project's own list shows them with canTake false.
 */
export async function examList(
  operatorId: number | null,
  opts: { trainId?: number; all?: boolean } = {},
  now: Date = new Date(),
): Promise<ExamRow[]> {
  const d = await db();
  const [rows, mine] = await Promise.all([
    d
      .select()
      .from(exams)
      .where(opts.trainId ? eq(exams.trainId, opts.trainId) : undefined)
      .orderBy(desc(exams.startAt), asc(exams.id)),
    operatorId ? participantTrainIds(operatorId) : Promise.resolve(new Set<number>()),
  ]);
  const canTake = (e: (typeof rows)[number]) => e.trainId == null || mine.has(e.trainId);
  const list = opts.trainId || opts.all ? rows : rows.filter(canTake);
  const ids = list.map((e) => e.id);
  const joins =
    operatorId && ids.length
      ? await d
          .select()
          .from(examJoins)
          .where(and(eq(examJoins.operatorId, operatorId), inArray(examJoins.examId, ids)))
      : [];
  const replies =
    operatorId && ids.length
      ? await d
          .select()
          .from(examReplies)
          .where(and(eq(examReplies.operatorId, operatorId), inArray(examReplies.examId, ids)))
          .orderBy(desc(examReplies.startedAt))
      : [];
  return list.map((e) => {
    const mine = replies.filter((r) => r.examId === e.id);
    const submitted = mine.find((r) => r.submittedAt != null);
    const last = mine[0] ?? null;
    const flags = {
      isSubmit: !!submitted,
      isJoined: joins.some((j) => j.examId === e.id),
      isOnStartTime: now >= e.startAt,
      isAfterEndTime: now > e.endAt,
      lastTimeReplyId: last && !last.submittedAt ? last.id : null,
      lastTimeReplyIsOvertime: !!last && !last.submittedAt && last.deadline < now,
    };
    return {
      id: e.id,
      title: e.title,
      trainId: e.trainId,
      examType: e.examType,
      examStyle: e.examStyle,
      startAt: e.startAt.toISOString(),
      endAt: e.endAt.toISOString(),
      durationMinutes: e.durationMinutes,
      requireLogin: e.requireLogin,
      questionCount: e.paper.length,
      totalScore: e.paper.reduce((a, q) => a + q.score, 0),
      ...flags,
      paperScore: submitted?.score ?? null,
      status: examStatus(flags),
      canTake: canTake(e),
    };
  });
}

export async function examDetail(operatorId: number, examId: number, now: Date = new Date()): Promise<ExamRow> {
  const row = (await examList(operatorId, { all: true }, now)).find((e) => e.id === examId);
  if (!row) throw new ServiceError(MSG_EXAM_MISSING);
  return row;
}

async function examOf(examId: number) {
  const d = await db();
  const [e] = await d.select().from(exams).where(eq(exams.id, examId));
  if (!e) throw new ServiceError(MSG_EXAM_MISSING);
  return e;
}

/** A training project's exam is for its participants only: joining and starting need an approved application. */
async function checkParticipant(operatorId: number, e: typeof exams.$inferSelect) {
  if (e.trainId != null && !(await isTrainParticipant(operatorId, e.trainId))) throw new ServiceError(MSG_TRAIN_ONLY);
}

export async function applyExam(operatorId: number, examId: number, now: Date = new Date()) {
  const e = await examOf(examId);
  if (now > e.endAt) throw new ServiceError(MSG_ENDED);
  await checkParticipant(operatorId, e);
  const d = await db();
  await d.insert(examJoins).values({ examId, operatorId, createdAt: now }).onConflictDoNothing();
  return { examId, joined: true };
}

function paperView(e: typeof exams.$inferSelect, r: typeof examReplies.$inferSelect, now: Date): PaperView {
  return {
    replyId: r.id,
    examId: e.id,
    title: e.title,
    deadline: r.deadline.toISOString(),
    serverNow: now.toISOString(),
    submitted: r.submittedAt != null,
    questions: e.paper.map((q) => ({
      id: q.id,
      type: q.type,
      stem: q.stem,
      options: q.options,
      score: q.score,
      ...(q.type === 'short' ? { minLength: shortMinLength(q) } : {}),
    })),
    answers: r.answers,
  };
}

/** Starts an attempt, or resumes the running one (a reload lands here too). */
export async function startExam(operatorId: number, examId: number, now: Date = new Date()): Promise<PaperView> {
  const e = await examOf(examId);
  const d = await db();
  const [joined] = await d
    .select()
    .from(examJoins)
    .where(and(eq(examJoins.examId, examId), eq(examJoins.operatorId, operatorId)));
  if (!joined) throw new ServiceError(MSG_NOT_JOINED);
  await checkParticipant(operatorId, e);
  if (now < e.startAt) throw new ServiceError(MSG_NOT_STARTED);
  if (now > e.endAt) throw new ServiceError(MSG_ENDED);
  // One start per learner and exam at a time, on every instance: parallel starts resume one attempt instead of
  // each opening its own (each with its own clock and its own submit).
  const reply = await d.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`exam-start:${examId}:${operatorId}`}))`);
    const mine = await tx
      .select()
      .from(examReplies)
      .where(and(eq(examReplies.examId, examId), eq(examReplies.operatorId, operatorId)))
      .orderBy(desc(examReplies.startedAt));
    if (mine.some((r) => r.submittedAt)) throw new ServiceError(MSG_SUBMITTED);
    const running = mine.find((r) => r.deadline >= now);
    if (running) return running;
    const deadline = new Date(Math.min(now.getTime() + e.durationMinutes * 60_000, e.endAt.getTime()));
    const [created] = await tx.insert(examReplies).values({ examId, operatorId, startedAt: now, deadline }).returning();
    return created;
  });
  return paperView(e, reply, now);
}

async function replyOf(operatorId: number, replyId: number) {
  const d = await db();
  const [r] = await d.select().from(examReplies).where(eq(examReplies.id, replyId));
  if (!r || r.operatorId !== operatorId) throw new ServiceError(EXAM_ANSWER_MISSING_MSG);
  return r;
}

export async function paper(operatorId: number, replyId: number, now: Date = new Date()): Promise<PaperView> {
  const r = await replyOf(operatorId, replyId);
  return paperView(await examOf(r.examId), r, now);
}

/** Checks an answer against its question: choice indexes in range, one for single and true/false, text for short. */
export function validAnswer(q: ExamQuestion, a: (number | string)[]): boolean {
  if (q.type === 'short') return a.length <= 1 && a.every((x) => typeof x === 'string' && x.length <= 2000);
  if (!a.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < q.options.length)) return false;
  if (new Set(a).size !== a.length) return false;
  return q.type === 'multiple' ? true : a.length <= 1;
}

export async function saveAnswer(
  operatorId: number,
  replyId: number,
  questionId: number,
  answer: (number | string)[],
  now: Date = new Date(),
) {
  const r = await replyOf(operatorId, replyId);
  if (r.submittedAt) throw new ServiceError(MSG_SUBMITTED);
  if (now.getTime() > r.deadline.getTime() + EXAM_GRACE_S * 1000) throw new ServiceError(MSG_TIME_UP);
  const e = await examOf(r.examId);
  const q = e.paper.find((x) => x.id === questionId);
  if (!q || !validAnswer(q, answer)) throw new ServiceError(MSG_BAD_ANSWER);
  const d = await db();
  // Per-key merge in one statement: concurrent saves of different questions do not overwrite each other.
  await d
    .update(examReplies)
    .set({ answers: sql`${examReplies.answers} || ${JSON.stringify({ [String(questionId)]: answer })}::jsonb` })
    .where(and(eq(examReplies.id, replyId), eq(examReplies.operatorId, operatorId)));
  return { replyId, questionId, saved: true };
}

function score(paperQs: ExamQuestion[], answers: Record<string, (number | string)[]>) {
  let total = 0;
  const results = paperQs.map((q) => {
    const a = answers[String(q.id)] ?? [];
    let correct: boolean;
    // A short answer is reflective: it earns its points by reaching its minimum length, not by a keyword.
    if (q.type === 'short') correct = typeof a[0] === 'string' && shortAnswerLength(a[0]) >= shortMinLength(q);
    else correct = a.length === q.answer.length && q.answer.every((x) => a.includes(x));
    if (correct) total += q.score;
    return { id: q.id, correct, answer: q.answer, given: a };
  });
  return { total, results };
}

/**
 * Submits once. Within the deadline (plus grace) the answers sent with it are saved first; after it, only what
 * was saved in time counts and the attempt is marked overtime (the automatic submit at the limit lands here).
 */
export async function submitExam(
  operatorId: number,
  replyId: number,
  answers: Record<string, (number | string)[]> | undefined,
  now: Date = new Date(),
) {
  const r = await replyOf(operatorId, replyId);
  if (r.submittedAt) throw new ServiceError(MSG_SUBMITTED);
  const e = await examOf(r.examId);
  const overtime = now.getTime() > r.deadline.getTime() + EXAM_GRACE_S * 1000;
  const merged = { ...r.answers };
  if (!overtime && answers) {
    for (const [k, a] of Object.entries(answers)) {
      const q = e.paper.find((x) => String(x.id) === k);
      if (!q || !validAnswer(q, a)) throw new ServiceError(MSG_BAD_ANSWER);
      merged[k] = a;
    }
  }
  const { total } = score(e.paper, merged);
  const d = await db();
  const done = await d
    .update(examReplies)
    .set({ answers: merged, submittedAt: now, score: total })
    .where(and(eq(examReplies.id, replyId), isNull(examReplies.submittedAt)))
    .returning({ id: examReplies.id });
  if (done.length === 0) throw new ServiceError(MSG_SUBMITTED);
  return { replyId, score: total, overtime, totalScore: e.paper.reduce((a, q) => a + q.score, 0) };
}

/**
 * The latest submitted attempt (an attempt that timed out unsubmitted before a retake is not it). A closed-book
 * exam's correct answers, and which choices were right, are given only after its end time, while others may still be
 * sitting it: before that the result has the score and the learner's own answers.
 */
export async function examResult(operatorId: number, examId: number, now: Date = new Date()) {
  const e = await examOf(examId);
  const d = await db();
  const [r] = await d
    .select()
    .from(examReplies)
    .where(
      and(eq(examReplies.examId, examId), eq(examReplies.operatorId, operatorId), isNotNull(examReplies.submittedAt)),
    )
    .orderBy(desc(examReplies.submittedAt))
    .limit(1);
  if (!r || !r.submittedAt) throw new ServiceError(EXAM_NOT_SUBMITTED_MSG);
  const { results } = score(e.paper, r.answers);
  const answersHidden = e.examStyle === 1 && now <= e.endAt;
  return {
    examId,
    title: e.title,
    score: r.score ?? 0,
    totalScore: e.paper.reduce((a, q) => a + q.score, 0),
    submittedAt: r.submittedAt.toISOString(),
    answersHidden,
    questions: e.paper.map((q) => {
      const { answer, correct, ...rest } = results.find((x) => x.id === q.id)!;
      // A short answer has no correct answer to show (whether it is long enough gives nothing away). A closed-book
      // exam before its end says nothing of a choice's rightness either: "right" next to a choice is its answer.
      const shown = q.type === 'short' || answersHidden ? [] : answer;
      const verdict = q.type === 'short' || !answersHidden ? correct : null;
      return {
        type: q.type,
        stem: q.stem,
        options: q.options,
        score: q.score,
        ...(q.type === 'short' ? { minLength: shortMinLength(q) } : {}),
        ...rest,
        correct: verdict,
        answer: shown,
      };
    }),
  };
}

export async function checkTimeout(operatorId: number, replyId: number, now: Date = new Date()) {
  const r = await replyOf(operatorId, replyId);
  const remaining = Math.max(0, Math.floor((r.deadline.getTime() - now.getTime()) / 1000));
  return {
    replyId,
    submitted: r.submittedAt != null,
    overtime: r.deadline < now,
    remainingSeconds: remaining,
    deadline: r.deadline.toISOString(),
  };
}

/**
 * Exams with bad and hostile input: statuses of the seed (every SPEC 4.3 status), apply, start/resume, answers
 * saved as given, validity of answers, answers after the deadline refused, double submit refused, score.
 * Certificates: refused until the rules are met, issued once.
 */
import { eq } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { examJoins, exams, operators, seriesCourses, trainApplications, trains } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { examResult, saveAnswer, startExam, submitExam } from '@/lib/server/services/learning/exams';
import { EXAM_PAPER } from '@/lib/server/seed/domains/learning';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';
import type { ExamRow, PaperView } from '@/lib/learning/exam-status';
import { EXAM_ANSWER_MISSING_MSG } from '@/lib/contract/learning';
import { MSG_SERIES_NOT_FOUND } from '@/lib/contract/series-admin';

const { call, callRaw } = testClient();
async function opId(userId: string): Promise<number> {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return op.id;
}
const loginAs = async (userId: string) => createSession(await opId(userId));

afterAll(() => closeDb());

describe('exam list', () => {
  it('the learner sees every status of SPEC 4.3 with the score rule', async () => {
    const token = await loginAs('learner');
    const res = await call('/api/examExaminfo/list', {}, { token });
    expect(res.code).toBe(0);
    const rows = res.data as ExamRow[];
    const statuses = new Set(rows.map((r) => r.status));
    for (const s of [1, -1, -2, 3, 0, 2]) expect(statuses).toContain(s);
    const submitted = rows.find((r) => r.status === 1)!;
    expect(submitted.paperScore).toBe(80);
    const overtime = rows.find((r) => r.title === '网络安全意识测试')!;
    expect(overtime).toMatchObject({ status: 0, lastTimeReplyIsOvertime: true });
    for (const r of rows) expect(r).toHaveProperty('examType');
  });

  it('a visitor sees every exam as not joined; detail needs a session (silent 2002 for the exam login)', async () => {
    const rows = (await call('/api/examExaminfo/list', {})).data as ExamRow[];
    expect(rows.every((r) => r.status === -1 || r.status === 1)).toBe(true);
    expect((await call('/api/examExaminfo/detail', { examId: 1 })).code).toBe(CODE_SESSION_NONE);
    expect((await call('/api/examExaminfo/list', { trainId: -1 })).code).not.toBe(0);
  });
});

describe('taking an exam', () => {
  it('apply, start, save answers, reload keeps them, submit once, score', async () => {
    const token = await loginAs('party');
    const d = await db();
    const [exam] = await d.select().from(exams).where(eq(exams.title, '保密知识专题考试'));
    expect((await call('/api/examReply/start', { examId: exam.id }, { token })).msg).toBe('您未报名该考试');
    expect((await call('/api/examExaminfo/apply', { examId: exam.id }, { token })).code).toBe(0);
    expect((await call('/api/examExaminfo/apply', { examId: exam.id }, { token })).code).toBe(0);
    const start = await call('/api/examReply/start', { examId: exam.id }, { token });
    expect(start.code).toBe(0);
    const paper = start.data as PaperView;
    expect(JSON.stringify(paper.questions)).not.toContain('"answer"');
    const save = (questionId: number, answer: unknown) =>
      callRaw('/api/examReply/saveAnswer', { replyId: paper.replyId, questionId, answer }, { token });
    expect((await save(1, [1])).code).toBe(0);
    expect((await save(3, [0, 1, 2, 3])).code).toBe(0);
    expect((await save(6, ['通过培训提高了业务能力，收获很大'])).code).toBe(0);
    // hostile answers
    for (const [q, a] of [
      [1, [0, 1]],
      [1, [9]],
      [1, [-1]],
      [3, [0, 0]],
      [5, ['x']],
      [6, [1]],
      [99, [0]],
    ] as [number, unknown][]) {
      const r = await save(q, a);
      expect(r.code).not.toBe(0);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await save(6, ['x'.repeat(3000)])).code).not.toBe(0);
    // Someone else cannot touch this reply.
    expect(
      (
        await call(
          '/api/examReply/saveAnswer',
          { replyId: paper.replyId, questionId: 1, answer: [0] },
          { token: await loginAs('student') },
        )
      ).msg,
    ).toBe(EXAM_ANSWER_MISSING_MSG);
    // Reload: the same attempt with the saved answers.
    const again = (await call('/api/examReply/start', { examId: exam.id }, { token })).data as PaperView;
    expect(again.replyId).toBe(paper.replyId);
    expect(again.answers).toMatchObject({ '1': [1], '3': [0, 1, 2, 3], '6': ['通过培训提高了业务能力，收获很大'] });
    const viaPaper = (await call('/api/examReply/paper', { replyId: paper.replyId }, { token })).data as PaperView;
    expect(viaPaper.answers).toMatchObject({ '1': [1] });
    expect(
      (await call('/api/examReply/paper', { replyId: paper.replyId }, { token: await loginAs('student') })).msg,
    ).toBe('答卷不存在');
    expect((await call('/api/examReply/paper', { replyId: 0 }, { token })).code).not.toBe(0);
    const listed = ((await call('/api/examExaminfo/list', {}, { token })).data as ExamRow[]).find(
      (r) => r.id === exam.id,
    )!;
    expect(listed.status).toBe(2);
    const sub = await call(
      '/api/examReply/submit',
      { replyId: paper.replyId, answers: { '2': [2], '5': [0] } },
      { token },
    );
    expect(sub.code).toBe(0);
    expect(sub.data).toMatchObject({ score: 20 + 20 + 20 + 10 + 10, overtime: false });
    const twice = await call('/api/examReply/submit', { replyId: paper.replyId }, { token });
    expect(twice.msg).toBe('您已提交过该考试，不能重复提交');
    expect((await save(4, [0])).msg).toBe('您已提交过该考试，不能重复提交');
    const result = await call('/api/examReply/result', { examId: exam.id }, { token });
    expect(result.data).toMatchObject({ score: 80, totalScore: 100 });
    expect((await call('/api/examReply/start', { examId: exam.id }, { token })).msg).toBe(
      '您已提交过该考试，不能重复提交',
    );
  });

  it("a training project's exam is for its approved participants only (apply and start)", async () => {
    const d = await db();
    const [trainExam] = await d.select().from(exams).where(eq(exams.title, '科研诚信与学术规范考试'));
    expect(trainExam.trainId).not.toBeNull();
    const operatorId = await opId('student');
    const token = await loginAs('student');
    expect((await call('/api/examExaminfo/apply', { examId: trainExam.id }, { token })).msg).toBe(
      '该考试仅限本培训项目审核通过的学员参加',
    );
    // Joined before the rule (or by an administrator) is not enough to start either.
    await d.insert(examJoins).values({ examId: trainExam.id, operatorId }).onConflictDoNothing();
    expect((await call('/api/examReply/start', { examId: trainExam.id }, { token })).msg).toBe(
      '该考试仅限本培训项目审核通过的学员参加',
    );
    await d
      .insert(trainApplications)
      .values({ trainId: trainExam.trainId!, operatorId, status: 6 })
      .onConflictDoNothing();
    expect((await call('/api/examExaminfo/apply', { examId: trainExam.id }, { token })).code).not.toBe(0);
    await d.update(trainApplications).set({ status: 7 }).where(eq(trainApplications.operatorId, operatorId));
    expect((await call('/api/examExaminfo/apply', { examId: trainExam.id }, { token })).code).toBe(0);
    expect((await call('/api/examReply/start', { examId: trainExam.id }, { token })).code).toBe(0);
  });

  it('answers after the deadline are refused; a late submit keeps only what was saved in time', async () => {
    const operatorId = await opId('newbie');
    const d = await db();
    const [exam] = await d
      .insert(exams)
      .values({
        title: '限时测试',
        startAt: new Date(Date.now() - 3600_000),
        endAt: new Date(Date.now() + 86400_000),
        durationMinutes: 10,
        paper: EXAM_PAPER,
      })
      .returning();
    await d.insert(examJoins).values({ examId: exam.id, operatorId });
    const t0 = new Date();
    const p = await startExam(operatorId, exam.id, t0);
    expect(new Date(p.deadline).getTime() - t0.getTime()).toBe(10 * 60_000);
    await saveAnswer(operatorId, p.replyId, 1, [1], new Date(t0.getTime() + 60_000));
    await expect(saveAnswer(operatorId, p.replyId, 2, [2], new Date(t0.getTime() + 11 * 60_000))).rejects.toThrow(
      '考试时间已到，答案未保存',
    );
    const late = await submitExam(operatorId, p.replyId, { '2': [2], '5': [0] }, new Date(t0.getTime() + 12 * 60_000));
    expect(late).toMatchObject({ overtime: true, score: 20 });
    // Not started / ended
    const [future] = await d
      .insert(exams)
      .values({
        title: '未来考试',
        startAt: new Date(Date.now() + 86400_000),
        endAt: new Date(Date.now() + 2 * 86400_000),
        durationMinutes: 10,
        paper: EXAM_PAPER,
      })
      .returning();
    await d.insert(examJoins).values({ examId: future.id, operatorId });
    await expect(startExam(operatorId, future.id)).rejects.toThrow('考试尚未开始');
    const [past] = await d
      .insert(exams)
      .values({
        title: '过去考试',
        startAt: new Date(Date.now() - 2 * 86400_000),
        endAt: new Date(Date.now() - 86400_000),
        durationMinutes: 10,
        paper: EXAM_PAPER,
      })
      .returning();
    const token = await loginAs('newbie');
    expect((await call('/api/examExaminfo/apply', { examId: past.id }, { token })).msg).toBe('考试已结束');
    expect((await call('/api/examReply/start', { examId: 99999999 }, { token })).msg).toBe('考试不存在');
    expect((await call('/api/examReply/checkTimeout', { replyId: p.replyId }, { token })).data).toMatchObject({
      submitted: true,
    });
  });
});

/** A fresh exam on the seed's paper (open now, for a day), joined by `userId`. */
async function freshExam(userId: string, title: string, examStyle = 0) {
  const d = await db();
  const [exam] = await d
    .insert(exams)
    .values({
      title,
      examStyle,
      startAt: new Date(Date.now() - 3600_000),
      endAt: new Date(Date.now() + 86400_000),
      durationMinutes: 20,
      paper: EXAM_PAPER,
    })
    .returning();
  const operatorId = await opId(userId);
  await d.insert(examJoins).values({ examId: exam.id, operatorId });
  return { exam, operatorId, token: await loginAs(userId) };
}
type ResultQ = { id: number; correct: boolean; answer: unknown[]; given: unknown[] };

describe('exam results', () => {
  it('after a timed-out attempt and a submitted retake, the result is the retake (its answers and score)', async () => {
    const { exam, operatorId, token } = await freshExam('zhangwei1', '重考后的成绩');
    const t0 = new Date(Date.now() - 30 * 60_000);
    const first = await startExam(operatorId, exam.id, t0);
    await saveAnswer(operatorId, first.replyId, 1, [0], new Date(t0.getTime() + 60_000));
    // 20 minutes run out unsubmitted; the list offers the exam again and the retake is a new attempt.
    const retake = (await call('/api/examReply/start', { examId: exam.id }, { token })).data as PaperView;
    expect(retake.replyId).not.toBe(first.replyId);
    const sub = await call(
      '/api/examReply/submit',
      { replyId: retake.replyId, answers: { '1': [1], '5': [0] } },
      { token },
    );
    expect(sub.data).toMatchObject({ score: 30, overtime: false });
    const listed = ((await call('/api/examExaminfo/list', {}, { token })).data as ExamRow[]).find(
      (r) => r.id === exam.id,
    )!;
    expect(listed).toMatchObject({ status: 1, paperScore: 30 });
    const result = await call('/api/examReply/result', { examId: exam.id }, { token });
    expect(result.code).toBe(0);
    expect(result.data).toMatchObject({ score: 30 });
    expect((result.data as { questions: ResultQ[] }).questions.find((q) => q.id === 1)).toMatchObject({
      given: [1],
      correct: true,
    });
  });

  it('a short answer earns its points by its minimum length, not by a keyword, and shows no correct answer', async () => {
    const short = EXAM_PAPER.find((q) => q.type === 'short')!;
    expect(short).toMatchObject({ id: 6, minLength: 10, answer: [] });
    const { exam, token } = await freshExam('zhangwei1', '简答题评分');
    const p = (await call('/api/examReply/start', { examId: exam.id }, { token })).data as PaperView;
    expect(p.questions.find((q) => q.id === 6)).toMatchObject({ minLength: 10 });
    // A genuine answer without the old keyword 学习: the full 10 points.
    expect(
      (
        await call(
          '/api/examReply/submit',
          { replyId: p.replyId, answers: { '6': ['通过这次培训，我提高了业务能力和工作水平，收获很大'] } },
          { token },
        )
      ).data,
    ).toMatchObject({ score: 10 });
    const q6 = (
      (await call('/api/examReply/result', { examId: exam.id }, { token })).data as { questions: ResultQ[] }
    ).questions.find((q) => q.id === 6)!;
    expect(q6).toMatchObject({ correct: true, answer: [] });
    // The keyword alone (2 characters, under 10; spaces do not count): no points.
    const other = await freshExam('zhangwei2', '简答题评分（关键词）');
    const p2 = (await call('/api/examReply/start', { examId: other.exam.id }, { token: other.token }))
      .data as PaperView;
    expect(
      (
        await call(
          '/api/examReply/submit',
          { replyId: p2.replyId, answers: { '6': ['学习        学习'] } },
          { token: other.token },
        )
      ).data,
    ).toMatchObject({ score: 0 });
  });

  it('a closed-book exam gives its correct answers only after its end time; an open-book one at once', async () => {
    const closed = await freshExam('zhangwei2', '闭卷答案公布', 1);
    const p = (await call('/api/examReply/start', { examId: closed.exam.id }, { token: closed.token }))
      .data as PaperView;
    await call(
      '/api/examReply/submit',
      { replyId: p.replyId, answers: { '1': [1], '2': [0] } },
      { token: closed.token },
    );
    const during = (await call('/api/examReply/result', { examId: closed.exam.id }, { token: closed.token })).data as {
      answersHidden: boolean;
      questions: ResultQ[];
    };
    expect(during.answersHidden).toBe(true);
    expect(during.questions.every((q) => q.answer.length === 0)).toBe(true);
    // Nor whether a choice was right: "right" beside a choice gives its answer away. The score is given.
    expect(during.questions.find((q) => q.id === 1)).toMatchObject({ correct: null, given: [1] });
    expect(during.questions.find((q) => q.id === 2)).toMatchObject({ correct: null, given: [0] });
    expect((during as unknown as { score: number }).score).toBeGreaterThan(0);
    const after = await examResult(closed.operatorId, closed.exam.id, new Date(closed.exam.endAt.getTime() + 1000));
    expect(after.answersHidden).toBe(false);
    expect(after.questions.find((q) => q.id === 1)).toMatchObject({ correct: true });
    expect(after.questions.find((q) => q.id === 2)).toMatchObject({ answer: [2], correct: false });
    const open = await freshExam('zhangwei2', '开卷答案公布', 0);
    const p2 = (await call('/api/examReply/start', { examId: open.exam.id }, { token: open.token })).data as PaperView;
    await call('/api/examReply/submit', { replyId: p2.replyId, answers: {} }, { token: open.token });
    const openResult = (await call('/api/examReply/result', { examId: open.exam.id }, { token: open.token })).data as {
      answersHidden: boolean;
      questions: ResultQ[];
    };
    expect(openResult.answersHidden).toBe(false);
    expect(openResult.questions.find((q) => q.id === 2)).toMatchObject({ answer: [2] });
  });
});

describe('certificates', () => {
  it('series: refused with the number of unfinished courses, issued when all are finished, once', async () => {
    const learner = await loginAs('learner');
    const d = await db();
    const [first] = await d
      .select({ seriesId: seriesCourses.seriesId })
      .from(seriesCourses)
      .orderBy(seriesCourses.seriesId)
      .limit(1);
    const ok = await call(
      '/api/recommendseries/applicationCertificate',
      { seriesId: first.seriesId },
      { token: learner },
    );
    expect(ok.code).toBe(0);
    // The series page's state now carries the certificate, so its button becomes 查看证书.
    expect(
      (await call('/api/recommendseries/state', { seriesId: first.seriesId }, { token: learner })).data,
    ).toMatchObject({
      certificateId: (ok.data as { certificateId: number }).certificateId,
    });
    const again = await call(
      '/api/recommendseries/applicationCertificate',
      { seriesId: first.seriesId },
      { token: learner },
    );
    expect(again.data).toEqual(ok.data);
    // Another learner: first asked to join the series, then told how many courses are left.
    const student = await loginAs('student');
    const notJoined = await call(
      '/api/recommendseries/applicationCertificate',
      { seriesId: first.seriesId },
      { token: student },
    );
    expect(notJoined.msg).toBe('请先报名加入该系列专题，学完全部课程后再申请证书');
    await call('/api/recommendseries/enrol', { seriesId: first.seriesId }, { token: student });
    const other = await call(
      '/api/recommendseries/applicationCertificate',
      { seriesId: first.seriesId },
      { token: student },
    );
    expect(other.code).not.toBe(0);
    expect(other.msg).toMatch(/^您还有\d+门课程未学完/);
    expect(
      (await call('/api/recommendseries/applicationCertificate', { seriesId: 99999999 }, { token: learner })).msg,
    ).toBe(MSG_SERIES_NOT_FOUND);
    expect(
      (await callRaw('/api/recommendseries/applicationCertificate', { seriesId: 'x' }, { token: learner })).code,
    ).not.toBe(0);
    expect((await call('/api/recommendseries/applicationCertificate', { seriesId: first.seriesId })).code).toBe(
      CODE_SESSION_NONE,
    );
    const detail = await call(
      '/api/certificate/detail',
      { certificateId: (ok.data as { certificateId: number }).certificateId },
      { token: learner },
    );
    expect(detail.data).toMatchObject({ kind: 'series', operatorName: '王晓明' });
    expect(
      (
        await call(
          '/api/certificate/detail',
          { certificateId: (ok.data as { certificateId: number }).certificateId },
          { token: await loginAs('student') },
        )
      ).msg,
    ).toBe('证书不存在');
  });

  it('train: only approved enrolment on an ended project', async () => {
    const learner = await loginAs('learner');
    const d = await db();
    const learnerId = await opId('learner');
    const apps = await d
      .select({ trainId: trainApplications.trainId, status: trainApplications.status, endAt: trains.endAt })
      .from(trainApplications)
      .innerJoin(trains, eq(trains.id, trainApplications.trainId))
      .where(eq(trainApplications.operatorId, learnerId));
    const approvedEnded = apps.find((a) => a.status === 7 && a.endAt < new Date())!;
    const pending = apps.find((a) => a.status === 6)!;
    expect(
      (await call('/api/train/applicationCertificate', { trainId: approvedEnded.trainId }, { token: learner })).code,
    ).toBe(0);
    expect(
      (await call('/api/train/applicationCertificate', { trainId: pending.trainId }, { token: learner })).msg,
    ).toBe('您未通过该培训项目的报名审核，不能申请证书');
  });
});

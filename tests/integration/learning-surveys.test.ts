/** Questionnaires with bad and hostile input: detail, required questions, invalid answers, saved once per learner. */
import { and, eq } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { operators, trainApplications } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';
import type { SurveyView } from '@/lib/validation/survey';
import { checkSurveyAnswers, surveyProblems } from '@/lib/validation/survey';

const { call, callRaw } = testClient();
async function loginAs(userId: string) {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return createSession(op.id);
}

afterAll(() => closeDb());

describe('collection (surveys)', () => {
  it('detail by code and by training project; unknown and malformed refused', async () => {
    const fb = await call('/api/collection/detail', { id: 'feedback' });
    expect(fb.code).toBe(0);
    expect((fb.data as SurveyView).questions.length).toBe(4);
    const train = await call('/api/collection/detail', { trainId: 1 });
    expect((train.data as SurveyView).trainId).toBe(1);
    expect((await call('/api/collection/detail', { id: 'nope' })).msg).toBe('问卷不存在');
    expect((await call('/api/collection/detail', { id: "x' or 1=1 --" })).code).not.toBe(0);
    expect((await call('/api/collection/detail', {})).code).not.toBe(0);
  });

  it('save: login needed, required questions, invalid answers, then once only', async () => {
    const fb = (await call('/api/collection/detail', { id: 'feedback' })).data as SurveyView;
    expect((await call('/api/collection/save', { surveyId: fb.id, answers: { '1': 5, '2': 0 } })).code).toBe(
      CODE_SESSION_NONE,
    );
    const token = await loginAs('student');
    expect((await call('/api/collection/assignStatus', { surveyId: fb.id }, { token })).data).toMatchObject({
      submitted: false,
    });
    const missing = await call('/api/collection/save', { surveyId: fb.id, answers: { '1': 5 } }, { token });
    expect(missing.msg).toBe('第2题为必答题，请作答');
    for (const answers of [
      { '1': 9, '2': 0 },
      { '1': 5, '2': 7 },
      { '1': 5, '2': 0, '3': [0, 0] },
      { '1': 5, '2': 0, '99': 'x' },
      { '1': 5, '2': '0' },
    ]) {
      const r = await callRaw('/api/collection/save', { surveyId: fb.id, answers }, { token });
      expect(r.code).not.toBe(0);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(
      (
        await call(
          '/api/collection/save',
          { surveyId: fb.id, answers: { '1': 4, '2': 1, '3': [0, 2], '4': '<b>好</b>' } },
          { token },
        )
      ).code,
    ).toBe(0);
    const twice = await call('/api/collection/save', { surveyId: fb.id, answers: { '1': 4, '2': 1 } }, { token });
    expect(twice.msg).toBe('您已提交过该问卷，不能重复提交');
    expect((await call('/api/collection/assignStatus', { surveyId: fb.id }, { token })).data).toMatchObject({
      submitted: true,
    });
    expect((await call('/api/collection/save', { surveyId: 99999999, answers: {} }, { token })).msg).toBe('问卷不存在');
  });

  it("a training project's information collection takes a real phone number only", async () => {
    const survey = (await call('/api/collection/detail', { trainId: 2 })).data as SurveyView;
    const phone = survey.questions.findIndex((q) => q.title === '联系电话');
    expect(survey.questions[phone]).toMatchObject({ type: 'text', format: 'phone', required: true });
    const token = await loginAs('party');
    const answers = (v: string) => ({ [String(survey.questions[phone].id)]: v, '2': 0 });
    // Not a participant yet: told so before filling in, and refused on save.
    const [party] = await (
      await db()
    )
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.userId, 'party'));
    await (
      await db()
    )
      .delete(trainApplications)
      .where(and(eq(trainApplications.trainId, 2), eq(trainApplications.operatorId, party.id)));
    expect((await call('/api/collection/assignStatus', { surveyId: survey.id }, { token })).data).toMatchObject({
      submitted: false,
      allowed: false,
    });
    expect(
      (await call('/api/collection/save', { surveyId: survey.id, answers: answers('13812345678') }, { token })).msg,
    ).toBe('该信息采集仅限本培训项目审核通过的学员填写');
    // Pending review is not enough either; approved is.
    await (await db()).insert(trainApplications).values({ trainId: 2, operatorId: party.id, status: 6 });
    expect(
      (await call('/api/collection/save', { surveyId: survey.id, answers: answers('13812345678') }, { token })).msg,
    ).toBe('该信息采集仅限本培训项目审核通过的学员填写');
    await (
      await db()
    )
      .update(trainApplications)
      .set({ status: 7 })
      .where(and(eq(trainApplications.trainId, 2), eq(trainApplications.operatorId, party.id)));
    expect((await call('/api/collection/assignStatus', { surveyId: survey.id }, { token })).data).toMatchObject({
      submitted: false,
      allowed: true,
    });
    for (const bad of ['abc', '12345', '1381234567', '23812345678', '1381234567890']) {
      const r = await call('/api/collection/save', { surveyId: survey.id, answers: answers(bad) }, { token });
      expect(r.msg).toBe(`第${phone + 1}题请填写正确的手机号码或固定电话（含区号）`);
    }
    expect((await call('/api/collection/assignStatus', { surveyId: survey.id }, { token })).data).toMatchObject({
      submitted: false,
    });
    expect(
      (await call('/api/collection/save', { surveyId: survey.id, answers: answers('138 1234 5678') }, { token })).code,
    ).toBe(0);
  });

  it('formats: mobile and fixed-line numbers, e-mail addresses', () => {
    const q = (format: 'phone' | 'email') => [
      { id: 1, type: 'text' as const, title: 't', options: [], required: false, format },
    ];
    // SPEC 5: landline = 3-4 digit area code, hyphen, 7-8 digits; mobile = 11-12 digits, pattern 1[34578].
    for (const ok of ['13812345678', '18912345678', '138123456789', '010-62597114', '010-6259 7114', '0755-1234567'])
      expect(checkSurveyAnswers(q('phone'), { '1': ok })).toBeNull();
    for (const bad of [
      '1381234567a',
      '+86 138',
      '010-123',
      '62597114',
      '16612345678',
      '19912345678',
      '02112345678',
      '0755-12345678-123',
      '138-1234-5678',
    ])
      expect(checkSurveyAnswers(q('phone'), { '1': bad })?.message).toMatch(/手机号码或固定电话/);
    expect(checkSurveyAnswers(q('email'), { '1': 'li@example.cn' })).toBeNull();
    expect(checkSurveyAnswers(q('email'), { '1': 'li@example' })?.message).toBe('第1题请填写正确的电子邮箱');
    // not required and left empty: nothing to check
    expect(checkSurveyAnswers(q('phone'), { '1': '' })).toBeNull();
  });

  it('the rule function is the one the form uses; the form gets every problem at once', () => {
    const qs = [{ id: 1, type: 'text' as const, title: 't', options: [], required: true }];
    expect(checkSurveyAnswers(qs, { '1': '   ' })?.message).toBe('第1题为必答题，请作答');
    expect(checkSurveyAnswers(qs, { '1': 'ok' })).toBeNull();
    const three = [
      { id: 1, type: 'rating' as const, title: 'a', options: [], required: true },
      { id: 2, type: 'single' as const, title: 'b', options: ['x', 'y'], required: true },
      { id: 3, type: 'text' as const, title: 'c', options: [], required: false, format: 'phone' as const },
    ];
    expect(surveyProblems(three, { '3': '123' })).toEqual([
      { questionId: 1, message: '第1题为必答题，请作答' },
      { questionId: 2, message: '第2题为必答题，请作答' },
      { questionId: 3, message: '第3题请填写正确的手机号码或固定电话（含区号）' },
    ]);
    expect(surveyProblems(three, { '1': 5, '2': 1 })).toEqual([]);
  });
});

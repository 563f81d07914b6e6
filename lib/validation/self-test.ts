/**
 * The self test's answers, checked by the form (before anything is sent) and by the server: every question answered
 * with one of its options. The wording is the questionnaires' (lib/validation/survey).
 */
import { SURVEY_INVALID_MSG, surveyRequiredMsg, type SurveyProblem } from './survey';
import type { SelfTest } from '../contract/learning';

/** Every problem, in question order; answers to questions the test does not have are ignored. */
export function selfTestProblems(
  questions: Pick<SelfTest['questions'][number], 'id' | 'options'>[],
  answers: Record<string, number>,
): SurveyProblem[] {
  return questions.flatMap((q, i) => {
    const a = answers[String(q.id)];
    if (a === undefined) return [{ questionId: q.id, message: surveyRequiredMsg(i) }];
    return Number.isInteger(a) && a >= 0 && a < q.options.length
      ? []
      : [{ questionId: q.id, message: SURVEY_INVALID_MSG(i) }];
  });
}

/** One message for them all: the problem itself, or how many questions are left (where: 请查看标红的题目). */
export function selfTestProblemText(problems: SurveyProblem[], where = '请完成后再提交'): string {
  return problems.length === 1 ? problems[0].message : `还有${problems.length}道题需要填写，${where}`;
}

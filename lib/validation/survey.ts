import { isPhone } from './patterns';

/** The rules of a questionnaire, shared by the form (before submit) and the server (on save). */
export interface SurveyQuestionDef {
  id: number;
  type: 'single' | 'multiple' | 'text' | 'rating';
  title: string;
  options: string[];
  required: boolean;
  /** A text question's expected form (a phone number, an e-mail address); free text when absent. */
  format?: SurveyTextFormat;
}

export type SurveyTextFormat = 'phone' | 'email';

/**
 * What each format accepts: SPEC 5's phone pattern (a landline with its area code and a hyphen, or a mobile of
 * 11-12 digits, 1[34578]; spaces between digit groups are left out first); an e-mail address.
 */
export const SURVEY_TEXT_FORMATS: Record<
  SurveyTextFormat,
  { test: (v: string) => boolean; message: (index: number) => string }
> = {
  phone: {
    test: isPhone,
    message: (index) => `第${index + 1}题请填写正确的手机号码或固定电话（含区号）`,
  },
  email: {
    test: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()),
    message: (index) => `第${index + 1}题请填写正确的电子邮箱`,
  },
};

export interface SurveyView {
  id: number;
  code: string;
  title: string;
  intro: string;
  trainId: number | null;
  questions: SurveyQuestionDef[];
}

/** Answers by question id: an option index (single), indexes (multiple), text, or a rating 1-5. */
export type SurveyAnswers = Record<string, number | number[] | string>;

export const SURVEY_TEXT_MAX = 1000;
/** A training project's information collection is for its approved participants (SPEC 4.4 status 7). */
export const SURVEY_TRAIN_ONLY_MSG = '该信息采集仅限本培训项目审核通过的学员填写';
export const RATING_MAX = 5;

export function surveyRequiredMsg(index: number): string {
  return `第${index + 1}题为必答题，请作答`;
}
export const SURVEY_INVALID_MSG = (index: number) => `第${index + 1}题的答案不正确`;

function empty(a: SurveyAnswers[string] | undefined): boolean {
  return (
    a === undefined || a === null || (typeof a === 'string' && a.trim() === '') || (Array.isArray(a) && a.length === 0)
  );
}

export interface SurveyProblem {
  questionId: number | null;
  message: string;
}

/** The first problem, or null (the server's answer): see surveyProblems. */
export function checkSurveyAnswers(questions: SurveyQuestionDef[], answers: SurveyAnswers): SurveyProblem | null {
  return surveyProblems(questions, answers)[0] ?? null;
}

/**
 * Every problem, in question order (the form marks them all at once): required questions answered, answers within
 * the options and formats; answers to questions the survey does not have are refused.
 */
export function surveyProblems(questions: SurveyQuestionDef[], answers: SurveyAnswers): SurveyProblem[] {
  const known = new Set(questions.map((q) => String(q.id)));
  for (const k of Object.keys(answers))
    if (!known.has(k)) return [{ questionId: null, message: '问卷答案包含不存在的题目' }];
  const problems: SurveyProblem[] = [];
  for (const [i, q] of questions.entries()) {
    const problem = questionProblem(q, i, answers[String(q.id)]);
    if (problem) problems.push({ questionId: q.id, message: problem });
  }
  return problems;
}

function questionProblem(q: SurveyQuestionDef, i: number, a: SurveyAnswers[string] | undefined): string | null {
  if (empty(a)) return q.required ? surveyRequiredMsg(i) : null;
  const ok =
    q.type === 'single'
      ? typeof a === 'number' && Number.isInteger(a) && a >= 0 && a < q.options.length
      : q.type === 'multiple'
        ? Array.isArray(a) &&
          new Set(a).size === a.length &&
          a.every((x) => Number.isInteger(x) && x >= 0 && x < q.options.length)
        : q.type === 'rating'
          ? typeof a === 'number' && Number.isInteger(a) && a >= 1 && a <= RATING_MAX
          : typeof a === 'string' && a.length <= SURVEY_TEXT_MAX;
  if (!ok) return SURVEY_INVALID_MSG(i);
  const format = q.type === 'text' && q.format ? SURVEY_TEXT_FORMATS[q.format] : null;
  return format && !format.test(a as string) ? format.message(i) : null;
}

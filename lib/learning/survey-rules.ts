/** The rules of a questionnaire, shared by the form (before submit) and the server (on save). */
export interface SurveyQuestionDef {
  id: number;
  type: 'single' | 'multiple' | 'text' | 'rating';
  title: string;
  options: string[];
  required: boolean;
}

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
export const RATING_MAX = 5;

export function surveyRequiredMsg(index: number): string {
  return `第${index + 1}题为必答题，请作答`;
}
export const SURVEY_INVALID_MSG = (index: number) => `第${index + 1}题的答案不正确`;

function empty(a: SurveyAnswers[string] | undefined): boolean {
  return a === undefined || a === null || (typeof a === 'string' && a.trim() === '') || (Array.isArray(a) && a.length === 0);
}

/** The first problem, or null: required questions answered, answers within the options, unknown questions refused. */
export function checkSurveyAnswers(questions: SurveyQuestionDef[], answers: SurveyAnswers): { questionId: number | null; message: string } | null {
  const known = new Set(questions.map((q) => String(q.id)));
  for (const k of Object.keys(answers)) if (!known.has(k)) return { questionId: null, message: '问卷答案包含不存在的题目' };
  for (const [i, q] of questions.entries()) {
    const a = answers[String(q.id)];
    if (empty(a)) {
      if (q.required) return { questionId: q.id, message: surveyRequiredMsg(i) };
      continue;
    }
    const ok =
      q.type === 'single'
        ? typeof a === 'number' && Number.isInteger(a) && a >= 0 && a < q.options.length
        : q.type === 'multiple'
          ? Array.isArray(a) && new Set(a).size === a.length && a.every((x) => Number.isInteger(x) && x >= 0 && x < q.options.length)
          : q.type === 'rating'
            ? typeof a === 'number' && Number.isInteger(a) && a >= 1 && a <= RATING_MAX
            : typeof a === 'string' && a.length <= SURVEY_TEXT_MAX;
    if (!ok) return { questionId: q.id, message: SURVEY_INVALID_MSG(i) };
  }
  return null;
}

/**
 * Questionnaires and information collection (SPEC 7: collection/assignStatus, collection/save): a survey is
 * rendered from its definition, validated on the server as on the page, and saved once per learner.
 */
import { and, eq } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { surveyAnswers, surveys, type SurveyQuestion } from '@/lib/server/db/schema';
import { ServiceError } from '@/lib/server/errors';
import { isTrainParticipant } from './train-participants';
import {
  checkSurveyAnswers,
  SURVEY_TRAIN_ONLY_MSG,
  type SurveyAnswers,
  type SurveyView,
} from '@/lib/validation/survey';
import { MSG_SURVEY_MISSING, MSG_SURVEY_DONE } from '@/lib/contract/learning';

export async function surveyDetail(input: { id?: string; trainId?: number }): Promise<SurveyView> {
  const d = await db();
  const where = input.trainId
    ? eq(surveys.trainId, input.trainId)
    : input.id && /^\d+$/.test(input.id)
      ? eq(surveys.id, Number(input.id))
      : eq(surveys.code, input.id ?? '');
  const [s] = await d.select().from(surveys).where(where).limit(1);
  if (!s) throw new ServiceError(MSG_SURVEY_MISSING);
  return {
    id: s.id,
    code: s.code,
    title: s.title,
    intro: s.intro,
    trainId: s.trainId,
    questions: s.questions as SurveyQuestion[],
  };
}

/** Whether the learner has answered; allowed: whether they may (a project's collection is for its participants). */
export async function assignStatus(operatorId: number, surveyId: number) {
  const d = await db();
  const [[row], [s]] = await Promise.all([
    d
      .select({ at: surveyAnswers.createdAt })
      .from(surveyAnswers)
      .where(and(eq(surveyAnswers.surveyId, surveyId), eq(surveyAnswers.operatorId, operatorId))),
    d.select({ trainId: surveys.trainId }).from(surveys).where(eq(surveys.id, surveyId)),
  ]);
  const allowed = !s || s.trainId == null || (await isTrainParticipant(operatorId, s.trainId));
  return { surveyId, submitted: !!row, submittedAt: row?.at.toISOString() ?? null, allowed };
}

export async function saveSurvey(operatorId: number, surveyId: number, answers: SurveyAnswers, now: Date = new Date()) {
  const d = await db();
  const [s] = await d.select().from(surveys).where(eq(surveys.id, surveyId));
  if (!s) throw new ServiceError(MSG_SURVEY_MISSING);
  if (s.trainId != null && !(await isTrainParticipant(operatorId, s.trainId)))
    throw new ServiceError(SURVEY_TRAIN_ONLY_MSG);
  const problem = checkSurveyAnswers(s.questions, answers);
  if (problem) throw new ServiceError(problem.message);
  const done = await d
    .insert(surveyAnswers)
    .values({ surveyId, operatorId, answers, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: surveyAnswers.surveyId });
  if (done.length === 0) throw new ServiceError(MSG_SURVEY_DONE);
  return { surveyId, submitted: true };
}

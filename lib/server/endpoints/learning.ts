/**
 * Endpoints of the learning domain, spread into the endpoint table (lib/server/endpoints).
 * Services live in lib/server/services/; body schemas shared with forms live in lib/validation/.
 */
import type { LearningContract } from '@/lib/contract/endpoints';
import { contractTable, endpoint } from './endpoint';
import {
  batchSubmitSchema,
  benchHookSchema,
  certificateIdSchema,
  certificateVerifySchema,
  hoursCertificateSchema,
  seriesIdSchema,
  trainIdSchema,
  yearSchema,
  aiSubtitlesSchema,
  chapterIdSchema,
  courseIdSchema,
  favouriteSchema,
  examIdSchema,
  examListSchema,
  heartbeatSchema,
  replyIdSchema,
  saveAnswerSchema,
  submitExamSchema,
  surveyDetailSchema,
  surveyIdSchema,
  surveySaveSchema,
  lockSchema,
  noteListSchema,
  noteSaveSchema,
  selfTestSubmitSchema,
  archiveSchema,
} from '@/lib/validation/learning';
import { lockCourse, submitBatch, submitHeartbeat } from '../services/learning/study-progress';
import {
  courseProgressView,
  courseView,
  isFavourite,
  listNotes,
  saveNote,
  selfTest,
  selfTestSubmit,
  setFavourite,
} from '../services/learning/course-view';
import { archive } from '../services/learning/archive';
import { playTicket } from '../services/media/hls/play';
import { aiSubtitles } from '../services/learning/ai-subtitles';
import { benchHook } from '../test-hooks/bench-hook';
import { assignStatus, saveSurvey, surveyDetail } from '../services/learning/surveys';
import {
  applyExam,
  checkTimeout,
  examDetail,
  examList,
  examResult,
  paper,
  saveAnswer,
  startExam,
  submitExam,
} from '../services/learning/exams';
import { studyTotalTime } from '../services/learning/study';
import { chooseCourse, courseState } from '../services/learning/course-enrolment';
import {
  applyHoursCertificate,
  applySeriesCertificate,
  applyTrainCertificate,
  certificateDetail,
  verifyCertificate,
} from '../services/learning/certificates';
import { limitAddress } from '../services/accounts/rate-limit';

export const LEARNING_ENDPOINTS = contractTable<keyof LearningContract>({
  // Study totals (SPEC 7); /api/platform/study/totalTime in column mode.
  '/api/study/totalTime': endpoint(yearSchema, 'user', (b, ctx) => studyTotalTime(ctx.user.operatorID, b.year)),

  // 选学 and the learner's state in a course: shared by the catalogue's detail page and the player.
  '/api/course/choose': endpoint(courseIdSchema, 'user', (b, ctx) => chooseCourse(ctx.user.operatorID, b.courseId)),
  '/api/course/state': endpoint(courseIdSchema, 'optional', (b, ctx) =>
    courseState(ctx.user?.operatorID ?? null, b.courseId),
  ),

  // The player (SPEC 7 course: chapter, progress, study submit, lock and batch submit, self test, reviews, summaries).
  '/api/course/view': endpoint(courseIdSchema, 'none', (b, ctx) =>
    courseView({ site: ctx.site, platform: ctx.platform }, b.courseId),
  ),
  '/api/course/progress': endpoint(courseIdSchema, { auth: 'optional', direct: true }, (b, ctx) =>
    courseProgressView(ctx.user?.operatorID ?? null, b.courseId),
  ),
  '/api/study/submit': endpoint(heartbeatSchema, { auth: 'user', direct: true }, (b, ctx) =>
    submitHeartbeat(ctx.user.operatorID, b),
  ),
  '/api/study/batchSubmit': endpoint(batchSubmitSchema, 'user', (b, ctx) => submitBatch(ctx.user.operatorID, b.items)),
  '/api/study/lock': endpoint(lockSchema, 'user', (b, ctx) =>
    lockCourse(ctx.user.operatorID, b.courseId, b.session, b.release ?? false),
  ),
  '/api/course/selfTest': endpoint(chapterIdSchema, 'user', (b, ctx) => selfTest(b.chapterId, ctx)),
  '/api/course/aiSubtitles': endpoint(aiSubtitlesSchema, 'user', (b, ctx) =>
    aiSubtitles(ctx.user, b.chapterId, b.poll === true),
  ),
  '/api/course/playTicket': endpoint(chapterIdSchema, 'optional', (b, ctx) => playTicket(b.chapterId, ctx)),
  '/api/course/selfTestSubmit': endpoint(selfTestSubmitSchema, 'user', (b, ctx) =>
    selfTestSubmit(b.chapterId, b.answers, ctx),
  ),
  '/api/course/summaries': endpoint(noteListSchema, 'none', (b) =>
    listNotes(b.courseId, 'summary', b.pageNum, b.pageSize),
  ),
  '/api/course/reviewSave': endpoint(noteSaveSchema, 'user', (b, ctx) =>
    saveNote(ctx.user.operatorID, { ...b, kind: 'review' }),
  ),
  '/api/course/summarySave': endpoint(noteSaveSchema, 'user', (b, ctx) =>
    saveNote(ctx.user.operatorID, { ...b, kind: 'summary' }),
  ),

  // 收藏 of a course.
  '/api/course/favourite': endpoint(favouriteSchema, 'user', (b, ctx) =>
    setFavourite(ctx.user.operatorID, b.courseId, b.favourite),
  ),
  '/api/course/favouriteState': endpoint(courseIdSchema, { auth: 'optional', direct: true }, (b, ctx) =>
    isFavourite(ctx.user?.operatorID ?? null, b.courseId),
  ),

  // The personal archive (and the science personal area of the student host: same call).
  '/api/personal/archive': endpoint(archiveSchema, { auth: 'user', direct: true }, (b, ctx) =>
    archive({ site: ctx.site, platform: ctx.platform }, ctx.user.operatorID, b.year, undefined, b.section),
  ),

  // Exams (SPEC 3, 4.3, 7). examExaminfo/detail is a silent path: the page opens the exam login (type 17) itself.
  '/api/examExaminfo/list': endpoint(examListSchema, 'optional', (b, ctx) =>
    examList(ctx.user?.operatorID ?? null, { trainId: b.trainId }),
  ),
  '/api/examExaminfo/detail': endpoint(examIdSchema, 'user', (b, ctx) => examDetail(ctx.user.operatorID, b.examId)),
  '/api/examExaminfo/apply': endpoint(examIdSchema, 'user', (b, ctx) => applyExam(ctx.user.operatorID, b.examId)),
  '/api/examReply/start': endpoint(examIdSchema, 'user', (b, ctx) => startExam(ctx.user.operatorID, b.examId)),
  '/api/examReply/paper': endpoint(replyIdSchema, 'user', (b, ctx) => paper(ctx.user.operatorID, b.replyId)),
  '/api/examReply/saveAnswer': endpoint(saveAnswerSchema, 'user', (b, ctx) =>
    saveAnswer(ctx.user.operatorID, b.replyId, b.questionId, b.answer),
  ),
  '/api/examReply/submit': endpoint(submitExamSchema, 'user', (b, ctx) =>
    submitExam(ctx.user.operatorID, b.replyId, b.answers),
  ),
  '/api/examReply/result': endpoint(examIdSchema, 'user', (b, ctx) => examResult(ctx.user.operatorID, b.examId)),
  '/api/examReply/checkTimeout': endpoint(replyIdSchema, 'user', (b, ctx) =>
    checkTimeout(ctx.user.operatorID, b.replyId),
  ),

  // Questionnaires and information collection; assignStatus and save are silent paths (SPEC 8).
  '/api/collection/detail': endpoint(surveyDetailSchema, 'none', (b) => surveyDetail(b)),
  '/api/collection/assignStatus': endpoint(surveyIdSchema, 'user', (b, ctx) =>
    assignStatus(ctx.user.operatorID, b.surveyId),
  ),
  '/api/collection/save': endpoint(surveySaveSchema, 'user', (b, ctx) =>
    saveSurvey(ctx.user.operatorID, b.surveyId, b.answers),
  ),

  // Benchmark hook: answers only with PORTAL_TEST_HOOKS=1 (scripts/bench/learning.mjs).
  '/api/study/benchHook': endpoint(benchHookSchema, 'none', (b) => benchHook(b)),

  // Certificates (SPEC 7 series certificate, train certificates).
  '/api/recommendseries/applicationCertificate': endpoint(seriesIdSchema, 'user', (b, ctx) =>
    applySeriesCertificate({ site: ctx.site, platform: ctx.platform }, ctx.user.operatorID, b.seriesId),
  ),
  '/api/train/applicationCertificate': endpoint(trainIdSchema, 'user', (b, ctx) =>
    applyTrainCertificate(ctx.user.operatorID, b.trainId),
  ),
  '/api/certificate/detail': endpoint(certificateIdSchema, 'user', (b, ctx) =>
    certificateDetail(ctx.user.operatorID, b.certificateId),
  ),
  '/api/certificate/applyHours': endpoint(hoursCertificateSchema, 'user', (b, ctx) =>
    applyHoursCertificate(ctx.user.operatorID, b.year),
  ),
  '/api/certificate/verify': endpoint(certificateVerifySchema, 'none', async (b, ctx) => {
    await limitAddress('certificateVerify', ctx.ip);
    return verifyCertificate(b.code);
  }),
});

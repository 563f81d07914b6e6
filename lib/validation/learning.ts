/** Body schemas of the learning endpoints (player heartbeats, notes, favourites, archive). */
import { z } from 'zod';
import { BATCH_SUBMIT_MAX, HEARTBEAT_MAX_WATCHED_S } from '@/lib/learning/heartbeat-rules';
import { CERTIFICATE_MISSING_MSG } from '@/lib/learning/certificate-svg';
import { id } from './common';
import { V } from './messages';

export { id };
/** Seconds of media: never negative, never absurd (the service checks against the clip itself). */
const seconds = z
  .number()
  .finite()
  .min(0, '不能为负数')
  .max(24 * 3600);

export const heartbeatSchema = z.object({
  submitId: z.string().regex(/^[\w-]{8,64}$/, '提交编号格式不正确'),
  courseId: id,
  chapterId: id,
  position: seconds,
  from: seconds,
  to: seconds,
  watched: z.number().finite().min(0, '不能为负数').max(HEARTBEAT_MAX_WATCHED_S, '单次提交的学习时长过长'),
  lockSession: z
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
});

export const batchSubmitSchema = z.object({ items: z.array(heartbeatSchema).min(1).max(BATCH_SUBMIT_MAX) });

export const lockSchema = z.object({
  courseId: id,
  session: z.string().regex(/^[\w-]{8,64}$/, '会话编号格式不正确'),
  release: z.boolean().optional(),
});

export const courseIdSchema = z.object({ courseId: id });
export const chapterIdSchema = z.object({ chapterId: id });
/** AI subtitles: asking makes the track (a job); `poll` only asks how that job is doing and never queues one. */
export const aiSubtitlesSchema = z.object({ chapterId: id, poll: z.boolean().optional() });

export const selfTestSubmitSchema = z.object({
  chapterId: id,
  answers: z
    .record(z.string().regex(/^\d{1,3}$/), z.int32().min(0).max(20))
    .refine((a) => Object.keys(a).length <= 50, '答案过多'),
});

export const noteListSchema = z.object({
  courseId: id,
  pageNum: z.int32().min(1).max(10_000).default(1),
  pageSize: z.int32().min(1).max(50).default(10),
});

export const NOTE_EMPTY_MSG = '请填写内容';
export const noteSaveSchema = z.object({
  courseId: id,
  rating: z.int32().min(1, '评分为1-5分').max(5, '评分为1-5分').optional(),
  content: z.string().trim().min(1, NOTE_EMPTY_MSG).max(2000, '内容不能超过2000字'),
});

export const favouriteSchema = z.object({ courseId: id, favourite: z.boolean() });

export const yearSchema = z.object({ year: z.int32().min(2000).max(2100).optional() });
/** The personal archive: a year, and optionally the one tab the page shows (only its data is read). */
export const archiveSchema = yearSchema.extend({
  section: z.enum(['archive', 'courses', 'trains', 'exams', 'certificates', 'favourites', 'settings']).optional(),
});

export const examIdSchema = z.object({ examId: id });
export const examListSchema = z.object({ trainId: id.optional() });
export const replyIdSchema = z.object({ replyId: id });
const examAnswer = z.array(z.union([z.int32().min(0).max(50), z.string().max(2000, '答案不能超过2000字')])).max(20);
export const saveAnswerSchema = z.object({ replyId: id, questionId: z.int32().min(1).max(1000), answer: examAnswer });
export const submitExamSchema = z.object({
  replyId: id,
  answers: z
    .record(z.string().regex(/^\d{1,4}$/), examAnswer)
    .refine((a) => Object.keys(a).length <= 200, '答案过多')
    .optional(),
});

export const surveyDetailSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[\w-]{1,40}$/, '问卷编号格式不正确')
      .optional(),
    trainId: id.optional(),
  })
  .refine((b) => b.id != null || b.trainId != null, '请指定问卷');
export const surveyIdSchema = z.object({ surveyId: id });
export const surveySaveSchema = z.object({
  surveyId: id,
  answers: z
    .record(z.string().regex(/^\d{1,4}$/), z.union([z.int32(), z.array(z.int32()).max(50), z.string().max(5000)]))
    .refine((a) => Object.keys(a).length <= 200, '答案过多'),
});

export const seriesIdSchema = z.object({ seriesId: id });
export const trainIdSchema = z.object({ trainId: id });
export const certificateIdSchema = z.object({ certificateId: id });
/** A certificate's verification code as typed or scanned (checked in full by the service: 证书不存在 for any other). */
export const certificateVerifySchema = z.object({
  code: z.string().trim().min(1, V.loginCodeRequired).max(64, CERTIFICATE_MISSING_MSG),
});
/** 学时证明 of a year. */
export const hoursCertificateSchema = z.object({ year: z.int32().min(2000).max(2100) });

/** The benchmark's hook (PORTAL_TEST_HOOKS=1 only). */
export const benchHookSchema = z.object({
  action: z.enum(['setup', 'count', 'memory']),
  count: z.int32().min(1).max(2000).optional(),
  operatorIds: z.array(z.int32().positive()).max(2000).optional(),
});

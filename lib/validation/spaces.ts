/** Body schemas of the spaces domain, shared by the endpoints and the forms (SPEC 7; messages in Chinese). */
import { z } from 'zod';
import { COURSE_CATEGORIES, MAX_PAGE_SIZE } from '@/lib/constants';

export const spaceKind = z.enum(['teacher', 'student', 'org'], { message: '空间类型不正确' });
export const positiveId = z.number({ message: '请提供编号' }).int().positive();
export const spaceRef = z.object({ kind: spaceKind, id: positiveId });
export const paging = {
  pageNum: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(12),
};

export const privacySchema = z.object({
  showCreated: z.boolean(),
  showStudied: z.boolean(),
  showFollows: z.boolean(),
  showFans: z.boolean(),
});

export const topSchema = z.object({
  itemType: z.enum(['course', 'series']),
  itemId: positiveId,
  top: z.boolean(),
});

export const COMMENT_MAX_INPUT = 2000;
export const commentSchema = spaceRef.extend({
  content: z.string().trim().min(1, '请输入评论内容').max(COMMENT_MAX_INPUT, '评论内容过长'),
});

const categoryCodes = COURSE_CATEGORIES.map((c) => c.code) as number[];

/** Basic information of a course in the creation centre (updateBasic). */
export const basicSchema = z.object({
  courseId: positiveId.optional(),
  title: z.string().trim().min(1, '请填写课程名称').max(100, '课程名称不能超过100字'),
  categoryCode: z.number({ message: '请选择课程分类' }).int().refine((c) => categoryCodes.includes(c), '请选择课程分类'),
  cover: z
    .string()
    .trim()
    .max(300)
    .refine((s) => s === '' || s.startsWith('/api/resourceFile/file/'), '封面地址不正确')
    .default(''),
  summary: z.string().trim().max(2000, '课程简介不能超过2000字').default(''),
  audiences: z
    .array(z.enum(['general', 'party', 'student']))
    .min(1, '请至少选择一个发布平台')
    .max(3)
    .default(['general']),
});
export type BasicForm = z.input<typeof basicSchema>;

export const chapterSchema = z.object({
  courseId: positiveId,
  chapterId: positiveId.optional(),
  title: z.string().trim().min(1, '请填写章节名称').max(100, '章节名称不能超过100字'),
  fileId: positiveId,
  durationSeconds: z.number().int().min(0).max(24 * 3600).default(0),
});

export const progressSchema = z.object({
  fileMd5: z.string().regex(/^[a-fA-F0-9]{32}$/, 'MD5格式不正确'),
  fileSize: z.number().int().positive('文件大小不正确'),
  fileName: z
    .string()
    .trim()
    .min(1, '请提供文件名')
    .max(200)
    .refine((s) => !/[\\/\0]/.test(s), '文件名不合法'),
  chunkSize: z.number().int().min(64 * 1024).max(16 * 1024 * 1024),
});

export const reviewSchema = z.object({
  courseId: positiveId,
  auditStatus: z.union([z.literal(1052), z.literal(1053), z.literal(1055)], { message: '审核结果只能是1052、1053或1055' }),
  reason: z.string().trim().max(500).default(''),
});

const score = z.number().int().min(1, '请评分').max(5);
export const assessSchema = z.object({
  trainId: positiveId,
  scores: z.object({ content: score, teacher: score, organisation: score }),
  comment: z.string().trim().max(500, '评价不能超过500字').default(''),
});

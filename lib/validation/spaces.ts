/** Body schemas of the spaces domain, shared by the endpoints and the forms (SPEC 7; messages in Chinese). */
import { z } from 'zod';
import { COURSE_CATEGORIES, MAX_PAGE_SIZE } from '@/lib/constants';
import { formatBytes } from '@/lib/format';
import { id } from './common';

export const spaceKind = z.enum(['teacher', 'student', 'org'], { message: '空间类型不正确' });
export const positiveId = id;
export const spaceRef = z.object({ kind: spaceKind, id: positiveId });
export const paging = {
  pageNum: z.int32().min(1).max(10_000).default(1),
  pageSize: z.int32().min(1).max(MAX_PAGE_SIZE).default(12),
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

/* ---- creation centre: what the server enforces and the forms show before anything is sent ---- */

export type UploadCall = 'courseware' | 'res' | 'file';
/** Size limits per upload call (bytes): course videos and documents, resource files, images (covers). */
export const UPLOAD_LIMITS: Record<UploadCall, number> = {
  courseware: 2 * 1024 * 1024 * 1024,
  res: 20 * 1024 * 1024,
  file: 5 * 1024 * 1024,
};
/** The extensions each upload call accepts (the server also checks the content: lib/server/services/spaces/file-types). */
export const UPLOAD_EXTS: Record<UploadCall, string[]> = {
  courseware: ['mp4', 'm4v', 'mov', 'webm', 'mp3', 'm4a', 'pdf', 'docx', 'pptx', 'xlsx', 'doc', 'ppt', 'xls'],
  res: ['pdf', 'docx', 'pptx', 'xlsx', 'doc', 'ppt', 'xls', 'png', 'jpg', 'jpeg', 'gif', 'webp'],
  file: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
};
/** A limit as a person reads it: 2 GB, 20 MB. */
export const uploadLimitText = (call: UploadCall) => formatBytes(UPLOAD_LIMITS[call]).replace(/\.00 /, ' ');
export const MSG_TYPE = (call: UploadCall) =>
  `不支持的文件类型，仅支持：${UPLOAD_EXTS[call].join('、')}（按文件内容识别）`;
export const MSG_EMPTY_FILE = '文件内容为空';
export const MSG_TOO_BIG = (call: UploadCall) => `文件过大，不能超过${formatBytes(UPLOAD_LIMITS[call])}`;

/** Why a file cannot be sent by this call, from its name and size alone (checked before it is hashed); '' when it may. */
export function uploadRefusal(call: UploadCall, fileName: string, size: number): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(fileName.trim())?.[1].toLowerCase() ?? '';
  if (!UPLOAD_EXTS[call].includes(ext)) return MSG_TYPE(call);
  if (size > UPLOAD_LIMITS[call]) return MSG_TOO_BIG(call);
  if (size === 0) return MSG_EMPTY_FILE;
  return '';
}

/** Submitting a course for review needs a chapter, a cover and a summary of at least this many characters. */
export const SUMMARY_MIN_CHARS = 10;
export const MSG_NO_CHAPTER = '请至少添加一个章节';
export const MSG_NO_COVER = '请上传课程封面';
export const MSG_SUMMARY_SHORT = `课程简介不少于${SUMMARY_MIN_CHARS}个字`;

/** Every unmet requirement of submission, in the machine review's order (it reports the first). */
export function submitRequirements(c: { chapterCount: number; cover: string; summary: string }): string[] {
  return [
    c.chapterCount > 0 ? '' : MSG_NO_CHAPTER,
    c.cover ? '' : MSG_NO_COVER,
    [...c.summary.trim()].length >= SUMMARY_MIN_CHARS ? '' : MSG_SUMMARY_SHORT,
  ].filter(Boolean);
}

/** Basic information of a course in the creation centre (updateBasic). */
export const basicSchema = z.object({
  courseId: positiveId.optional(),
  title: z.string().trim().min(1, '请填写课程名称').max(100, '课程名称不能超过100字'),
  categoryCode: z.int32({ message: '请选择课程分类' }).refine((c) => categoryCodes.includes(c), '请选择课程分类'),
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
  durationSeconds: z
    .int32()
    .min(0)
    .max(24 * 3600)
    .default(0),
});

export const progressSchema = z.object({
  fileMd5: z.string().regex(/^[a-fA-F0-9]{32}$/, 'MD5格式不正确'),
  /** A bigint column: a course video may be 2 GB. */
  fileSize: z.number().int().positive('文件大小不正确'),
  fileName: z
    .string()
    .trim()
    .min(1, '请提供文件名')
    .max(200)
    .refine((s) => !/[\\/\0]/.test(s), '文件名不合法'),
  chunkSize: z
    .int32()
    .min(64 * 1024)
    .max(16 * 1024 * 1024),
});

export const reviewSchema = z.object({
  courseId: positiveId,
  auditStatus: z.union([z.literal(1052), z.literal(1053), z.literal(1055)], {
    message: '审核结果只能是1052、1053或1055',
  }),
  reason: z.string().trim().max(500).default(''),
});

const score = z.int32().min(1, '请评分').max(5);
export const assessSchema = z.object({
  trainId: positiveId,
  scores: z.object({ content: score, teacher: score, organisation: score }),
  comment: z.string().trim().max(500, '评价不能超过500字').default(''),
});

export const byIdSchema = z.object({ id: positiveId });
export const courseIdSchema = z.object({ courseId: positiveId });
export const chapterIdSchema = z.object({ chapterId: positiveId });
export const pagingSchema = z.object(paging);
export const spacePageSchema = spaceRef.extend(paging);
export const spaceCoursesSchema = spaceRef.extend({
  list: z.enum(['created', 'studied'], { message: '列表类型不正确' }),
  ...paging,
});
export const topSaveSchema = topSchema.extend({ kind: spaceRef.shape.kind.optional(), id: positiveId.optional() });
export const stationRecommendSchema = z.object({ pageSize: z.int32().min(1).max(24).default(8) });

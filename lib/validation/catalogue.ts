/** Body schemas of the catalogue endpoints (issue 4): paging with a capped size, ids, codes of SPEC 9. */
import { z } from 'zod';
import {
  COURSE_CATEGORIES,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  POLICY_TYPES,
  TEACHER_TYPES,
  TRAIN_TYPES,
} from '@/lib/constants';
import { searchKeywordSchema } from './search';
import { SITEMAP_CHUNK, SITEMAP_KINDS } from '@/lib/catalogue/sitemap-rules';
import { id } from './common';

const codes = (list: readonly { code: number }[], name: string) =>
  z.int32().refine((v) => list.some((c) => c.code === v), { message: `不是有效的${name}` });

export { id };
/** Paging: page number from 1, page size 1..MAX_PAGE_SIZE (SPEC 7 lists; no caller can ask for the whole table). */
export const paging = z.object({
  pageNum: z.int32().min(1).max(100_000).default(1),
  pageSize: z.int32().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const categoryCodeSchema = codes(COURSE_CATEGORIES, '课程分类');
export const trainTypeSchema = codes(TRAIN_TYPES, '培训类型');
export const teacherTypeSchema = codes(TEACHER_TYPES, '师资类型');
export const policyTypeSchema = codes(POLICY_TYPES, '文件类型');

export const courseListSchema = paging.extend({
  categoryCode: categoryCodeSchema.optional(),
  courseTypeId: id.optional(),
  sort: z.enum(['new', 'hot']).optional(),
});
export const hotListSchema = z.object({
  categoryCode: categoryCodeSchema.optional(),
  pageSize: z.int32().min(1).max(20).default(10),
});
export const byId = z.object({ id });
export const byCourse = z.object({ courseId: id });
export const byTrain = z.object({ trainId: id });
export const bySeries = z.object({ seriesId: id });
/** A manager's correction of a course (title, summary); the summary may be rich text, sanitised when shown. */
export const courseUpdateSchema = z.object({
  id,
  title: z.string().trim().min(1, '请填写课程名称').max(200).optional(),
  summary: z.string().max(20_000).optional(),
});
export const reviewListSchema = paging.extend({ courseId: id });

export const trainFiltersSchema = z.object({
  type: trainTypeSchema.optional(),
  trainTypeId: z.int32().min(0).optional(),
  orgSource: z.int32().min(0).optional(),
  itemType: z.int32().min(0).optional(),
  year: z.int32().min(2000).max(2100).optional(),
  /** 0 or absent: every month. */
  month: z.int32().min(0).max(12).optional(),
  /** 0 all, 1 enrollable, 2 not enrollable. */
  applyState: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});
export const trainListSchema = paging.extend(trainFiltersSchema.shape);
export const trainReviewSchema = z.object({ trainId: id, operatorId: id, approve: z.boolean() });
export const trainStudentsSchema = paging.extend({ trainId: id });

export const seriesListSchema = paging.extend({ recommended: z.boolean().optional() });
export const teacherListSchema = paging.extend({ type: teacherTypeSchema.optional() });
export const liveListSchema = paging.extend({ status: z.enum(['live', 'upcoming', 'ended']).optional() });
export const policyListSchema = paging.extend({ type: policyTypeSchema.optional() });

export const searchSchema = paging.extend({ key: searchKeywordSchema, categoryCode: categoryCodeSchema.optional() });
export const searchFullSchema = z.object({ key: searchKeywordSchema, pageSize: z.int32().min(1).max(10).default(5) });
export const searchKeySchema = z.object({ key: searchKeywordSchema });

/** Publishing a notice (a management write behind the home's notice module). */
export const noticeSaveSchema = z.object({
  title: z.string().trim().min(1, '请填写公告标题').max(200),
  body: z.string().max(20000).default(''),
  isTop: z.boolean().default(false),
  audiences: z
    .array(z.enum(['general', 'party', 'student']))
    .min(1)
    .max(3)
    .default(['general']),
});

export const sitemapCountsSchema = z.object({
  kinds: z.array(z.enum(SITEMAP_KINDS)).max(SITEMAP_KINDS.length).optional(),
});
export const sitemapEntriesSchema = z.object({
  kind: z.enum(SITEMAP_KINDS),
  chunk: z.int32().min(1).max(10_000),
  size: z.int32().min(1).max(SITEMAP_CHUNK),
});

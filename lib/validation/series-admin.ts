/** Body schemas of 系列专题管理 (issue 25): the form's fields with Chinese messages, shared by the form and the endpoints. */
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '@/lib/constants';
import { SERIES_MAX_COURSES } from '@/lib/contract/series-admin';
import { id } from './common';

export const SERIES_TITLE_MAX = 100;
export const SERIES_SUMMARY_MAX = 2000;

export const seriesFormSchema = z.object({
  title: z
    .string({ message: '请填写专题名称' })
    .trim()
    .min(1, '请填写专题名称')
    .max(SERIES_TITLE_MAX, `专题名称不能超过${SERIES_TITLE_MAX}字`),
  summary: z.string().trim().max(SERIES_SUMMARY_MAX, `专题简介不能超过${SERIES_SUMMARY_MAX}字`).default(''),
  cover: z
    .string()
    .trim()
    .max(300)
    .refine(
      (s) => s === '' || s.startsWith('/api/resourceFile/file/') || /^\/covers\/[\w./-]+$/.test(s),
      '封面地址不正确',
    )
    .default(''),
  audiences: z
    .array(z.enum(['general', 'party', 'student']), { message: '请至少选择一个发布平台' })
    .min(1, '请至少选择一个发布平台')
    .max(3)
    .default(['general']),
  /** 推荐专题: only a holder of the power may change it (ignored for others). */
  isRecommended: z.boolean().optional(),
  /** The unit (a manager's choice within their scope); null: the whole institution. Omitted: the default unit. */
  orgId: id.nullable().optional(),
});
export type SeriesFormInput = z.input<typeof seriesFormSchema>;

export const seriesAddSchema = seriesFormSchema;
export const seriesUpdateSchema = seriesFormSchema.extend({ id });
export const seriesIdSchema = z.object({ id });
export const seriesPublishSchema = z.object({ id, published: z.boolean({ message: '请指定发布或取消发布' }) });
export const seriesItemsSchema = z.object({ seriesId: id });
export const seriesItemSchema = z.object({ seriesId: id, courseId: id });
export const seriesOrderSchema = z.object({
  seriesId: id,
  courseIds: z.array(id).min(1).max(SERIES_MAX_COURSES),
});
export const seriesManageListSchema = z.object({
  pageNum: z.int32().min(1).max(100_000).default(1),
  pageSize: z.int32().min(1).max(MAX_PAGE_SIZE).default(20),
  status: z.enum(['all', 'draft', 'published']).default('all'),
});
export const seriesCourseOptionsSchema = z.object({
  key: z.string().trim().max(50, '关键词不能超过50字').default(''),
  pageNum: z.int32().min(1).max(100_000).default(1),
  pageSize: z.int32().min(1).max(20).default(10),
});

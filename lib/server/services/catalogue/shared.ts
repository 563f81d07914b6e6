/**
 * What the catalogue's reads share (SPEC 7 Rest of the catalogue): paging, the course card, the teacher brief.
 * Every read is scoped to the site's audiences (own first, platform calls own audience only), lists only show
 * published courses (auditStatus 1052), and every list is one page query plus one count.
 */
import { COURSE_CATEGORIES } from '@/lib/constants';
import type { Page } from '@/lib/contract/home';
import type { CourseListItem } from '@/lib/contract/catalogue';
import { courses, teachers } from '@/lib/server/db/schema';
import { plainText } from '@/lib/server/rich-text';
import { courseCardColumns } from '../cards';

export interface Paging {
  pageNum: number;
  pageSize: number;
}
export const offset = (p: Paging) => (p.pageNum - 1) * p.pageSize;
export const page = <T>(list: T[], total: number, p: Paging): Page<T> => ({
  list,
  total,
  pageNum: p.pageNum,
  pageSize: p.pageSize,
});
export const categoryName = (code: number) => COURSE_CATEGORIES.find((c) => c.code === code)?.name ?? '';
export const iso = (d: Date) => d.toISOString();

export const courseCardFields = {
  ...courseCardColumns,
  summary: courses.summary,
  score: courses.score,
  isHot: courses.isHot,
};
type CourseRow = { [K in keyof typeof courseCardFields]: unknown } & { categoryCode: number; summary: string };
export const toCourseItem = (r: CourseRow): CourseListItem =>
  ({ ...r, categoryName: categoryName(r.categoryCode), summary: plainText(r.summary, 80) }) as CourseListItem;

export const teacherBriefFields = {
  id: teachers.id,
  name: teachers.name,
  title: teachers.title,
  orgName: teachers.orgName,
  avatar: teachers.avatar,
  intro: teachers.intro,
};

/**
 * 系列专题管理 (issue 25, SPEC 7 "series: items, add, update, delete, publish status"): what the management calls
 * answer. A teacher manages the series they made; a holder of the power "series-manage" those of their units.
 */
import type { Page } from './home';

import type { Audience } from './audiences';

/** A series as its manager sees it, published or not. */
export interface ManagedSeries {
  id: number;
  title: string;
  cover: string;
  summary: string;
  /** The sites chosen in the form (shown there while published). */
  audiences: Audience[];
  /** Listed on /series/class (推荐专题); set by a holder of the power only. */
  isRecommended: boolean;
  published: boolean;
  /** When it was last published; null while it never was since it was made. */
  publishedAt: string | null;
  courseCount: number;
  enrolCount: number;
  /** The unit it belongs to; null: the whole institution (全院). */
  orgId: number | null;
  orgName: string;
  creatorName: string;
  /** It may be deleted: unpublished, and nobody has joined it. */
  deletable: boolean;
}

/** The list of "my series": those one may manage, and whether one may make new ones. */
export interface ManagedSeriesPage extends Page<ManagedSeries> {
  canCreate: boolean;
}

/** A course of a series, in order; `visible` false when it is no longer published (the public page leaves it out). */
export interface SeriesItem {
  courseId: number;
  title: string;
  cover: string;
  teacherName: string;
  visible: boolean;
}

/** A published course offered to the picker. */
export interface SeriesCourseOption {
  id: number;
  title: string;
  teacherName: string;
  cover: string;
}

export const MSG_SERIES_NOT_FOUND = '系列专题不存在';
export const MSG_SERIES_NOT_YOURS = '只能管理自己创建或本单位的系列专题';
export const MSG_SERIES_NO_CREATE = '只有教师和系列专题管理员可以创建系列专题';
export const MSG_SERIES_DELETE_PUBLISHED = '请先取消发布，再删除系列专题';
export const MSG_SERIES_DELETE_ENROLLED = '已有学员加入的系列专题不能删除，可以取消发布';
export const MSG_SERIES_PUBLISH_EMPTY = '请先为系列专题添加课程，再发布';
export const MSG_SERIES_COURSE_NOT_FOUND = '课程不存在或未发布';
export const MSG_SERIES_COURSE_EXISTS = '该课程已在系列专题中';
export const MSG_SERIES_COURSE_MISSING = '该课程不在系列专题中';
export const MSG_SERIES_ORDER_MISMATCH = '课程顺序与系列专题的课程不一致，请刷新后重试';
export const MSG_SERIES_COVER = '封面图片不存在，请重新上传';
/** The most courses one series holds. */
export const SERIES_MAX_COURSES = 100;
/** Refused when a series already holds SERIES_MAX_COURSES courses. */
export const SERIES_FULL_MSG = `一个系列专题最多${SERIES_MAX_COURSES}门课程`;

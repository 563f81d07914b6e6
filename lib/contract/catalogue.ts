/**
 * Shapes of the catalogue's answers (issue 4), shared by the server services and the pages.
 * Field names at the API boundary follow the spec; rich text arrives sanitised (`...Html`).
 */
import type { CourseCard, NewsItem, NoticeItem, SeriesCard, TeacherCard, TrainCard, LiveCard, Page } from './home';

export type { Page };

export interface CourseListItem extends CourseCard {
  summary: string;
  score: number;
  isHot: boolean;
}

export interface Chapter {
  id: number;
  sort: number;
  title: string;
  durationSeconds: number;
  /** A video (or audio), or a document uploaded as the chapter (listed as 文档, not by length). */
  kind: 'video' | 'document';
}

export interface TeacherBrief {
  id: number;
  name: string;
  title: string;
  orgName: string;
  avatar: string;
  intro: string;
}

export interface CourseDetail {
  id: number;
  title: string;
  categoryCode: number;
  categoryName: string;
  courseTypeId: number | null;
  courseTypeName: string;
  cover: string;
  /** Sanitised HTML. */
  summaryHtml: string;
  /** Plain text, for descriptions. */
  summaryText: string;
  durationSeconds: number;
  chapterCount: number;
  studyCount: number;
  score: number;
  publishedAt: string;
  teacher: TeacherBrief | null;
  chapters: Chapter[];
  reviewCount: number;
  /** Average review score x10, 0 when none. */
  reviewScore: number;
}

export interface CourseReview {
  id: number;
  operatorName: string;
  score: number;
  content: string;
  createdAt: string;
}

export interface SeriesDetail extends SeriesCard {
  publishedAt: string;
  enrolCount: number;
  courses: CourseListItem[];
}

export interface SeriesState {
  seriesId: number;
  enrolled: boolean;
  /** Courses of the series the learner has finished. */
  finishedCount: number;
  /** The learner's certificate of this series, once issued. */
  certificateId: number | null;
  /** The series' counts as they are now (a signed-in viewer's state; the detail page is cached, so it may show older ones). */
  counts?: { studyCount: number; enrolCount: number };
}

export interface TrainListItem extends TrainCard {
  summary: string;
  trainTypeName: string;
  orgSourceName: string;
  itemTypeName: string;
  applyStartAt: string | null;
  applyEndAt: string | null;
}

export interface TrainScheduleItem {
  id: number;
  sort: number;
  title: string;
  teacherName: string;
  place: string;
  startAt: string | null;
  endAt: string | null;
}

export interface TrainTextItem {
  id: number;
  sort: number;
  title: string;
  /** Sanitised HTML. */
  bodyHtml: string;
}

export interface TrainAlbumItem {
  id: number;
  title: string;
  imageUrl: string;
}

export interface TrainStudent {
  operatorName: string;
  orgName: string;
}

/** The approved students' list is for holders of the power "application-review" only. */
export const MSG_STUDENTS_MANAGERS_ONLY = '学员名单仅对管理员开放';

export interface TrainDetail extends TrainListItem {
  summaryHtml: string;
  capacity: number;
  applicantCount: number;
  schedule: TrainScheduleItem[];
  assignments: TrainTextItem[];
  albums: TrainAlbumItem[];
  summaries: TrainTextItem[];
  studentCount: number;
}

/** SPEC 4.4 for one viewer: the visitor's status (1-5, 9), or the learner's application (6-8). */
export interface TrainApplyState {
  trainId: number;
  applyStatus: number;
  label: string;
}

export interface LiveDetail extends LiveCard {
  summaryHtml: string;
  teacher: TeacherBrief | null;
  /**
   * The recording of an ended class, or null: the broadcast recorded by the ingest, packaged as HLS
   * (/media/live/ID/hls/index.m3u8), or a clip of the media store (/media/live/ID); for signed-in users.
   */
  replay: { duration: number; hls: boolean } | null;
  /** An ended class that was broadcast, whose recording is still being packaged (回放生成中). */
  replayPending: boolean;
}

/** A signed-in learner's replay of a live class: started, and its recordHours credited (once). */
export interface LiveReplayState {
  id: number;
  recordHours: number;
  /** Seconds of the recording. */
  duration: number;
  started: boolean;
  credited: boolean;
}

/** A class's stream address and key: for its teacher and managers only (services/live/stream-keys.ts). */
export interface LiveStreamInfo {
  id: number;
  /** The RTMP address to give the encoder (OBS: 服务器), e.g. rtmp://live.example.cn/live. */
  rtmpUrl: string;
  /** The stream key (OBS: 串流密钥): `<stream name>?key=<secret>`. */
  streamKey: string;
  /** Publishing is accepted from this time to `publishUntil` (the class's time plus the margin). */
  publishFrom: string;
  publishUntil: string;
  onAir: boolean;
}

/**
 * The live part of a class's page for a viewer (services/live/watching.ts), asked by the page every few seconds:
 * its status now, whether it is broadcast, where its live HLS is (signed-in viewers only), how many watch.
 */
export interface LiveWatchState {
  id: number;
  status: 'upcoming' | 'live' | 'ended';
  /** Milliseconds from now to the start (the countdown), 0 once started. */
  startsInMs: number;
  onAir: boolean;
  /** The live HLS playlist while on air, for a signed-in viewer; null otherwise. */
  hlsUrl: string | null;
  /** Viewers whose page pinged within the last minute, on every instance. */
  viewers: number;
  /** May the caller see the stream key (the class's teacher, a manager)? */
  canStream: boolean;
  recordHours: number;
  /** The caller's watching so far (signed in): seconds counted, and whether recordHours were credited. */
  watchedSeconds: number;
  credited: boolean;
  /** Seconds of watching that credit recordHours (half the class's length, like a replay played at 2x). */
  creditAfterSeconds: number;
  /** Once ended: its replay (as in LiveDetail), and whether a broadcast's recording is still being packaged. */
  replay: LiveDetail['replay'];
  replayPending: boolean;
}

export interface TeacherDetail extends TeacherCard {
  field: string;
  introHtml: string;
  gender: number;
  courses: CourseListItem[];
}

export interface NewsDetail extends NewsItem {
  source: string;
  views: number;
  bodyHtml: string;
  prev: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
}

export interface NoticeDetail extends NoticeItem {
  bodyHtml: string;
  prev: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
}

export interface PolicyItem {
  id: number;
  title: string;
  type: number;
  docNo: string;
  issuer: string;
  publishedAt: string;
}

export interface PolicyDetail extends PolicyItem {
  bodyHtml: string;
}

export type SearchTab = 'course' | 'train' | 'project' | 'teacher' | 'news' | 'notice';

export interface SearchItem {
  id: number;
  title: string;
  /** A short plain-text excerpt around the first match. */
  snippet: string;
  /** Where the result opens. */
  href: string;
  /** A line of facts (category, teacher, date...). */
  meta: string;
  score: number;
}

export interface SearchPage extends Page<SearchItem> {
  /** The words matched, for highlighting (the keyword's words, then its two-character pieces). */
  terms: string[];
  /** 您是不是要找: set when nothing matched the keyword and near misses are shown instead. */
  suggestion?: string;
}

export interface SearchFull {
  key: string;
  terms: string[];
  /** 您是不是要找: set when nothing matched the keyword and near misses are shown instead. */
  suggestion?: string;
  counts: Record<SearchTab, number>;
  /** The best few of each tab. */
  top: Record<SearchTab, SearchItem[]>;
}

export interface CourseTypeCount {
  categoryCode: number;
  name: string;
  count: number;
}

/** A public detail page of a sitemap, with when it last changed. */
export interface SitemapEntry {
  path: string;
  lastModified: string | null;
}

/** A learner waiting for the manager's review of a project application; a Date in-process, a string over HTTP. */
export interface PendingApplication {
  operatorId: number;
  operatorName: string;
  createdAt: Date | string;
}

/** Refusals the services answer (issue 33: each message once, here). */
export const COURSE_TYPE_MISMATCH_MSG = '参数错误：courseTypeId 不是该分类下的课程类型';
export const NOTHING_TO_CHANGE_MSG = '没有需要修改的内容';
export const NO_PENDING_APPLICATION_MSG = '没有待审核的报名';
export const SERIES_ALREADY_JOINED_MSG = '您已加入该系列专题，请勿重复报名';
export const TRAIN_FULL_MSG = '报名人数已满';
export const TRAIN_NOT_FOUND_MSG = '培训项目不存在';
/** A list filter whose value is not one of the dictionary's (trains). */
export const invalidFilterMsg = (key: string): string => `参数错误：${key} 不是有效的筛选条件`;

/** What the services answer (moved from lib/server/services: each message once, here). */
export const MSG_NOTICE_MISSING = '公告不存在';
export const MSG_NOT_PUBLISHED = '该公告未发布，无需撤回';

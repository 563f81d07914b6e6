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
  /** The recording of an ended class (played at /media/live/ID by signed-in users), or null. */
  replay: { duration: number } | null;
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

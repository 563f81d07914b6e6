/**
 * The reviewer's and publisher's screens (issue 25): the queue of submitted courses with a preview, and the notices
 * a holder of "notice-publish" writes, publishes, pins and withdraws. Shared by lib/server/endpoints/management.ts
 * and components/management/{review,notices}.
 */
import type { ChapterView } from './learning';

/** A course waiting for a person (1054 in approval, 1056 changed after a return), oldest submission first. */
export interface ReviewQueueRow {
  courseId: number;
  title: string;
  cover: string;
  categoryName: string;
  auditStatus: number;
  auditLabel: string;
  chapterCount: number;
  creatorName: string;
  orgName: string;
  submittedAt: string;
}

export interface ReviewHistoryItem {
  kind: string;
  fromStatus: number;
  toStatus: number;
  reason: string;
  createdAt: string;
}

/** What a reviewer sees of a submitted course: its basic information, chapters (playable) and review history. */
export interface ReviewPreview extends ReviewQueueRow {
  /** Sanitised rich text, as the course page shows it. */
  summaryHtml: string;
  audiences: string[];
  auditReason: string;
  chapters: ChapterView[];
  history: ReviewHistoryItem[];
}

export const NOTICE_STATUSES = ['published', 'draft', 'withdrawn'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
export const NOTICE_STATUS_NAMES: Record<NoticeStatus, string> = {
  published: '已发布',
  draft: '草稿',
  withdrawn: '已撤回',
};

export interface NoticeAdminRow {
  id: number;
  title: string;
  status: NoticeStatus;
  isTop: boolean;
  /** The sites it is (or will be, once published) shown on. */
  audiences: string[];
  publishedAt: string | null;
  updatedAt: string;
}

export interface NoticeAdminDetail extends NoticeAdminRow {
  /** The body as written (the editor's text). */
  body: string;
  /** The body as the public notice page shows it (sanitised on the server). */
  bodyHtml: string;
}

export const NOTICE_ACTIONS = ['publish', 'withdraw', 'pin', 'unpin'] as const;
export type NoticeAction = (typeof NOTICE_ACTIONS)[number];

/**
 * Notifications (issue 25): the inbox's items, the header's count and the e-mail preference. Shared by the
 * endpoints (lib/server/endpoints/notifications.ts) and the screens (components/notifications).
 */
import type { Page } from './home';

export const NOTIFICATION_KINDS = [
  'train-review',
  'course-review',
  'exam-window',
  'certificate',
  'hours-short',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The tag shown beside each item. */
export const NOTIFICATION_KIND_NAMES: Record<NotificationKind, string> = {
  'train-review': '报名审核',
  'course-review': '课程审核',
  'exam-window': '考试提醒',
  certificate: '证书',
  'hours-short': '学时提醒',
};

export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of the site, '' when there is nothing to open. */
  link: string;
  read: boolean;
  createdAt: string;
}

/** A page of the inbox, newest first, with the unread count (so the header's badge can follow). */
export interface NotificationPage extends Page<NotificationItem> {
  unread: number;
}

export interface UnreadCount {
  unread: number;
}

export interface NotificationSettings {
  /** E-mail copies of the inbox's messages; the inbox always gets them. */
  email: boolean;
  /** Whether the account has an e-mail address at all (no address: nothing is mailed whatever the choice). */
  hasEmail: boolean;
}

/** The inbox's address. */
export const INBOX_PATH = '/personal/messages';

/**
 * Endpoints of notifications (issue 25): the signed-in learner's inbox, its unread count (the header's badge),
 * marking read and the e-mail preference. Each answers the caller's own messages only.
 */
import type { NotificationsContract } from '@/lib/contract/endpoints';
import { emptySchema as empty } from '@/lib/validation/common';
import {
  notificationListSchema,
  notificationReadSchema,
  notificationSettingsSchema,
} from '@/lib/validation/notifications';
import { contractTable, endpoint } from './endpoint';
import {
  listNotifications,
  markAllRead,
  markRead,
  notificationSettingsOf,
  saveNotificationSettings,
  unreadCount,
} from '../services/notifications/inbox';

export const NOTIFICATION_ENDPOINTS = contractTable<keyof NotificationsContract>({
  '/api/notification/list': endpoint(notificationListSchema, 'user', (b, ctx) =>
    listNotifications(ctx.user.operatorID, b),
  ),
  '/api/notification/unreadCount': endpoint(empty, 'user', (_b, ctx) => unreadCount(ctx.user.operatorID)),
  '/api/notification/read': endpoint(notificationReadSchema, 'user', (b, ctx) => markRead(ctx.user.operatorID, b.ids)),
  '/api/notification/readAll': endpoint(empty, 'user', (_b, ctx) => markAllRead(ctx.user.operatorID)),
  '/api/notification/settings': endpoint(empty, 'user', (_b, ctx) => notificationSettingsOf(ctx.user.operatorID)),
  '/api/notification/saveSettings': endpoint(notificationSettingsSchema, 'user', (b, ctx) =>
    saveNotificationSettings(ctx.user.operatorID, b.email),
  ),
});

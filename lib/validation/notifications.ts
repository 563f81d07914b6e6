/** Body schemas of the notification endpoints (issue 25). */
import { z } from 'zod';
import { id } from './common';

export const notificationListSchema = z.object({
  pageNum: z.int32().min(1).max(100_000).default(1),
  pageSize: z.int32().min(1).max(50).default(10),
  /** Only the unread ones. */
  unread: z.boolean().optional(),
});

export const notificationReadSchema = z.object({ ids: z.array(id).min(1).max(100) });

export const notificationSettingsSchema = z.object({ email: z.boolean() });

/**
 * The learner's inbox (issue 25): a page of messages newest first, the unread count (the header's badge: one
 * count on a partial index of unread rows), marking read, and the e-mail preference. Every query is the caller's own.
 */
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type {
  NotificationItem,
  NotificationKind,
  NotificationPage,
  NotificationSettings,
  UnreadCount,
} from '@/lib/contract/notifications';
import { db } from '@/lib/server/db';
import { notifications, notificationSettings, operators } from '@/lib/server/db/schema';

export async function unreadCount(operatorId: number): Promise<UnreadCount> {
  const [row] = await (
    await db()
  )
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.operatorId, operatorId), isNull(notifications.readAt)));
  return { unread: Number(row?.n ?? 0) };
}

export async function listNotifications(
  operatorId: number,
  q: { pageNum: number; pageSize: number; unread?: boolean },
): Promise<NotificationPage> {
  const d = await db();
  const where: SQL | undefined = q.unread
    ? and(eq(notifications.operatorId, operatorId), isNull(notifications.readAt))
    : eq(notifications.operatorId, operatorId);
  const [rows, [total], unread] = await Promise.all([
    d
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    d.select({ n: count() }).from(notifications).where(where),
    unreadCount(operatorId),
  ]);
  const list: NotificationItem[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind as NotificationKind,
    title: r.title,
    body: r.body,
    link: r.link,
    read: r.readAt != null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { list, total: Number(total.n), pageNum: q.pageNum, pageSize: q.pageSize, unread: unread.unread };
}

/** Marks the caller's own messages read (another learner's ids change nothing); answers the new count. */
export async function markRead(operatorId: number, ids: number[]): Promise<UnreadCount> {
  await (
    await db()
  )
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.operatorId, operatorId), inArray(notifications.id, ids), isNull(notifications.readAt)));
  return unreadCount(operatorId);
}

export async function markAllRead(operatorId: number): Promise<UnreadCount> {
  await (
    await db()
  )
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.operatorId, operatorId), isNull(notifications.readAt)));
  return { unread: 0 };
}

export async function notificationSettingsOf(operatorId: number): Promise<NotificationSettings> {
  const d = await db();
  const [[setting], [op]] = await Promise.all([
    d
      .select({ email: notificationSettings.email })
      .from(notificationSettings)
      .where(eq(notificationSettings.operatorId, operatorId)),
    d.select({ email: operators.email }).from(operators).where(eq(operators.id, operatorId)),
  ]);
  return { email: setting?.email ?? true, hasEmail: Boolean(op?.email) };
}

export async function saveNotificationSettings(operatorId: number, email: boolean): Promise<NotificationSettings> {
  await (
    await db()
  )
    .insert(notificationSettings)
    .values({ operatorId, email, updatedAt: new Date() })
    .onConflictDoUpdate({ target: notificationSettings.operatorId, set: { email, updatedAt: new Date() } });
  return notificationSettingsOf(operatorId);
}

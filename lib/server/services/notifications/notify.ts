/**
 * notify(): a message in the learner's inbox and, unless they turned e-mail off or have no address, an e-mail sent
 * by a job (notification-mail) so that no request waits for a mail server. The services call it where an event
 * happens (an application reviewed, a course reviewed, a certificate issued); the scheduled reminders insert
 * their rows in bulk and hand the new ids to queueNotificationMails.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '@/lib/contract/notifications';
import { INBOX_PATH } from '@/lib/contract/notifications';
import { siteOrigin, siteTitle, type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import { notifications, notificationSettings, operators } from '@/lib/server/db/schema';
import { JOBS, queueJob } from '@/lib/server/jobs';
import { escapeHtml, sendMail } from '@/lib/server/messaging/mail';
import { log } from '@/lib/server/ops/log';

export interface NotificationInput {
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of the site, e.g. /train/detail?id=3. */
  link: string;
  /** Reminders only: the same key never reaches a learner twice (per exam, per week). */
  dedupeKey?: string;
}

export type Inserted = { id: number; operatorId: number };

/** Ids per mail job: a job sends at most this many messages. */
export const MAIL_BATCH = 200;

/** One message to each of the learners; the ids of the rows written (none for a key a learner already had). */
export async function notify(operatorIds: number | number[], n: NotificationInput): Promise<Inserted[]> {
  const ids = [...new Set(Array.isArray(operatorIds) ? operatorIds : [operatorIds])];
  return notifyEach(ids.map((operatorId) => ({ operatorId, ...n })));
}

/** A message of its own to each learner (the weekly reminder's figures differ per learner). */
export async function notifyEach(items: (NotificationInput & { operatorId: number })[]): Promise<Inserted[]> {
  if (items.length === 0) return [];
  const d = await db();
  const inserted = await d
    .insert(notifications)
    .values(
      items.map((i) => ({
        operatorId: i.operatorId,
        kind: i.kind,
        title: i.title,
        body: i.body,
        link: i.link,
        dedupeKey: i.dedupeKey ?? null,
      })),
    )
    // The partial unique index on (operator_id, dedupe_key): a reminder already given is skipped, in one statement.
    .onConflictDoNothing()
    .returning({ id: notifications.id, operatorId: notifications.operatorId });
  await queueNotificationMails(inserted);
  return inserted;
}

/**
 * Queues the e-mails of new inbox rows, for learners with an address who did not turn e-mail off. A failure to
 * queue is logged, not thrown: the event itself (and its inbox row) has happened.
 */
export async function queueNotificationMails(rows: Inserted[]): Promise<void> {
  if (rows.length === 0) return;
  const d = await db();
  const owners = [...new Set(rows.map((r) => r.operatorId))];
  const mailable = new Set<number>();
  for (let i = 0; i < owners.length; i += 1000) {
    const chunk = owners.slice(i, i + 1000);
    const found = await d
      .select({ id: operators.id })
      .from(operators)
      .leftJoin(notificationSettings, eq(notificationSettings.operatorId, operators.id))
      .where(
        and(
          inArray(operators.id, chunk),
          sql`${operators.email} is not null and ${operators.email} <> ''`,
          eq(operators.isActivated, true),
          sql`coalesce(${notificationSettings.email}, true)`,
        ),
      );
    for (const f of found) mailable.add(f.id);
  }
  const ids = rows.filter((r) => mailable.has(r.operatorId)).map((r) => r.id);
  for (let i = 0; i < ids.length; i += MAIL_BATCH) {
    const batch = ids.slice(i, i + MAIL_BATCH);
    await queueJob(JOBS.notificationMail, { ids: batch }, `notification-mail:${batch[0]}`).catch((err: Error) =>
      log.warn({ err: err.message, ids: batch.length }, 'cannot queue notification mails'),
    );
  }
}

/** The site a learner's mail links to: the one of their audience. */
const siteOfAudience = (audience: string): Site => ({
  variant: audience === 'party' ? 'party' : audience === 'student' ? 'student' : 'main',
  dx: false,
});

/**
 * The notification-mail job: each message not yet mailed, to an owner who still wants mail, is sent and marked.
 * A retry after a failure sends only the rest.
 */
export async function runNotificationMailJob(data: Record<string, unknown>): Promise<void> {
  const ids = Array.isArray(data.ids) ? data.ids.map(Number).filter(Number.isInteger) : [];
  if (ids.length === 0) return;
  const d = await db();
  const rows = await d
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      email: operators.email,
      name: operators.name,
      audience: operators.audience,
    })
    .from(notifications)
    .innerJoin(operators, eq(operators.id, notifications.operatorId))
    .leftJoin(notificationSettings, eq(notificationSettings.operatorId, operators.id))
    .where(
      and(
        inArray(notifications.id, ids),
        isNull(notifications.mailedAt),
        sql`${operators.email} is not null and ${operators.email} <> ''`,
        sql`coalesce(${notificationSettings.email}, true)`,
      ),
    )
    .orderBy(notifications.id);
  for (const r of rows) {
    const site = siteOfAudience(r.audience);
    const origin = siteOrigin(site);
    const link = r.link ? `${origin}${r.link}` : `${origin}${INBOX_PATH}`;
    const inbox = `${origin}${INBOX_PATH}`;
    await sendMail({
      to: r.email!,
      subject: `【${siteTitle(site)}】${r.title}`,
      text: `${r.name}，您好！\n\n${r.body}\n\n查看详情：${link}\n\n全部消息见“我的消息”：${inbox}\n不想再收到这类邮件，可在“我的消息”页面关闭邮件通知；站内消息照常保留。`,
      html: `<p>${escapeHtml(r.name)}，您好！</p><p>${escapeHtml(r.body)}</p><p>查看详情：<a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p style="color:#666">全部消息见“<a href="${escapeHtml(inbox)}">我的消息</a>”。不想再收到这类邮件，可在“我的消息”页面关闭邮件通知；站内消息照常保留。</p>`,
      link,
    });
    await d.update(notifications).set({ mailedAt: new Date() }).where(eq(notifications.id, r.id));
  }
}

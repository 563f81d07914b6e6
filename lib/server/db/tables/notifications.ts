/**
 * Notifications (issue 25): the in-site inbox, the learner's e-mail preference, and the rounds of the weekly
 * reminder already done. Written by lib/server/services/notifications; an e-mail is a job (notification-mail).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** What happened: train-review, course-review, exam-window, certificate, hours-short. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path of the site (e.g. /train/detail?id=3); '' when there is nothing to open. */
    link: text('link').notNull().default(''),
    /** A scheduled reminder's key (per exam, per week): the same key never reaches a learner twice. */
    dedupeKey: text('dedupe_key'),
    readAt: at('read_at'),
    /** Set when its e-mail went out, so a retried mail job does not send it again. */
    mailedAt: at('mailed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_inbox_idx').on(t.operatorId, t.id),
    // The header's count reads this small index only.
    index('notifications_unread_idx')
      .on(t.operatorId)
      .where(sql`read_at is null`),
    uniqueIndex('notifications_dedupe_idx')
      .on(t.operatorId, t.dedupeKey)
      .where(sql`dedupe_key is not null`),
  ],
);

/** A learner's choice; no row means e-mail on. */
export const notificationSettings = pgTable('notification_settings', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A whole round of a scheduled reminder (e.g. hours-short:2026-W48) once done: later runs that week skip the scan. */
export const notificationRounds = pgTable('notification_rounds', {
  key: text('key').primaryKey(),
  doneAt: at('done_at').notNull().defaultNow(),
});

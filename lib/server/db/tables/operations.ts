/**
 * The operations log (等保2.0 asks for one): who signed in, out, changed a password, reviewed a course or an
 * application, published a notice, and what was refused. Written by lib/server/services/management/operation-log,
 * read by managers through /api/manage/operationLog. Rows are never updated; no foreign key, so an entry outlives
 * the account it names.
 */
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** null when the actor is not known (a failed sign-in names only the login name tried). */
    operatorId: integer('operator_id'),
    userId: text('user_id').notNull().default(''),
    /** sign-in, sign-out, password-change, password-reset, course-review, notice-publish, application-review, admin-create, forbidden */
    action: text('action').notNull(),
    /** ok, failed (the call was refused for its input), denied (no right to it) */
    outcome: text('outcome').notNull(),
    target: text('target').notNull().default(''),
    detail: text('detail').notNull().default(''),
    ip: text('ip').notNull().default(''),
    requestId: text('request_id').notNull().default(''),
  },
  (t) => [
    index('operation_logs_at_idx').on(t.at.desc(), t.id.desc()),
    index('operation_logs_operator_idx').on(t.operatorId, t.at),
  ],
);

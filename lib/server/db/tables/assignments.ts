/**
 * Hand-ins of a training project's assignments (/train/task, issue 26): one per learner and assignment (a
 * train_items row of kind 'assignment'), replaced until the deadline, marked by a manager.
 */
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './accounts';
import { trainItems } from './catalogue';

/** A file of a hand-in: an uploaded file (upload_files) and the name the learner gave it. */
export interface SubmissionFileRef {
  fileId: number;
  name: string;
}

export const assignmentSubmissions = pgTable(
  'assignment_submissions',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => trainItems.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    files: jsonb('files').$type<SubmissionFileRef[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** 0-100; null until marked. A replacement clears the mark (the new text has not been read). */
    score: smallint('score'),
    comment: text('comment').notNull().default(''),
    markedBy: integer('marked_by').references(() => operators.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('assignment_submissions_item_operator_idx').on(t.itemId, t.operatorId),
    index('assignment_submissions_operator_idx').on(t.operatorId),
  ],
);

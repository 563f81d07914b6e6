/**
 * Columns shared by the tables of every domain. Content tables carry `audiences`: the audiences (general, party,
 * student) they are published to.
 */
import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';
export const audiences = () =>
  text('audiences')
    .array()
    .notNull()
    .default(sql`'{general}'::text[]`);
export const created = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

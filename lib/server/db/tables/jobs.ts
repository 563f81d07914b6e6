/**
 * The job queue of the embedded database (lib/server/jobs/local-runner.ts). On PostgreSQL pg-boss keeps its own
 * tables in the `pgboss` schema instead; this one is created there too (one schema for both) but stays empty.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    // pg-boss's names: created, retry, active, completed, failed.
    state: text('state').notNull().default('created'),
    singletonKey: text('singleton_key'),
    retryCount: integer('retry_count').notNull().default(0),
    retryLimit: integer('retry_limit').notNull().default(2),
    retryDelaySeconds: integer('retry_delay_seconds').notNull().default(30),
    retryBackoff: boolean('retry_backoff').notNull().default(true),
    startAfter: at('start_after').notNull().defaultNow(),
    startedAt: at('started_at'),
    completedAt: at('completed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The last failure's message. */
    output: text('output').notNull().default(''),
  },
  (t) => [
    // A key names one piece of work: at most one job for it is waiting or running.
    uniqueIndex('jobs_singleton')
      .on(t.name, t.singletonKey)
      .where(sql`state in ('created', 'retry', 'active') and singleton_key is not null`),
    index('jobs_due').on(t.state, t.startAfter),
    index('jobs_key').on(t.name, t.singletonKey, t.id),
  ],
);

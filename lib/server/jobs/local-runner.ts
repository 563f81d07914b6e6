/**
 * The job runner of the embedded database: jobs are rows of the `jobs` table, so a job queued before a restart is
 * still there after it. PGlite is one process, so a job runs once by construction; the claim is still one atomic
 * UPDATE (`for update skip locked`), so the drain of a test and a running worker never take the same job.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { jobs } from '@/lib/server/db/schema';
import type { DrainOptions, JobInfo, JobRunner, JobState, QueueDefinition } from './types';
import { log } from '@/lib/server/ops/log';

type JobRow = typeof jobs.$inferSelect;

/** A worker with nothing to do looks again after this long (a job queued by this process wakes it at once). */
const IDLE_POLL_MS = 2000;

const info = (row: JobRow): JobInfo => ({
  id: String(row.id),
  state: row.state as JobState,
  retryCount: row.retryCount,
  startAfter: row.startAfter,
  output: row.output,
});

/** The n-th retry (n >= 1) waits `delay * 2^(n-1)` with back-off, `delay` without. */
export function retryDelayMs(
  policy: Pick<QueueDefinition, 'retryDelaySeconds' | 'retryBackoff'>,
  retry: number,
): number {
  return policy.retryDelaySeconds * 1000 * (policy.retryBackoff ? 2 ** Math.max(0, retry - 1) : 1);
}

export function createLocalRunner(
  queues: Record<string, QueueDefinition>,
  options: { idlePollMs?: number } = {},
): JobRunner {
  const idlePollMs = options.idlePollMs ?? IDLE_POLL_MS;
  let stopping = false;
  let recovered: Promise<void> | null = null;
  const loops: Promise<void>[] = [];
  const wakers = new Map<string, () => void>();
  const timers: NodeJS.Timeout[] = [];

  /**
   * A job still `active` when the runner opens was running when the process stopped: it is tried again (counted as a
   * try, so a job that kills the process every time ends as failed rather than looping).
   */
  const recover = () =>
    (recovered ??= (async () => {
      await (
        await db()
      )
        .update(jobs)
        .set({
          state: sql`case when ${jobs.retryCount} < ${jobs.retryLimit} then 'retry' else 'failed' end`,
          retryCount: sql`${jobs.retryCount} + 1`,
          output: 'interrupted: the process stopped while it ran',
        })
        .where(eq(jobs.state, 'active'));
    })());

  const claim = async (name: string, now: Date): Promise<JobRow | null> => {
    const d = await db();
    const next = sql`(select ${jobs.id} from ${jobs} where ${jobs.name} = ${name} and ${jobs.state} in ('created', 'retry') and ${jobs.startAfter} <= ${now.toISOString()}::timestamptz order by ${jobs.id} limit 1 for update skip locked)`;
    const [row] = await d.update(jobs).set({ state: 'active', startedAt: now }).where(eq(jobs.id, next)).returning();
    return row ?? null;
  };

  const run = async (row: JobRow, clock: () => Date): Promise<void> => {
    const queue = queues[row.name];
    const d = await db();
    try {
      if (!queue) throw new Error(`no handler for job ${row.name}`);
      let timer: NodeJS.Timeout | undefined;
      // The handler is not stopped (it may hold a child process with its own limit); the queue just moves on.
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`expired after ${queue.expireInSeconds} s`)),
          queue.expireInSeconds * 1000,
        );
      });
      try {
        await Promise.race([queue.handler(row.data), expired]);
      } finally {
        clearTimeout(timer);
      }
      await d.update(jobs).set({ state: 'completed', completedAt: clock() }).where(eq(jobs.id, row.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retry = queue != null && row.retryCount < row.retryLimit;
      const now = clock();
      const startAfter = retry ? new Date(now.getTime() + retryDelayMs(queue, row.retryCount + 1)) : row.startAfter;
      log.warn({ job: row.name, id: row.id, try: row.retryCount + 1, retry, err: message }, 'job failed');
      await d
        .update(jobs)
        .set({
          state: retry ? 'retry' : 'failed',
          retryCount: retry ? row.retryCount + 1 : row.retryCount,
          startAfter,
          completedAt: retry ? null : now,
          output: message.slice(0, 2000),
        })
        .where(eq(jobs.id, row.id));
    }
  };

  const work = async (name: string) => {
    await recover();
    while (!stopping) {
      const row = await claim(name, new Date()).catch((err: Error) => {
        log.warn({ job: name, err: err.message }, 'cannot read the job queue');
        return null;
      });
      if (row) {
        await run(row, () => new Date());
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, idlePollMs);
        wakers.set(name, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      wakers.delete(name);
    }
  };

  const send = async (name: string, data: Record<string, unknown>, singletonKey?: string): Promise<string | null> => {
    if (!queues[name]) throw new Error(`unknown job ${name}`);
    const q = queues[name];
    const [row] = await (
      await db()
    )
      .insert(jobs)
      .values({
        name,
        data,
        singletonKey: singletonKey ?? null,
        retryLimit: q.retryLimit,
        retryDelaySeconds: q.retryDelaySeconds,
        retryBackoff: q.retryBackoff,
        // Due from now by this process's clock, which claim() compares with: the database's now() carries
        // microseconds, so a drain in the same millisecond would find the job not yet due.
        startAfter: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    if (row) wakers.get(name)?.();
    return row ? String(row.id) : null;
  };

  return {
    kind: 'local',
    send,
    async latest(name, singletonKey) {
      const [row] = await (
        await db()
      )
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, name), eq(jobs.singletonKey, singletonKey)))
        .orderBy(desc(jobs.id))
        .limit(1);
      return row ? info(row) : null;
    },
    async byId(name, id) {
      if (!/^\d+$/.test(id)) return null;
      const [row] = await (
        await db()
      )
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, name), eq(jobs.id, Number(id))))
        .limit(1);
      return row ? info(row) : null;
    },
    async start() {
      stopping = false;
      for (const name of Object.keys(queues)) loops.push(work(name));
      for (const [name, q] of Object.entries(queues)) {
        if (!q.everyMinutes) continue;
        // The key makes a tick that finds the last one still waiting a no-op.
        const tick = () =>
          void send(name, {}, name).catch((err: Error) =>
            log.warn({ job: name, err: err.message }, 'cannot schedule a job'),
          );
        tick();
        const timer = setInterval(tick, q.everyMinutes * 60_000);
        timer.unref();
        timers.push(timer);
      }
    },
    async drain(opts: DrainOptions = {}) {
      await recover();
      const clock = () => opts.at ?? new Date();
      const names = opts.names ?? Object.keys(queues);
      let ran = 0;
      for (let progress = true; progress;) {
        progress = false;
        for (const name of names) {
          const row = await claim(name, clock());
          if (!row) continue;
          await run(row, clock);
          ran++;
          progress = true;
        }
      }
      return ran;
    },
    async stop() {
      stopping = true;
      for (const t of timers.splice(0)) clearInterval(t);
      for (const wake of wakers.values()) wake();
      await Promise.all(loops.splice(0));
    },
  };
}

/** Every job of the given queues, oldest first (tests and docs/operating.md, Jobs). */
export async function localJobs(names: string[]): Promise<JobRow[]> {
  return (await db()).select().from(jobs).where(inArray(jobs.name, names)).orderBy(asc(jobs.id));
}

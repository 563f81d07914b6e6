/**
 * The job queue (docs/design.md §6a): slow work (trial cuts, AI subtitles, upload sweeps) is queued by the request and run by
 * workers started with the server (workers.ts, from instrumentation.ts). pg-boss on PostgreSQL (DATABASE_URL); on the
 * embedded PGlite the local runner keeps the jobs in our `jobs` table. One runner per process, on globalThis like the
 * database handle; it is stopped with the database (closeDb), so tests need nothing more than they have.
 */
import { onCloseDb } from '@/lib/server/db';
import { createLocalRunner } from './local-runner';
import { createPgBossRunner } from './pg-boss-runner';
import { JOBS, POLICIES, type JobName } from './queues';
import type { JobHandler, JobInfo, JobRunner, JobState, QueueDefinition } from './types';
import { config } from '@/lib/server/config';
import { metrics } from '@/lib/server/ops/metrics';

export { JOBS, type JobName, type JobInfo, type JobState };

type Entry = { runner: JobRunner; started: boolean };
const g = globalThis as unknown as { __portalJobs?: Entry; __portalJobHandlers?: Map<string, JobHandler> };
const handlers = (g.__portalJobHandlers ??= new Map());

/** workers.ts gives each queue its handler (a job of a queue without one fails, and is retried). */
export function registerJobHandlers(map: Record<JobName, JobHandler>): void {
  for (const [name, fn] of Object.entries(map)) handlers.set(name, fn);
}

const queues: Record<string, QueueDefinition> = Object.fromEntries(
  Object.entries(POLICIES).map(([name, policy]) => [
    name,
    {
      ...policy,
      handler: async (data: Record<string, unknown>) => {
        const fn = handlers.get(name);
        if (!fn) throw new Error(`no handler for job ${name} in this process`);
        try {
          await fn(data);
          metrics().jobs.inc({ job: name, outcome: 'done' });
        } catch (err) {
          metrics().jobs.inc({ job: name, outcome: 'failed' });
          throw err;
        }
      },
    },
  ]),
);

/** This process's runner (made on first use). */
export function jobRunner(): Entry {
  if (!g.__portalJobs) {
    const url = config().DATABASE_URL;
    const runner = url
      ? createPgBossRunner(queues, { connectionString: url, max: config().JOBS_POOL_SIZE })
      : createLocalRunner(queues);
    const entry = { runner, started: false };
    g.__portalJobs = entry;
    onCloseDb(async () => {
      if (g.__portalJobs === entry) g.__portalJobs = undefined;
      await runner.stop();
    });
  }
  return g.__portalJobs;
}

/** Queues a job; null when the same work (same key) is already waiting or running. */
export function queueJob(name: JobName, data: Record<string, unknown>, singletonKey?: string): Promise<string | null> {
  return jobRunner().runner.send(name, data, singletonKey);
}

/** The newest job for that key: what a page waiting for it shows (处理中 while it is waiting or running). */
export function latestJob(name: JobName, singletonKey: string): Promise<JobInfo | null> {
  return jobRunner().runner.latest(name, singletonKey);
}

/** Waiting, retrying or running. */
export function jobPending(job: JobInfo | null): boolean {
  return job != null && (job.state === 'created' || job.state === 'retry' || job.state === 'active');
}

export async function stopJobs(): Promise<void> {
  const entry = g.__portalJobs;
  g.__portalJobs = undefined;
  await entry?.runner.stop();
}

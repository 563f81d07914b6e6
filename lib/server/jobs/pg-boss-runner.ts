/**
 * The job runner on PostgreSQL: pg-boss (its own tables in the `pgboss` schema, made and migrated by pg-boss at its
 * start under an advisory lock). A job is claimed with `for update skip locked`, so with N instances working the
 * same queue it runs once; a job whose instance died is expired by pg-boss's maintenance and retried.
 *
 * pg-boss 10 is the last major release for Node 20 (11 and 12 need Node 22), the Node of this machine.
 */
import { randomUUID } from 'node:crypto';
// Loaded on first use: a process on PGlite (and a test in a browser-like environment) never loads pg-boss or pg.
import type PgBoss from 'pg-boss';
import type { DrainOptions, JobInfo, JobRunner, JobState, QueueDefinition } from './types';
import { log } from '@/lib/server/ops/log';

interface JobRowSql {
  id: string;
  state: JobState;
  retry_count: number;
  start_after: Date;
  output: { message?: string; value?: unknown } | null;
}

const messageOf = (output: JobRowSql['output']): string =>
  output?.message ? String(output.message) : output?.value != null ? String(output.value) : '';

export interface PgBossRunnerOptions {
  connectionString: string;
  /** Connections of pg-boss's own pool (its workers poll; the portal's pool is left to requests). */
  max?: number;
  /** How often an idle worker polls for a job (seconds; pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
}

export function createPgBossRunner(queues: Record<string, QueueDefinition>, options: PgBossRunnerOptions): JobRunner {
  let ready: Promise<PgBoss> | null = null;
  let stopped = false;

  const boss = () =>
    (ready ??= (async () => {
      const { default: Boss } = await import('pg-boss');
      const b = new Boss({
        connectionString: options.connectionString,
        max: options.max ?? 4,
        application_name: 'portal-jobs',
      });
      // Without a listener an 'error' event (a lost connection while polling) would be thrown as uncaught.
      b.on('error', (err) => log.error({ err: err.message }, 'pg-boss error'));
      await b.start();
      for (const [name, q] of Object.entries(queues)) {
        // 'stately': a singleton key has at most one job waiting (and one retrying, one running) at a time.
        const policy: PgBoss.Queue = {
          name,
          policy: 'stately',
          retryLimit: q.retryLimit,
          retryDelay: q.retryDelaySeconds,
          retryBackoff: q.retryBackoff,
          expireInSeconds: q.expireInSeconds,
        };
        await b.createQueue(name, policy);
        await b.updateQueue(name, policy);
      }
      return b;
    })().catch((err) => {
      ready = null;
      throw err;
    }));

  const query = async (text: string, values: unknown[]) =>
    (await (await boss()).getDb().executeSql(text, values)).rows as JobRowSql[];
  const toInfo = (r: JobRowSql): JobInfo => ({
    id: r.id,
    state: r.state,
    retryCount: r.retry_count,
    startAfter: new Date(r.start_after),
    output: messageOf(r.output),
  });

  const runOne = async (b: PgBoss, name: string): Promise<boolean> => {
    const [job] = await b.fetch<Record<string, unknown>>(name, { batchSize: 1 });
    if (!job) return false;
    try {
      await queues[name].handler(job.data ?? {});
      await b.complete(name, job.id);
    } catch (err) {
      // pg-boss's fail applies the queue's retry policy (retry with back-off, or failed).
      await b.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
    }
    return true;
  };

  return {
    kind: 'pg-boss',
    async send(name, data, singletonKey) {
      if (!queues[name]) throw new Error(`unknown job ${name}`);
      // Under the 'stately' policy jobs without a key share the empty one (one waiting per queue): each gets its own.
      return (await boss()).send(name, data, { singletonKey: singletonKey ?? `job-${randomUUID()}` });
    },
    async latest(name, singletonKey) {
      // Finished jobs move to the archive after a while (pg-boss maintenance); the newest of both is the answer.
      const cols = 'id, state, retry_count, start_after, output, created_on';
      const [row] = await query(
        `select * from (select ${cols} from pgboss.job where name = $1 and singleton_key = $2 union all select ${cols} from pgboss.archive where name = $1 and singleton_key = $2) j order by created_on desc limit 1`,
        [name, singletonKey],
      );
      return row ? toInfo(row) : null;
    },
    async byId(name, id) {
      const [row] = await query(
        `select id, state, retry_count, start_after, output from pgboss.job where name = $1 and id::text = $2 union all select id, state, retry_count, start_after, output from pgboss.archive where name = $1 and id::text = $2`,
        [name, id],
      );
      return row ? toInfo(row) : null;
    },
    async start() {
      const b = await boss();
      for (const [name, q] of Object.entries(queues)) {
        await b.work<Record<string, unknown>>(
          name,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([job]) => q.handler(job.data ?? {}),
        );
        // pg-boss's cron runs the schedule on one instance of all (it locks the schedule table).
        if (q.everyMinutes) await b.schedule(name, `*/${q.everyMinutes} * * * *`, {}, { singletonKey: name });
      }
    },
    async drain(opts: DrainOptions = {}) {
      const b = await boss();
      const names = opts.names ?? Object.keys(queues);
      // pg-boss keeps its own clock (now() of the database): a test's later `at` makes what is due by then due now.
      if (opts.at) {
        await b
          .getDb()
          .executeSql(
            `update pgboss.job set start_after = now() where name = any($1::text[]) and state in ('created', 'retry') and start_after <= $2`,
            [names, opts.at.toISOString()],
          );
      }
      let ran = 0;
      for (let progress = true; progress;) {
        progress = false;
        for (const name of names) {
          if (await runOne(b, name)) {
            ran++;
            progress = true;
          }
        }
      }
      return ran;
    },
    async stop() {
      if (stopped || !ready) return;
      stopped = true;
      const b = await ready.catch(() => null);
      // graceful: the running jobs finish first (up to 30 s); close: pg-boss's pool is ended.
      await b?.stop({ graceful: true, wait: true, close: true, timeout: 30_000 });
    },
  };
}

/**
 * The job queue's runners: a queued job runs once and its result is visible; a failing job is retried with back-off
 * and then marked failed; a job queued before a restart runs after it. The embedded runner on this suite's database
 * (PGlite, or PostgreSQL with DATABASE_URL: same table); pg-boss with DATABASE_URL: two workers on one queue run each
 * job once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { jobs } from '@/lib/server/db/schema';
import { createLocalRunner } from '@/lib/server/jobs/local-runner';
import { createPgBossRunner } from '@/lib/server/jobs/pg-boss-runner';
import type { JobRunner, QueueDefinition } from '@/lib/server/jobs/types';

// The queue needs no demo data.
process.env.SEED ||= 'none';
afterAll(() => closeDb());

const policy = { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 60 };
const run = `${process.pid}-${Date.now().toString(36)}`;
const seconds = (a: Date, b: Date) => Math.round((a.getTime() - b.getTime()) / 1000);

async function until(check: () => Promise<boolean>, ms = 20_000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (await check()) return;
  throw new Error('timed out');
}

describe('the embedded runner', () => {
  it('a queued job runs once and its result is visible; the same key is not queued twice', async () => {
    const results: string[] = [];
    const name = `test-once-${run}`;
    const runner = createLocalRunner({
      [name]: { ...policy, handler: async (data) => void results.push(String(data.word)) },
    });
    const id = await runner.send(name, { word: '你好' }, 'k1');
    expect(id).not.toBeNull();
    expect(await runner.send(name, { word: 'again' }, 'k1')).toBeNull();
    expect((await runner.latest(name, 'k1'))?.state).toBe('created');
    expect(await runner.drain()).toBe(1);
    expect(await runner.drain()).toBe(0);
    expect(results).toEqual(['你好']);
    expect(await runner.byId(name, id!)).toMatchObject({ state: 'completed', retryCount: 0 });
    // done, the key is free for new work
    expect(await runner.send(name, { word: '再见' }, 'k1')).not.toBeNull();
    expect(await runner.drain()).toBe(1);
    expect(results).toEqual(['你好', '再见']);
  });

  it('a failing job is retried with back-off (10 s, then 20 s) and then marked failed', async () => {
    const name = `test-fail-${run}`;
    let tries = 0;
    const runner = createLocalRunner({
      [name]: {
        ...policy,
        handler: async () => {
          tries++;
          throw new Error('上游不可用');
        },
      },
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const id = (await runner.send(name, {}))!;
    // The database stamps start_after in microseconds; a clock a millisecond on cannot fall before it.
    const t0 = new Date(Date.now() + 1);
    expect(await runner.drain({ at: t0 })).toBe(1);
    let job = (await runner.byId(name, id))!;
    expect(job).toMatchObject({ state: 'retry', retryCount: 1, output: '上游不可用' });
    expect(seconds(job.startAfter, t0)).toBe(10);
    // not before its back-off
    expect(await runner.drain({ at: new Date(t0.getTime() + 9_000) })).toBe(0);
    const t1 = new Date(t0.getTime() + 10_000);
    expect(await runner.drain({ at: t1 })).toBe(1);
    job = (await runner.byId(name, id))!;
    expect(job).toMatchObject({ state: 'retry', retryCount: 2 });
    expect(seconds(job.startAfter, t1)).toBe(20);
    expect(await runner.drain({ at: new Date(t1.getTime() + 19_000) })).toBe(0);
    expect(await runner.drain({ at: new Date(t1.getTime() + 20_000) })).toBe(1);
    expect(await runner.byId(name, id)).toMatchObject({ state: 'failed', retryCount: 2, output: '上游不可用' });
    expect(tries).toBe(3);
    expect(await runner.drain({ at: new Date(t1.getTime() + 3_600_000) })).toBe(0);
  });

  it('workers started with the server run a queued job without being asked, and stop cleanly', async () => {
    const name = `test-worker-${run}`;
    let release = () => undefined as void;
    const started = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    const runner = createLocalRunner(
      {
        [name]: {
          ...policy,
          handler: async () => {
            release();
            await new Promise((r) => setTimeout(r, 200));
            finished = true;
          },
        },
      },
      { idlePollMs: 50 },
    );
    await runner.start();
    const id = (await runner.send(name, {}))!;
    await started;
    // stop waits for the running job
    await runner.stop();
    expect(finished).toBe(true);
    expect((await runner.byId(name, id))?.state).toBe('completed');
  });

  (process.env.DATABASE_URL ? it.skip : it)(
    'a job queued before a restart runs after it; one cut off by the restart runs again',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'jobs-restart-'));
      const saved = { DATA_DIR: process.env.DATA_DIR, SEED: process.env.SEED };
      const name = `test-restart-${run}`;
      const ran: string[] = [];
      const queues: Record<string, QueueDefinition> = {
        [name]: { ...policy, handler: async (data) => void ran.push(String(data.n)) },
      };
      try {
        await closeDb();
        Object.assign(process.env, { DATA_DIR: dir, SEED: 'none' });
        const before = createLocalRunner(queues);
        await before.send(name, { n: 'queued' });
        const cut = (await before.send(name, { n: 'cut off' }))!;
        // the second was running when the process stopped
        await (
          await db()
        )
          .update(jobs)
          .set({ state: 'active', startedAt: new Date() })
          .where(eq(jobs.id, Number(cut)));
        await before.stop();
        await closeDb();

        const after = createLocalRunner(queues);
        expect(await after.drain()).toBe(2);
        expect(ran).toEqual(['queued', 'cut off']);
        expect(await after.byId(name, cut)).toMatchObject({ state: 'completed', retryCount: 1 });
        await after.stop();
      } finally {
        await closeDb();
        process.env.DATA_DIR = saved.DATA_DIR;
        if (saved.SEED === undefined) delete process.env.SEED;
        else process.env.SEED = saved.SEED;
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

(process.env.DATABASE_URL ? describe : describe.skip)('pg-boss on PostgreSQL', () => {
  const url = process.env.DATABASE_URL!;
  const runners: JobRunner[] = [];
  const boss = (queues: Record<string, QueueDefinition>) => {
    const r = createPgBossRunner(queues, { connectionString: url, max: 2, pollingIntervalSeconds: 0.5 });
    runners.push(r);
    return r;
  };
  afterAll(async () => {
    for (const r of runners) await r.stop();
  });

  it('two workers on one queue run each job once', async () => {
    const name = `test-two-${run}`;
    const runs = new Map<string, string[]>();
    const worker = (who: string): Record<string, QueueDefinition> => ({
      [name]: {
        ...policy,
        handler: async (data) => {
          runs.set(String(data.n), [...(runs.get(String(data.n)) ?? []), who]);
          await new Promise((r) => setTimeout(r, 20));
        },
      },
    });
    const a = boss(worker('a'));
    const b = boss(worker('b'));
    const n = 20;
    for (let i = 0; i < n; i++) await a.send(name, { n: i });
    await Promise.all([a.start(), b.start()]);
    await until(async () => runs.size === n);
    await new Promise((r) => setTimeout(r, 1500)); // a second run, if any, would show by now
    expect([...runs.values()].every((who) => who.length === 1)).toBe(true);
    expect(runs.size).toBe(n);
  });

  it('a job queued before a restart runs after it; a failing one is retried with back-off and then failed', async () => {
    const name = `test-boss-${run}`;
    const ran: string[] = [];
    const queues: Record<string, QueueDefinition> = {
      [name]: {
        ...policy,
        handler: async (data) => {
          ran.push(String(data.n));
          if (data.fail) throw new Error('上游不可用');
        },
      },
    };
    const before = boss(queues);
    const id = (await before.send(name, { n: 'queued' }, 'k'))!;
    expect(await before.send(name, { n: 'again' }, 'k')).toBeNull();
    const failing = (await before.send(name, { n: 'fails', fail: true }))!;
    await before.stop();

    const after = boss(queues);
    expect(await after.drain()).toBe(2);
    expect(ran.sort()).toEqual(['fails', 'queued']);
    expect(await after.byId(name, id)).toMatchObject({ state: 'completed' });
    let job = (await after.byId(name, failing))!;
    // pg-boss counts the retry when it starts
    expect(job).toMatchObject({ state: 'retry', retryCount: 0, output: '上游不可用' });
    // pg-boss's back-off: 10 s doubled, with jitter up to as much again
    const wait = seconds(job.startAfter, new Date());
    expect(wait).toBeGreaterThanOrEqual(8);
    expect(wait).toBeLessThanOrEqual(41);
    expect(await after.drain()).toBe(0);
    expect(await after.drain({ at: new Date(Date.now() + 3_600_000) })).toBe(1);
    expect(await after.drain({ at: new Date(Date.now() + 7_200_000) })).toBe(1);
    job = (await after.byId(name, failing))!;
    expect(job).toMatchObject({ state: 'failed', retryCount: 2 });
    expect(ran.filter((r) => r === 'fails')).toHaveLength(3);
  });
});

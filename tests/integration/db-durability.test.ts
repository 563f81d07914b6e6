/**
 * The embedded database is durable (issue 22): a PGlite on disk runs with fsync on, its fsync() reaches the disk
 * (PGlite's NODEFS had none), and the WAL is synced, in groups, before a call is answered. The PostgreSQL pool logs a
 * lost idle connection instead of crashing the process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { closeDb, db, durable, watchPool } from '@/lib/server/db';
import { durabilityStats } from '@/lib/server/db/durable';
import { callEndpoint } from '@/lib/server/http/dispatch';

const dir = mkdtempSync(path.join(os.tmpdir(), 'db-durability-'));
const saved = { DATA_DIR: process.env.DATA_DIR, SEED: process.env.SEED };
beforeAll(() => {
  process.env.DATA_DIR = dir;
  process.env.SEED = 'none';
});
afterAll(async () => {
  await closeDb();
  Object.assign(process.env, saved);
  rmSync(dir, { recursive: true, force: true });
});

const show = async (name: string) =>
  ((await (await db()).execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0][
    name
  ];

// The PGlite part: the PostgreSQL run of the integration suite (DATABASE_URL) has no embedded database to check.
const onPglite = process.env.DATABASE_URL ? describe.skip : describe;

onPglite('PGlite on disk', () => {
  it('runs with fsync on, the WAL synced by fsync(), every commit written to the kernel', async () => {
    expect(await show('fsync')).toBe('on');
    expect(await show('wal_sync_method')).toBe('fsync');
    expect(await show('synchronous_commit')).toBe('on');
  }, 120_000);

  it('a write reaches the disk before durable() resolves; callers waiting together share one flush', async () => {
    const d = await db();
    await d.execute(sql`create table if not exists durability_probe (n int)`);
    await durable();
    const before = { ...durabilityStats };
    await d.execute(sql`insert into durability_probe values (1)`);
    await durable();
    expect(durabilityStats.walSyncs).toBe(before.walSyncs + 1);
    // Nothing written since: no flush, no fsync.
    const idle = { ...durabilityStats };
    await durable();
    expect(durabilityStats).toEqual(idle);
    // Twenty writers at once: a sync or two, not twenty.
    const many = { ...durabilityStats };
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        d.execute(sql`insert into durability_probe values (${i})`).then(() => durable()),
      ),
    );
    expect(durabilityStats.walSyncs - many.walSyncs).toBeGreaterThan(0);
    expect(durabilityStats.walSyncs - many.walSyncs).toBeLessThanOrEqual(3);
  });

  it('WAL segments switched and renamed under it (xlogtemp.* files) do not make durable() fail', async () => {
    const d = await db();
    await d.execute(sql`create table if not exists durability_probe (n int)`);
    for (let i = 0; i < 4; i++) {
      await d.execute(sql`insert into durability_probe select g from generate_series(1, 20000) g`);
      await d.execute(sql`select pg_switch_wal()`);
      await d.execute(sql`checkpoint`);
    }
    await d.execute(sql`insert into durability_probe values (1)`);
    await expect(durable()).resolves.toBeUndefined();
  }, 120_000);

  it('an endpoint that writes answers only after its write was flushed', async () => {
    const before = durabilityStats.walSyncs;
    const res = await callEndpoint(
      '/modules/imgCode/detail',
      {},
      { token: null, site: { variant: 'main', dx: false } },
    );
    expect(res.code).toBe(0);
    expect(durabilityStats.walSyncs).toBe(before + 1);
  });
});

describe('PostgreSQL pool', () => {
  it('an idle connection lost (database restarted) is logged, not thrown as uncaughtException', async () => {
    const pool = new Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    watchPool(pool);
    expect(() => pool.emit('error', new Error('terminating connection due to administrator command'))).not.toThrow();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('terminating connection'));
    log.mockRestore();
    await pool.end();
  });
});

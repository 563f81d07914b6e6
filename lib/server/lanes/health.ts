/**
 * Liveness and readiness (served by lib/server/lanes/ops-lane at /api/health and /api/health/ready, without a
 * session): live means the process answers; ready means the database answers, every migration of this build is
 * applied, and the file store can be written. A load balancer sends requests only to ready instances.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDbHandle } from '../db';
import { storeReachable } from '../storage';

const CHECK_TIMEOUT_MS = 5000;

interface Check {
  ok: boolean;
  error?: string;
  [key: string]: unknown;
}

export interface Readiness {
  status: 'ready' | 'not ready';
  checks: { database: Check; migrations: Check; store: Check };
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The migrations this build carries (drizzle-kit's journal): their count and the newest one's time. */
function expectedMigrations(): { count: number; newest: number } {
  const journal = JSON.parse(
    readFileSync(path.join(process.cwd(), 'lib/server/db/migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return { count: journal.entries.length, newest: Math.max(0, ...journal.entries.map((e) => e.when)) };
}

export async function readiness(): Promise<Readiness> {
  const database: Check = { ok: false };
  const migrations: Check = { ok: false };
  const started = Date.now();
  try {
    const handle = await withTimeout(getDbHandle(), 'database');
    await withTimeout(handle.db.execute(sql`select 1`), 'database');
    Object.assign(database, { ok: true, kind: handle.kind, ms: Date.now() - started });
    try {
      const expected = expectedMigrations();
      const res = (await withTimeout(
        handle.db.execute(
          sql`select count(*)::int as n, coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
        ),
        'migrations',
      )) as unknown as { rows: { n: number; newest: string }[] };
      const applied = Number(res.rows[0]?.n ?? 0);
      const newest = Number(res.rows[0]?.newest ?? 0);
      Object.assign(migrations, {
        ok: applied >= expected.count && newest >= expected.newest,
        applied,
        expected: expected.count,
      });
    } catch (err) {
      migrations.error = message(err);
    }
  } catch (err) {
    database.error = message(err);
    migrations.error = 'database not reachable';
  }
  const store: Check = await withTimeout(storeReachable(), 'store').catch((err) => ({
    ok: false,
    error: message(err),
  }));
  const ready = database.ok && migrations.ok && store.ok;
  return { status: ready ? 'ready' : 'not ready', checks: { database, migrations, store } };
}

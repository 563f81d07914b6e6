/**
 * The one database handle of this process (DESIGN 5). PGlite under DATA_DIR by default
 * (`memory` keeps it in memory, for tests); PostgreSQL when DATABASE_URL is set.
 * Created, migrated and seeded on first use; the promise lives on globalThis so that dev-mode
 * reloads and several route bundles of one server share it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const MIGRATIONS = path.join(process.cwd(), 'lib/server/db/migrations');
/** Advisory lock key shared by every instance that migrates or seeds the same database. */
const INIT_LOCK = 727_001;

export function dataDir(): string {
  return process.env.DATA_DIR || path.join(process.cwd(), 'data');
}

async function open(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE || 10) });
    const db = drizzle(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [INIT_LOCK]);
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS });
      await seedIfEmpty(drizzle(client, { schema }) as unknown as Db);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [INIT_LOCK]).catch(() => undefined);
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = dataDir();
  let client;
  if (dir === 'memory') {
    client = new PGlite();
  } else {
    const pgdata = path.join(dir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(pgdata);
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS });
  await seedIfEmpty(db);
  return { db, kind: 'pglite', close: () => client.close() };
}

async function seedIfEmpty(db: Db) {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from operators`);
  const n = Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (n > 0 || process.env.SEED === 'none') return;
  const { seed } = await import('./seed');
  await seed(db, { scale: Number(process.env.SEED_SCALE || 1) });
}

const g = globalThis as unknown as { __portalDb?: Promise<DbHandle> };

export function getDbHandle(): Promise<DbHandle> {
  if (!g.__portalDb) {
    g.__portalDb = open().catch((err) => {
      g.__portalDb = undefined;
      throw err;
    });
  }
  return g.__portalDb;
}

export async function db(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Closes the handle (tests, scripts); the next db() call opens a new one. */
export async function closeDb(): Promise<void> {
  const handle = g.__portalDb;
  g.__portalDb = undefined;
  if (handle) await (await handle).close();
}

export { schema };

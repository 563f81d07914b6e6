/**
 * The one database handle of this process (docs/design.md §5). PGlite under DATA_DIR by default
 * (`memory` keeps it in memory, for tests); PostgreSQL when DATABASE_URL is set.
 * Created, migrated and seeded on first use; the promise lives on globalThis so that dev-mode
 * reloads and several route bundles of one server share it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from './schema';
import { durableOptions, type WalSync } from './durable';

import type { Db } from './types';
import { config } from '../config';
import { reportPool } from '../ops/metrics';
import { errorText, log } from '../ops/log';

export type { Db };

interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Runs a hot statement planned once per connection (see `prepared`). */
  runPrepared: (name: string, text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
  /** Resolves once every write so far is on disk (PGlite's group commit, lib/server/db/durable.ts). */
  flush: () => Promise<void>;
}

const MIGRATIONS = path.join(process.cwd(), 'lib/server/db/migrations');
/** Advisory lock key shared by every instance that migrates or seeds the same database. */
const INIT_LOCK = 727_001;

export function dataDir(): string {
  return config().DATA_DIR || path.join(process.cwd(), 'data');
}

async function open(): Promise<DbHandle> {
  const url = config().DATABASE_URL;
  if (url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: url, max: config().DB_POOL_SIZE });
    watchPool(pool);
    reportPool(() => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: config().DB_POOL_SIZE,
    }));
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
    // node-postgres keeps a named statement per connection: parsed and planned once, then only bound.
    const runPrepared = async (name: string, text: string, values: unknown[]) =>
      (await pool.query({ name, text, values })).rows;
    return { db, kind: 'postgres', close: () => pool.end(), runPrepared, flush: async () => undefined };
  }
  const { PGlite, types } = await import('@electric-sql/pglite');
  // Search's near misses use trigram similarity (migration 0015 creates the extension).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = dataDir();
  // Drizzle hands PGlite the same result parsers with every query (dates, timestamps and intervals left as
  // text, which drizzle maps itself), and PGlite merges them into its defaults on every call: that made a
  // one-row query 3.5 times slower (660 against 190 us here). The instance gets those parsers once instead,
  // and drizzle's per-query copy is left out (leanForDrizzle). Raw statements (`prepared`) get text for
  // these types too, as drizzle's `execute` does.
  const asText = (value: string) => value;
  const parsers = Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
      oid,
      asText,
    ]),
  );
  // PostgreSQL's default 128 MB of shared buffers is most of PGlite's resident memory once it runs; the demo
  // database is ~60 MB on disk and the operating system caches the rest.
  const options = {
    postgresqlconf: ['shared_buffers=32MB', 'maintenance_work_mem=16MB'],
    parsers,
    extensions: { pg_trgm },
  };
  const drizzle = (pg: PGliteType) => drizzlePglite(leanForDrizzle(pg, parsers) as unknown as PGliteType, { schema });
  if (dir !== 'memory') mkdirSync(dir, { recursive: true });
  // On disk: fsync on and reaching the disk, the WAL's synced in groups before answers go out (durable.ts).
  let wal: WalSync | null = null;
  const create = () => {
    if (dir === 'memory') return new PGlite(options);
    const durable = durableOptions(PGlite.defaultStartParams, path.join(dir, 'pglite'));
    wal = durable.wal;
    return new PGlite({
      ...options,
      ...durable.options,
      postgresqlconf: [...options.postgresqlconf, ...durable.options.postgresqlconf],
    });
  };
  let client = create();
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  if ((await seedIfEmpty(drizzle(client) as unknown as Db)) && dir !== 'memory') {
    // Seeding grows PGlite's WebAssembly memory to ~570 MB, and WebAssembly memory never shrinks: a server that
    // seeded its database would keep 800 MB resident for its whole life. The seeded files are on disk, so this
    // instance is closed (its memory is freed) and a fresh one opens them, as every later start does (~300 MB).
    await client.close();
    client = create();
  }
  const db = drizzle(client) as unknown as Db;
  // PGlite's API has no named statements: PREPARE once in its single session, then EXECUTE with literals. The
  // preparation is one promise per name, so calls arriving together before it is done wait for it rather than
  // PREPARE the same name twice ('prepared statement ... already exists'); a failed one is tried again by the next
  // call. A name keeps its text, as node-postgres requires on PostgreSQL.
  const preparing = new Map<string, { text: string; ready: Promise<unknown> }>();
  const pg = client;
  const prepare = async (name: string, text: string) => {
    const [{ rows }] = await pg.exec(`SHOW standard_conforming_strings`);
    if ((rows[0] as { standard_conforming_strings?: string }).standard_conforming_strings !== 'on')
      throw new Error('standard_conforming_strings must be on');
    await pg.query(`PREPARE ${name} AS ${text}`);
  };
  const runPrepared = async (name: string, text: string, params: unknown[]) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad prepared statement name ${name}`);
    let entry = preparing.get(name);
    if (entry && entry.text !== text)
      throw new Error(`Prepared statements must be unique - '${name}' was used for a different statement`);
    if (!entry) {
      const made = { text, ready: prepare(name, text) };
      made.ready.catch(() => preparing.get(name) === made && preparing.delete(name));
      preparing.set(name, made);
      entry = made;
    }
    await entry.ready;
    return (await pg.query<Record<string, unknown>>(`EXECUTE ${name}(${params.map(sqlLiteral).join(', ')})`)).rows;
  };
  // In memory there is no disk to reach: nothing to flush.
  const commits = wal as WalSync | null;
  const flush = commits ? commits.flush : async () => undefined;
  const close = async () => {
    await client.close();
    commits?.stop();
  };
  return { db, kind: 'pglite', close, runPrepared, flush };
}

/**
 * An idle client that loses its connection (the database restarted, a proxy timed out) is reported by the pool as an
 * 'error' event; without a listener Node throws it as uncaughtException. The pool drops that client and opens another
 * on the next query, so logging it is all there is to do.
 */
export function watchPool(pool: Pick<import('pg').Pool, 'on'>): void {
  pool.on('error', (err) => log.error({ err: errorText(err) }, 'idle PostgreSQL connection lost'));
}

type PGliteType = import('@electric-sql/pglite').PGlite;
type PGliteQueryable = Pick<PGliteType, 'query'>;
type QueryOptions = Parameters<PGliteType['query']>[2];

/**
 * What drizzle uses of PGlite (query, and transaction with its own query), with each query's `parsers` left out
 * when they are the ones the instance already has (see open()). Parsers of any other kind still pass through.
 */
function leanForDrizzle(pg: PGliteType, instanceParsers: Record<number, unknown>) {
  const lean = (options: QueryOptions): QueryOptions => {
    const own = options?.parsers;
    if (!own || !Object.keys(own).every((oid) => Number(oid) in instanceParsers)) return options;
    const { parsers: _same, ...rest } = options;
    void _same;
    return rest;
  };
  const queryOf =
    (q: PGliteQueryable) =>
    <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      q.query<T>(text, params, lean(options));
  return {
    query: queryOf(pg),
    // The transaction object itself, seen through one whose query is lean (its other members stay live).
    transaction: <T>(fn: (tx: PGliteQueryable) => Promise<T>) =>
      pg.transaction((tx) => fn(Object.assign(Object.create(tx) as PGliteQueryable, { query: queryOf(tx) }))),
  };
}

/**
 * A parameter written as an SQL literal, for PGlite's EXECUTE (with standard_conforming_strings on, checked, a quote
 * is the only special character of a string literal). Only plain values pass; anything else is a programming error.
 */
export function sqlLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('a prepared statement parameter must be a finite number');
    return String(v);
  }
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) throw new Error('a prepared statement parameter must be a valid date');
    return `'${v.toISOString()}'`;
  }
  if (typeof v === 'string') {
    if (v.includes('\0')) throw new Error('a prepared statement parameter cannot contain NUL');
    return `'${v.replace(/'/g, "''")}'`;
  }
  throw new Error(`unsupported prepared statement parameter: ${typeof v}`);
}

/** Fills an empty database with the demo data (SEED=demo). */
export type Seeder = (db: Db) => Promise<void>;
const seeding = globalThis as unknown as { __portalSeeder?: Seeder };

/**
 * The demo seed uses services (password hashing, demo media) and so sits above them (lib/server/seed): it is handed
 * in by the process's start (instrumentation.ts, the jest setup, scripts) rather than imported from down here. On
 * globalThis, as the handle is: Next.js bundles instrumentation and the routes apart.
 */
export function provideSeeder(seeder: Seeder): void {
  seeding.__portalSeeder = seeder;
}

/** Seeds an empty database; true when it did. */
async function seedIfEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from operators`);
  const n = Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (n > 0 || config().SEED !== 'demo') return false;
  const seeder = seeding.__portalSeeder;
  if (!seeder) throw new Error('SEED=demo but no seeder was provided: call installSeed() (lib/server/seed/install)');
  await seeder(db);
  return true;
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

/**
 * Waits until every write so far survives a power loss (PGlite on disk: one sync of the WAL shared by the requests
 * that wait together; PostgreSQL and memory: at once). Called before a call's answer is sent.
 */
export async function durable(): Promise<void> {
  await (await getDbHandle()).flush();
}

export async function db(): Promise<Db> {
  return (await getDbHandle()).db;
}

/**
 * Runs a statement that is executed very often (the player's heartbeat) as a prepared statement: parsed and planned
 * once per connection instead of on every call, which is most of its cost. `name` is fixed per statement; the text
 * must not change between calls (values go in as parameters).
 */
export async function prepared<T>(name: string, query: SQL): Promise<T[]> {
  const handle = await getDbHandle();
  const { sql: text, params } = (
    handle.db as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string; params: unknown[] } } }
  ).dialect.sqlToQuery(query);
  return (await handle.runPrepared(name, text, params)) as T[];
}

const closers = ((globalThis as unknown as { __portalDbClosers?: Set<() => Promise<void>> }).__portalDbClosers ??=
  new Set());

/** Runs `fn` before the handle closes (the job runner stops with the database it works on). */
export function onCloseDb(fn: () => Promise<void>): void {
  closers.add(fn);
}

/** Closes the handle (tests, scripts); the next db() call opens a new one. */
export async function closeDb(): Promise<void> {
  for (const fn of [...closers]) {
    closers.delete(fn);
    await fn().catch((err: Error) => console.warn(`[db] before close: ${err.message}`));
  }
  const handle = g.__portalDb;
  g.__portalDb = undefined;
  if (handle) await (await handle).close();
}

export { schema };

/**
 * A production start: an empty database gets no demo accounts unless SEED=demo asks for them (docs/configuration.md, SEED).
 */
import { sql } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { resetConfigForTests } from '@/lib/server/config';

const saved = process.env.SEED;

afterAll(async () => {
  await closeDb();
  if (saved === undefined) delete process.env.SEED;
  else process.env.SEED = saved;
  resetConfigForTests();
});

const count = async (table: string) => {
  const res = (await (await db()).execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return Number(res.rows[0].n);
};

// An empty database: PGlite in memory is one; the PostgreSQL pass of the suite shares a database the other files
// filled, and takes the same seeding path (lib/server/db seedIfEmpty).
const onEmptyDatabase = process.env.DATABASE_URL ? it.skip : it;

onEmptyDatabase(
  'an empty database is migrated but not seeded without SEED=demo',
  async () => {
    await closeDb();
    delete process.env.SEED;
    resetConfigForTests();
    expect(await count('operators')).toBe(0);
    expect(await count('courses')).toBe(0);
    // Every built-in role with a management power asks its holders for the TOTP second factor (migration 0028).
    expect(await count('roles where cardinality(powers) > 0')).toBeGreaterThan(0);
    expect(await count('roles where cardinality(powers) > 0 and not require_totp')).toBe(0);
  },
  120_000,
);

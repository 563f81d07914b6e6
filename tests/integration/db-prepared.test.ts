/**
 * Prepared statements (lib/server/db `prepared`): the session lookup of every signed-in request runs as one. Calls that
 * arrive together on a fresh process all get their answer (PGlite once failed all but the first with "prepared
 * statement ... already exists"). A name keeps one text (the contract of `prepared`; node-postgres refuses another).
 */
import { sql } from 'drizzle-orm';
import { closeDb, prepared } from '@/lib/server/db';

afterAll(async () => {
  await closeDb();
});

const name = `test_prepared_${process.pid}_${Date.now().toString(36)}`;

test('calls arriving together before the statement is prepared all succeed', async () => {
  const values = Array.from({ length: 16 }, (_, i) => i + 1);
  const rows = await Promise.all(values.map((n) => prepared<{ v: number }>(name, sql`select ${n}::int as v`)));
  expect(rows.map((r) => Number(r[0].v))).toEqual(values);
});

test('a name keeps its text on every database (node-postgres refuses another; PGlite now does too)', async () => {
  await prepared(`${name}_once`, sql`select ${1}::int as v`);
  await expect(prepared(`${name}_once`, sql`select ${1}::int + 1 as v`)).rejects.toThrow(/must be unique/);
});

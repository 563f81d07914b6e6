/**
 * Prepared statements (lib/server/db `prepared`): the session lookup of every signed-in request runs as one. Calls that
 * arrive together on a fresh process all get their answer (PGlite once failed all but the first with "prepared
 * statement ... already exists"), and a name given a new text is prepared again.
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

test('the same name with a new text runs the new statement', async () => {
  const [row] = await prepared<{ v: string }>(name, sql`select ${'新'}::text || 'x' as v`);
  expect(row.v).toBe('新x');
  const again = await Promise.all([1, 2, 3].map((n) => prepared<{ v: number }>(name, sql`select ${n}::int * 10 as v`)));
  expect(again.map((r) => Number(r[0].v))).toEqual([10, 20, 30]);
});

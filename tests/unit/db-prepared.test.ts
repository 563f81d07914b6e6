/**
 * The literals PGlite's EXECUTE carries for a prepared statement (lib/server/db sqlLiteral), and a prepared
 * statement answering like the plain one, with a hostile string among its parameters.
 */
import { sql } from 'drizzle-orm';
import { closeDb, db, prepared, sqlLiteral } from '@/lib/server/db';

afterAll(() => closeDb());

describe('sqlLiteral', () => {
  it('writes plain values as SQL literals', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(undefined)).toBe('NULL');
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(-1.5)).toBe('-1.5');
    expect(sqlLiteral(10n)).toBe('10');
    expect(sqlLiteral(true)).toBe('TRUE');
    expect(sqlLiteral(new Date('2026-11-24T10:00:00Z'))).toBe("'2026-11-24T10:00:00.000Z'");
    expect(sqlLiteral("it's")).toBe("'it''s'");
  });

  it('refuses what cannot be written safely', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral(Infinity)).toThrow();
    expect(() => sqlLiteral(new Date('nope'))).toThrow();
    expect(() => sqlLiteral('a\0b')).toThrow();
    expect(() => sqlLiteral({})).toThrow();
    expect(() => sqlLiteral([1])).toThrow();
  });
});

describe('prepared', () => {
  it('answers like the plain statement, call after call, and a quote in a value stays a value', async () => {
    await db();
    const q = (v: string, n: number) =>
      sql`select ${v}::text as v, ${n}::int + 1 as n, (select count(*)::int from operators) as ops`;
    const hostile = "x'); drop table operators; --";
    for (const [v, n] of [
      ['first', 1],
      [hostile, 2],
      ['第三', 3],
    ] as const) {
      const [row] = await prepared<{ v: string; n: number; ops: number }>('test_echo', q(v, n));
      expect(row.v).toBe(v);
      expect(Number(row.n)).toBe(n + 1);
      expect(Number(row.ops)).toBeGreaterThan(0);
    }
  });
});

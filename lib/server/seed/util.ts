/** Shared helpers of the seed: batched inserts, date arithmetic, audience decks. */
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/types';
import type { Audience } from './accounts';
import { deck, type Rng } from './random';
import type { Lean } from './words';

/** Rows per insert statement. */
export const BATCH = 500;

export async function insertAll<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insert(table).values(rows.slice(i, i + BATCH) as PgInsertValue<T>[]);
  }
}

/** Inserts in order and returns the serial ids, in the same order as the rows. */
export async function insertIds<T extends PgTable & { id: PgColumn }>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const out = (await db
      .insert(table)
      .values(rows.slice(i, i + BATCH) as PgInsertValue<T>[])
      .returning({ id: table.id })) as { id: number }[];
    // RETURNING gives the rows in VALUES order; sort anyway since serial ids grow in that order.
    ids.push(...out.map((r) => r.id).sort((a, b) => a - b));
  }
  return ids;
}

/** A copy of obj without the given keys (planning fields that are not columns). */
export function without<T extends object, K extends keyof T>(obj: T, ...keys: K[]): Omit<T, K> {
  const copy = { ...obj };
  for (const k of keys) delete copy[k];
  return copy;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function addMs(d: Date, ms: number): Date {
  return new Date(d.getTime() + ms);
}

/** A past moment: `days` whole days before `today` (>= 1), at a working hour (Beijing time). */
export function daysAgo(rng: Rng, today: Date, days: number): Date {
  const d = Math.max(1, days);
  // 00:30-11:30 UTC = 08:30-19:30 Beijing; always before `today` 00:00 since d >= 1.
  return addMs(today, -d * DAY + rng.int(1, 22) * 30 * MINUTE);
}

/** Everything the seed needs to know about "now". */
export interface Clock {
  /** The moment the seed treats as now (opts.now). */
  now: Date;
  /** now, truncated to 00:00 UTC. */
  today: Date;
  year: number;
  /** 1-12 */
  month: number;
  /** First instant of the current (UTC) month and of the next one. */
  monthStart: Date;
  nextMonthStart: Date;
}

export function makeClock(now: Date): Clock {
  const today = startOfUtcDay(now);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  return {
    now,
    today,
    year,
    month,
    monthStart: new Date(Date.UTC(year, month - 1, 1)),
    nextMonthStart: new Date(Date.UTC(year, month, 1)),
  };
}

type Aud = Audience[];
/** Most content: general, or all three; about a quarter party; about 15% student. */
const DEFAULT_AUDIENCES: readonly (readonly [Aud, number])[] = [
  [['general'], 40],
  [['general', 'party', 'student'], 20],
  [['party'], 12],
  [['general', 'party'], 13],
  [['student'], 7],
  [['general', 'student'], 8],
];
/** Party-themed content (category 301, party news): mostly includes 'party'. */
const PARTY_AUDIENCES: readonly (readonly [Aud, number])[] = [
  [['general', 'party'], 40],
  [['party'], 30],
  [['general', 'party', 'student'], 25],
  [['general'], 5],
];
/** Content for graduate students. */
const STUDENT_AUDIENCES: readonly (readonly [Aud, number])[] = [
  [['general', 'student'], 40],
  [['student'], 20],
  [['general', 'party', 'student'], 25],
  [['general'], 15],
];

/**
 * Audiences for a list of items by their lean: items of the same lean share one deck, so each
 * group gets its intended proportions exactly, in a seeded order. Returns fresh arrays.
 */
export function assignAudiences(rng: Rng, leans: readonly Lean[]): Aud[] {
  const out: Aud[] = new Array(leans.length);
  for (const lean of [null, 'party', 'student'] as const) {
    const idx = leans.map((l, i) => (l === lean ? i : -1)).filter((i) => i >= 0);
    if (!idx.length) continue;
    const weights = lean === 'party' ? PARTY_AUDIENCES : lean === 'student' ? STUDENT_AUDIENCES : DEFAULT_AUDIENCES;
    const cards = deck(rng, idx.length, weights);
    idx.forEach((i, k) => (out[i] = [...cards[k]]));
  }
  return out;
}

/** Cover of a piece of content: party content gets the red ones. */
const COVERS_BY_THEME: Record<string, readonly number[]> = {
  301: [1, 2, 3, 4],
  302: [5, 6, 9, 15],
  303: [10, 11, 16, 7],
  304: [7, 8, 12, 6],
  305: [13, 14, 16, 9],
  306: [10, 12, 15, 5],
  party: [1, 2, 3, 4],
  any: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
};

export function cover(rng: Rng, theme: string | number): string {
  const n = rng.pick(COVERS_BY_THEME[String(theme)] ?? COVERS_BY_THEME.any);
  return `/covers/cover-${String(n).padStart(2, '0')}.svg`;
}

export function avatar(n: number): string {
  return `/avatars/avatar-${String(((n - 1) % 12) + 1).padStart(2, '0')}.svg`;
}

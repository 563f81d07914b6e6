/**
 * Rate limits shared by every instance (docs/design.md §6): one counter per key in the database, taken in one statement, so
 * parallel requests cannot both take the last use and a second instance sees the same count. A fixed window: the
 * first use after a window ended starts a new one. Keys are '<what>:<who>', e.g. 'register-valid:ip:10.0.0.1'.
 * The counters share login_throttles with sign-in throttling (lock-free rows there).
 */
import { config } from '@/lib/server/config';
import { sql } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { loginThrottles } from '@/lib/server/db/schema';
import { tooFrequent } from '@/lib/server/errors';

/** The limits per address (docs/security.md, Sign-in): uses per window of seconds. */
export const LIMITS = {
  /** /api/register/valid: whether an e-mail is registered; the form asks once or twice per sign-up. */
  registerValid: { max: 30, windowSeconds: 600 },
  /** /modules/imgCode/detail: each one is a row; a sign-in takes one or a few. */
  captcha: { max: 60, windowSeconds: 60 },
  /** Search keywords this instance has not answered lately: each one is a search and a page rendered. */
  searchKeyword: { max: 30, windowSeconds: 60 },
  /** changePassword and updateEmail's password check, from one address. */
  passwordCheck: { max: 20, windowSeconds: 900 },
  /** /certificate/verify: an employer checks a few; trying codes in bulk is refused. */
  certificateVerify: { max: 30, windowSeconds: 60 },
} as const;

/** Counts one use of key; true while it is within limit uses in its window of windowSeconds. */
export async function rateLimit(key: string, limit: number, windowSeconds: number, now = new Date()): Promise<boolean> {
  // Benchmarks (scripts/bench.mjs) and the end-to-end server ask far more from one address than a person does.
  if (!config().RATE_LIMITS) return true;
  return (await countUse(key, windowSeconds, now)) <= limit;
}

/** One use of a LIMITS entry by an address; refused with 操作过于频繁，请稍后再试 once spent. */
export async function limitAddress(kind: keyof typeof LIMITS, ip: string, now = new Date()): Promise<void> {
  const { max, windowSeconds } = LIMITS[kind];
  await assertRate(rateKey(kind, ip), max, windowSeconds, now);
}

export const rateKey = (kind: keyof typeof LIMITS, ip: string) => `${kind}:ip:${addressOf(ip)}`;

/** rateLimit, refusing with 操作过于频繁，请稍后再试 (CODE_THROTTLED) once the uses are spent. */
export async function assertRate(key: string, limit: number, windowSeconds: number, now = new Date()): Promise<void> {
  if (!(await rateLimit(key, limit, windowSeconds, now))) throw tooFrequent();
}

/** The count of key's window after this use (one INSERT ... ON CONFLICT DO UPDATE ... RETURNING). */
export async function countUse(key: string, windowSeconds: number, now = new Date()): Promise<number> {
  const d = await db();
  const windowFloor = new Date(now.getTime() - windowSeconds * 1000);
  const fresh = sql`${loginThrottles.windowStart} < ${windowFloor}`;
  const [row] = await d
    .insert(loginThrottles)
    .values({ key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${fresh} then 1 else ${loginThrottles.failures} + 1 end`,
        windowStart: sql`case when ${fresh} then ${now} else ${loginThrottles.windowStart} end`,
      },
    })
    .returning({ failures: loginThrottles.failures });
  return row?.failures ?? 1;
}

/** The address part of a key: '' (not known, e.g. an in-process call) counts as one address. */
export const addressOf = (ip: string) => ip || 'unknown';

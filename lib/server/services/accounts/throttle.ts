/**
 * Login throttling (SPEC 9 security, DESIGN 6): failed password checks counted in the database per account and
 * address together (a small limit), per account from any address (a much larger one, so a stranger cannot lock
 * the owner out with a few tries) and per address. Past a limit within the window the key is locked for a while;
 * a success clears the account's counts. Locks lift by themselves. The same table holds plain quotas
 * (takeQuota), e.g. of password-reset e-mails.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { loginThrottles } from '@/lib/server/db/schema';
import { CODE_THROTTLED, ServiceError } from '@/lib/server/http/errors';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const THROTTLE_LOCK_MS = 15 * 60_000;
/** Failures of one account from one address. */
export const ACCOUNT_MAX_FAILURES = 5;
/** Failures of one account from all addresses together. */
export const ACCOUNT_ALL_MAX_FAILURES = 50;
export const ADDRESS_MAX_FAILURES = 20;
export const THROTTLED_MSG = '登录失败次数过多，请15分钟后再试';

const account = (userID: string) => userID.trim().toLowerCase();
const address = (ip: string) => ip || 'unknown';
export const accountKey = (userID: string) => `account:${account(userID)}`;
export const accountAddressKey = (userID: string, ip: string) => `account:${account(userID)}|ip:${address(ip)}`;
export const addressKey = (ip: string) => `ip:${address(ip)}`;
const keysOf = (userID: string, ip: string) => [accountAddressKey(userID, ip), accountKey(userID), addressKey(ip)];

export async function assertNotThrottled(userID: string, ip: string, now = new Date()): Promise<void> {
  const d = await db();
  const rows = await d
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(inArray(loginThrottles.key, keysOf(userID, ip)));
  if (rows.some((r) => r.lockedUntil && r.lockedUntil > now)) throw new ServiceError(THROTTLED_MSG, CODE_THROTTLED);
}

/** Counts one more use of key in its window (one statement: a use outside the window, or after a lock lifted, starts a new count). */
async function count(key: string, windowMs: number, now: Date): Promise<number> {
  const d = await db();
  const windowFloor = new Date(now.getTime() - windowMs);
  const fresh = sql`${loginThrottles.windowStart} < ${windowFloor} or ${loginThrottles.lockedUntil} is not null`;
  const [row] = await d
    .insert(loginThrottles)
    .values({ key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${fresh} then 1 else ${loginThrottles.failures} + 1 end`,
        windowStart: sql`case when ${fresh} then ${now} else ${loginThrottles.windowStart} end`,
        lockedUntil: sql`null`,
      },
    })
    .returning({ failures: loginThrottles.failures });
  return row?.failures ?? 1;
}

async function bump(key: string, max: number, now: Date): Promise<void> {
  if ((await count(key, THROTTLE_WINDOW_MS, now)) < max) return;
  const d = await db();
  await d.update(loginThrottles).set({ lockedUntil: new Date(now.getTime() + THROTTLE_LOCK_MS) }).where(eq(loginThrottles.key, key));
}

export async function recordFailure(userID: string, ip: string, now = new Date()): Promise<void> {
  await bump(accountAddressKey(userID, ip), ACCOUNT_MAX_FAILURES, now);
  await bump(accountKey(userID), ACCOUNT_ALL_MAX_FAILURES, now);
  await bump(addressKey(ip), ADDRESS_MAX_FAILURES, now);
}

export async function recordSuccess(userID: string, ip: string): Promise<void> {
  const d = await db();
  await d.delete(loginThrottles).where(inArray(loginThrottles.key, [accountAddressKey(userID, ip), accountKey(userID)]));
}

/** Takes one of max uses of key per window; false once they are used up. Concurrent calls cannot both take the last one. */
export async function takeQuota(key: string, max: number, windowMs: number, now = new Date()): Promise<boolean> {
  return (await count(key, windowMs, now)) <= max;
}

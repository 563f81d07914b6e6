/**
 * Login throttling (SPEC 9 security, DESIGN 6): failed password checks counted per account and per
 * address in the database. Past the limit within the window the key is locked for a while; a success
 * clears the account's count. Locks lift by themselves.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { db } from '../db';
import { loginThrottles } from '../db/schema';
import { CODE_THROTTLED, ServiceError } from '../errors';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const THROTTLE_LOCK_MS = 15 * 60_000;
export const ACCOUNT_MAX_FAILURES = 5;
export const ADDRESS_MAX_FAILURES = 20;
export const THROTTLED_MSG = '登录失败次数过多，请15分钟后再试';

const accountKey = (userID: string) => `account:${userID.trim().toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip || 'unknown'}`;

export async function assertNotThrottled(userID: string, ip: string, now = new Date()): Promise<void> {
  const d = await db();
  const rows = await d
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(inArray(loginThrottles.key, [accountKey(userID), addressKey(ip)]));
  if (rows.some((r) => r.lockedUntil && r.lockedUntil > now)) throw new ServiceError(THROTTLED_MSG, CODE_THROTTLED);
}

async function bump(key: string, max: number, now: Date): Promise<void> {
  const d = await db();
  const windowFloor = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  // One statement: a failure outside the window (or after a lock lifted) starts a new count.
  const [row] = await d
    .insert(loginThrottles)
    .values({ key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${loginThrottles.windowStart} < ${windowFloor} or ${loginThrottles.lockedUntil} is not null then 1 else ${loginThrottles.failures} + 1 end`,
        windowStart: sql`case when ${loginThrottles.windowStart} < ${windowFloor} or ${loginThrottles.lockedUntil} is not null then ${now} else ${loginThrottles.windowStart} end`,
        lockedUntil: sql`null`,
      },
    })
    .returning({ failures: loginThrottles.failures });
  if (row && row.failures >= max) {
    await d.update(loginThrottles).set({ lockedUntil: new Date(now.getTime() + THROTTLE_LOCK_MS) }).where(eq(loginThrottles.key, key));
  }
}

export async function recordFailure(userID: string, ip: string, now = new Date()): Promise<void> {
  await bump(accountKey(userID), ACCOUNT_MAX_FAILURES, now);
  await bump(addressKey(ip), ADDRESS_MAX_FAILURES, now);
}

export async function recordSuccess(userID: string): Promise<void> {
  const d = await db();
  await d.delete(loginThrottles).where(eq(loginThrottles.key, accountKey(userID)));
}

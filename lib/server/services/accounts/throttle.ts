/**
 * Login throttling (SPEC 9 security, docs/design.md §6). Every sign-in attempt is counted in the database BEFORE its password
 * is checked, in one statement over its keys: per account and address together (a small limit), per account from
 * any address (a larger one) and per address. An attempt that makes an account's count pass its limit locks that
 * key and is refused, so however many arrive at once, at most the limit are checked; a lock stays until it lifts by
 * itself (no failure clears it). The address's count does not lock: past it attempts are refused until its window
 * ends. A success gives back what it took.
 *
 * A browser that has signed in to the account before (its signed device cookie, lib/session/device) is counted on
 * its own key instead, so strangers who spend the account's limits do not lock the owner out of that browser.
 */
import { sql, type SQL } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { loginThrottles } from '@/lib/server/db/schema';
import { CODE_THROTTLED, ServiceError } from '@/lib/server/errors';
import { THROTTLED_MSG } from '@/lib/contract/accounts';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const THROTTLE_LOCK_MS = 15 * 60_000;
/** Attempts on one account from one address. */
export const ACCOUNT_MAX_FAILURES = 5;
/** Attempts on one account from all addresses together (browsers without the account's device cookie). */
export const ACCOUNT_ALL_MAX_FAILURES = 50;
/** Attempts from one address on any accounts (without a device cookie). */
export const ADDRESS_MAX_FAILURES = 20;
/** Attempts on one account from one browser that signed in to it before. */
export const DEVICE_MAX_FAILURES = 10;

const account = (userID: string) => userID.trim().toLowerCase();
const address = (ip: string) => ip || 'unknown';
export const accountKey = (userID: string) => `account:${account(userID)}`;
export const accountAddressKey = (userID: string, ip: string) => `account:${account(userID)}|ip:${address(ip)}`;
export const addressKey = (ip: string) => `ip:${address(ip)}`;
export const accountDeviceKey = (userID: string, device: string) => `account:${account(userID)}|device:${device}`;

interface Limit {
  key: string;
  max: number;
  /** Whether passing max locks the key for THROTTLE_LOCK_MS; else attempts are refused while it is at max. */
  locks: boolean;
}

/** The counters an attempt uses: a known browser's own, else the account's (per address and in total) and the address's. */
function limitsOf(userID: string, ip: string, device: string | null): Limit[] {
  if (device) return [{ key: accountDeviceKey(userID, device), max: DEVICE_MAX_FAILURES, locks: true }];
  return [
    { key: accountAddressKey(userID, ip), max: ACCOUNT_MAX_FAILURES, locks: true },
    { key: accountKey(userID), max: ACCOUNT_ALL_MAX_FAILURES, locks: true },
    // Not locked: sign-ins in flight count here too, and many at once from one school's address must not lock it.
    { key: addressKey(ip), max: ADDRESS_MAX_FAILURES, locks: false },
  ];
}

const unlocked = sql`(${loginThrottles.lockedUntil} is null or ${loginThrottles.lockedUntil} <= now())`;

/** Gives back one counted attempt on keys that are not locked (a refused attempt, or a success on the address). */
async function giveBack(keys: string[]): Promise<void> {
  if (!keys.length) return;
  const d = await db();
  await d
    .update(loginThrottles)
    .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
    .where(sql`${loginThrottles.key} in ${keys} and ${unlocked}`);
}

/**
 * Counts one sign-in attempt on all its keys in one statement, before the password is checked, and refuses it
 * (THROTTLED_MSG) when one of them is locked or this attempt passes a limit (which locks that key).
 *
 * Each key's count is incremented under the row's lock (ON CONFLICT DO UPDATE), so parallel attempts get distinct
 * counts and at most `max` of them are admitted per window; an attempt stays counted as a failure unless it
 * succeeds. While one key is locked the others are not counted (the `blocked` check), and a refused attempt gives
 * back what it took, so refused attempts from one address do not spend the account's total for everyone else.
 * `device` is the id of a valid device cookie for this account, or null.
 */
export async function admitAttempt(
  userID: string,
  ip: string,
  device: string | null = null,
  now = new Date(),
): Promise<void> {
  const d = await db();
  const limits = limitsOf(userID, ip, device);
  const floor = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const until = new Date(now.getTime() + THROTTLE_LOCK_MS);
  const keys = limits.map((l) => l.key);
  const t = sql.raw('t');
  const byKey = (value: (l: Limit) => SQL) =>
    sql`case ${t}.key ${sql.join(
      limits.map((l) => sql`when ${l.key} then ${value(l)}`),
      sql` `,
    )} end`;
  const maxOf = byKey((l) => sql`${l.max}::int`);
  const lockOf = byKey((l) => (l.locks ? sql`${until}::timestamptz` : sql`null::timestamptz`));
  const locked = sql`(${t}.locked_until > ${now})`;
  // A window that ended, or a lock that lifted, starts a new count.
  const fresh = sql`(${t}.window_start < ${floor} or ${t}.locked_until is not null)`;
  const result = (await d.execute(sql`
    with blocked as (select 1 from login_throttles where key in ${keys} and locked_until > ${now})
    insert into login_throttles as t (key, failures, window_start)
    select v.key, 1, ${now}::timestamptz from (values ${sql.join(
      keys.map((k) => sql`(${k}::text)`),
      sql`, `,
    )}) as v(key)
    where not exists (select 1 from blocked)
    on conflict (key) do update set
      failures = case when ${locked} then ${t}.failures when ${fresh} then 1 else ${t}.failures + 1 end,
      window_start = case when ${locked} or not ${fresh} then ${t}.window_start else ${now}::timestamptz end,
      locked_until = case when ${locked} then ${t}.locked_until when not ${fresh} and ${t}.failures + 1 > ${maxOf} then ${lockOf} end
    returning t.key as key, t.failures as failures, (t.locked_until is not null) as locked`)) as unknown as {
    rows: { key: string; failures: number; locked: boolean }[];
  };
  const rows = result.rows;
  const over = (r: (typeof rows)[number]) =>
    r.locked || Number(r.failures) > (limits.find((l) => l.key === r.key)?.max ?? 0);
  if (rows.length === limits.length && !rows.some(over)) return;
  await giveBack(rows.filter((r) => !r.locked).map((r) => r.key));
  throw new ServiceError(THROTTLED_MSG, CODE_THROTTLED);
}

/**
 * After the right password: the account's own counters start again (the browser's, or the address's on this account
 * and the account's total, unless strangers have locked them), and the address gets back the attempt it spent.
 */
export async function recordSuccess(userID: string, ip: string, device: string | null = null): Promise<void> {
  const d = await db();
  const own = device ? [accountDeviceKey(userID, device)] : [accountAddressKey(userID, ip), accountKey(userID)];
  await d.delete(loginThrottles).where(sql`${loginThrottles.key} in ${own} and ${unlocked}`);
  if (!device) await giveBack([addressKey(ip)]);
}

/**
 * Password retrieval by SMS (SPEC 7: /api/smsCode/sendForgetPasswordCode, /api/eosoperator/forgetPassword): a
 * six-digit code to the account's mobile number, valid 5 minutes, single-use, 5 tries at most (each counted before it
 * is compared, in one statement); at most one a minute and 10 a day (China time) per number, counted in the database
 * under a per-number lock, so the limits hold across instances. The code goes out through the SMS provider (Aliyun,
 * or the outbox).
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { operators, smsCodes } from '@/lib/server/db/schema';
import { CODE_THROTTLED, ServiceError } from '@/lib/server/errors';
import { smsProvider } from '@/lib/server/messaging/sms';
import { errorText, log } from '@/lib/server/ops/log';
import { hashPassword } from './password';
import { endSessionsOf } from './sessions';
import { rateLimit } from './rate-limit';
import {
  SMS_TOO_SOON_MSG,
  SMS_DAILY_LIMIT_MSG,
  SMS_SEND_FAILED_MSG,
  SMS_CODE_WRONG_MSG,
} from '@/lib/contract/accounts';

export const SMS_CODE_VALID_MS = 5 * 60_000;
export const SMS_CODE_EVERY_MS = 60_000;
export const SMS_CODES_PER_DAY = 10;
export const SMS_CODE_MAX_TRIES = 5;
/** Codes asked from one address (any numbers) per 15 minutes: no SMS bombing of many numbers from one place. */
export const SMS_CODES_PER_ADDRESS = 20;

const PURPOSE = 'forgetPassword';
const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

const codeHash = (mobile: string, code: string) => createHash('sha256').update(`${mobile}:${code}`).digest('hex');

/** 138****5678 */
export function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

/** The start of today in China time (UTC+8, no daylight saving). */
export function chinaDayStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS);
}

/**
 * Sends a reset code to a registered number. A number that is not registered is answered alike and counted alike
 * (address and number limits, a row of its own that can never be used) but texted nothing: the answer does not tell
 * whether a number is registered, and nobody's phone is texted by strangers trying numbers (issue 38).
 */
export async function sendForgetPasswordCode(
  mobile: string,
  ip = '',
  now: Date = new Date(),
): Promise<{ mobile: string; expiresIn: number }> {
  const d = await db();
  if (!(await rateLimit(`sms:ip:${ip || 'unknown'}`, SMS_CODES_PER_ADDRESS, 15 * 60)))
    throw new ServiceError(SMS_TOO_SOON_MSG, CODE_THROTTLED);
  const [op] = await d.select({ id: operators.id }).from(operators).where(eq(operators.mobile, mobile)).limit(1);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await d.transaction(async (tx) => {
    // One sender per number at a time, on every instance: the counts below and the insert are one decision.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`);
    const sent = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), gte(smsCodes.createdAt, chinaDayStart(now))))
      .orderBy(desc(smsCodes.createdAt));
    if (sent[0] && now.getTime() - new Date(sent[0].createdAt).getTime() < SMS_CODE_EVERY_MS)
      throw new ServiceError(SMS_TOO_SOON_MSG, CODE_THROTTLED);
    if (sent.length >= SMS_CODES_PER_DAY) throw new ServiceError(SMS_DAILY_LIMIT_MSG, CODE_THROTTLED);
    // A new code replaces the earlier ones of the number.
    await tx
      .update(smsCodes)
      .set({ usedAt: now })
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, PURPOSE), isNull(smsCodes.usedAt)));
    const [row] = await tx
      .insert(smsCodes)
      .values({
        mobile,
        purpose: PURPOSE,
        codeHash: codeHash(mobile, code),
        operatorId: op?.id ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SMS_CODE_VALID_MS),
        // No account: the row only counts the send; it is spent from the start.
        usedAt: op ? null : now,
      })
      .returning({ id: smsCodes.id });
    return row.id;
  });
  if (op) {
    try {
      await smsProvider().send({
        mobile,
        params: { code },
        text: `【继续教育网络学院】您正在找回密码，验证码${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
      });
    } catch (err) {
      // Not sent: the code cannot be used, but the send still counts towards the number's limits.
      await d.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, id));
      log.warn({ err: errorText(err) }, 'SMS not sent');
      throw new ServiceError(SMS_SEND_FAILED_MSG);
    }
  }
  return { mobile: maskMobile(mobile), expiresIn: SMS_CODE_VALID_MS / 1000 };
}

export async function forgetPasswordBySms(
  form: { mobile: string; code: string; newPassword: string },
  now: Date = new Date(),
): Promise<true> {
  const d = await db();
  // Checking a code and counting the try are one statement: parallel guesses cannot all read the same count (on
  // PostgreSQL a burst of 1,000 had 419 checked). Only a guess that took one of the tries is compared.
  const latest = d
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.mobile, form.mobile),
        eq(smsCodes.purpose, PURPOSE),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  const [row] = await d
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(inArray(smsCodes.id, latest), lt(smsCodes.attempts, SMS_CODE_MAX_TRIES), isNull(smsCodes.usedAt)))
    .returning();
  if (!row || !row.operatorId) throw new ServiceError(SMS_CODE_WRONG_MSG);
  const given = Buffer.from(codeHash(form.mobile, form.code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) throw new ServiceError(SMS_CODE_WRONG_MSG);
  const passwordHash = await hashPassword(form.newPassword);
  // Single-use: of two requests with the same code only one takes it.
  const taken = await d
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (taken.length === 0) throw new ServiceError(SMS_CODE_WRONG_MSG);
  await d.update(operators).set({ passwordHash, isDefaultPassword: false }).where(eq(operators.id, row.operatorId));
  await endSessionsOf(row.operatorId);
  return true;
}

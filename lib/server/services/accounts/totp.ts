/**
 * The TOTP second factor (RFC 6238 through `otpauth`; issue 38, GB/T 22239-2019 三级 身份鉴别 d): enrolment in the
 * personal centre, ten one-time recovery codes, and the second step after every first factor.
 *
 * Every first factor ends in signIn (./auth), which asks `secondFactorChallenge` first: an account with a confirmed
 * enrolment gets no session but a ticket (a random string, only its hash kept, single-use, 5 minutes), and
 * `loginBySecondFactor` takes ticket + code (or a recovery code, or a remembered browser's cookie) and then makes the
 * session as the first factor would have, marked as having passed the second factor (sessions.second_factor), which
 * management calls require of an account whose role requires it (../management/powers).
 *
 * Wrong codes are counted by the password throttle (./throttle) under the account's own TOTP keys, per account and
 * per address, with the same limits and lockout. A code is accepted once (the last accepted time step is kept and
 * moved forward by a conditional UPDATE), and a recovery code once (a conditional UPDATE of its used_at).
 */
import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import {
  CODE_TOTP_CODE_NEEDED,
  TOTP_MSG,
  type TotpConfirmed,
  type TotpEnrolment,
  type TotpStatus,
} from '@/lib/contract/accounts';
import type { LoginResult } from '@/lib/contract/home';
import { signatureOf, validSignature } from '@/lib/session/identity';
import { config } from '@/lib/server/config';
import { db } from '@/lib/server/db';
import { operatorTotp, operators, secondFactorTickets, totpRecoveryCodes } from '@/lib/server/db/schema';
import type { ResponseCookie } from '../cookies';
import { ServiceError } from '@/lib/server/errors';
import { recordOperation } from '../management/operation-log';
import { signedIn } from './auth';
import { secondFactorPolicy } from './second-factor-policy';
import { hashToken, markSecondFactor, type SessionUser } from './sessions';
import { admitAttempt, recordSuccess } from './throttle';

export const TOTP_REMEMBER_COOKIE = 'ce-totp-remember';
const PERIOD_S = 30;
/** One step either side: a phone's clock a little off, or a code typed as it turned. */
const WINDOW = 1;
export const RECOVERY_CODES = 10;
/** No 0/O or 1/I: a code copied from paper is read back right. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

// --- secrets at rest ---

/** AES-256-GCM under a key derived from the session secret: a copy of the database alone gives no secret. */
const secretKey = () => Buffer.from(signatureOf('totp-secret-key:v1'), 'base64url');

function sealSecret(base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(), iv);
  const ct = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join(
    '.',
  );
}

function openSecret(sealed: string): string {
  const [, iv, tag, ct] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** Recovery codes are 50 random bits: a keyed hash is enough (a slow hash would only slow the sign-in). */
const recoveryHash = (operatorId: number, code: string) => signatureOf(`totp-recovery:${operatorId}:${code}`);

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return s;
}

const totpOf = (base32: string, label: string) =>
  new OTPAuth.TOTP({
    issuer: config().TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(base32),
  });

/** The time step a code belongs to, or null when it matches none within the window. */
function stepOf(base32: string, code: string, now: Date): number | null {
  const delta = totpOf(base32, '').validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

// --- what an account has and needs ---

async function enrolmentOf(operatorId: number) {
  const [row] = await (await db()).select().from(operatorTotp).where(eq(operatorTotp.operatorId, operatorId)).limit(1);
  return row;
}

// --- the remembered browser ---

const rememberPayload = (operatorId: number, issued: number, rememberId: string) =>
  `totp-remember.${operatorId}.${issued}.${rememberId}`;

function rememberCookie(operatorId: number, rememberId: string, now: Date): ResponseCookie | null {
  const days = config().TOTP_REMEMBER_DAYS;
  if (days <= 0) return null;
  const issued = Math.floor(now.getTime() / 1000);
  return {
    name: TOTP_REMEMBER_COOKIE,
    value: `${operatorId}.${issued}.${signatureOf(rememberPayload(operatorId, issued, rememberId))}`,
    maxAge: days * 24 * 3600,
    httpOnly: true,
  };
}

/** Bound to the account and to its enrolment (remember_id), within TOTP_REMEMBER_DAYS of when it was given. */
function remembered(value: string | null | undefined, operatorId: number, rememberId: string, now: Date): boolean {
  const days = config().TOTP_REMEMBER_DAYS;
  const m = value ? /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!m || days <= 0 || Number(m[1]) !== operatorId) return false;
  const age = now.getTime() / 1000 - Number(m[2]);
  if (age < -300 || age > days * 24 * 3600) return false;
  return validSignature(rememberPayload(operatorId, Number(m[2]), rememberId), m[3]);
}

// --- the second step of a sign-in ---

/** Throttle keys of the code step: the account's own, apart from its password's (same limits and lockout). */
const throttleName = (userId: string) => `totp:${userId}`;

/** Accepts a code once: moves the last accepted step forward, in one conditional UPDATE. */
async function takeCode(operatorId: number, base32: string, code: string, now: Date): Promise<boolean> {
  const step = stepOf(base32, code, now);
  if (step === null) return false;
  const taken = await (
    await db()
  )
    .update(operatorTotp)
    .set({ lastStep: step })
    .where(
      and(
        eq(operatorTotp.operatorId, operatorId),
        sql`(${operatorTotp.lastStep} is null or ${operatorTotp.lastStep} < ${step})`,
      ),
    )
    .returning({ id: operatorTotp.operatorId });
  return taken.length === 1;
}

/** Uses a recovery code once (a conditional UPDATE): parallel uses of one code get one success. */
async function takeRecoveryCode(operatorId: number, code: string, now: Date): Promise<boolean> {
  const used = await (
    await db()
  )
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(totpRecoveryCodes.operatorId, operatorId),
        eq(totpRecoveryCodes.codeHash, recoveryHash(operatorId, code)),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return used.length === 1;
}

/**
 * loginBySecondFactor: the ticket of a first factor with a code, a recovery code, or nothing from a remembered
 * browser; answers the sign-in the first factor would have answered. Without a code from a browser that is not
 * remembered: CODE_TOTP_CODE_NEEDED, not counted (the dialog asks first whether the browser is remembered).
 */
export async function loginBySecondFactor(
  body: { ticket: string; code?: string; recoveryCode?: string; remember?: boolean },
  setCookies: ResponseCookie[],
  ip: string,
  rememberValue: string | null,
  now = new Date(),
): Promise<LoginResult> {
  const d = await db();
  const ticketHash = hashToken(body.ticket);
  const [t] = await d
    .select()
    .from(secondFactorTickets)
    .where(
      and(
        eq(secondFactorTickets.ticketHash, ticketHash),
        isNull(secondFactorTickets.usedAt),
        gt(secondFactorTickets.expiresAt, now),
      ),
    )
    .limit(1);
  if (!t) throw new ServiceError(TOTP_MSG.ticketExpired);
  const [op] = await d.select().from(operators).where(eq(operators.id, t.operatorId)).limit(1);
  if (!op) throw new ServiceError(TOTP_MSG.ticketExpired);
  const enrolment = await enrolmentOf(op.id);
  const log = (action: string, outcome: 'ok' | 'failed', detail: string) =>
    recordOperation({ action, outcome, operatorId: op.id, userId: op.userId, detail, ip });

  let how: 'code' | 'recovery' | 'remembered' | 'reset';
  if (!enrolment?.confirmedAt) {
    // Reset by an administrator since the first factor: nothing to ask, as for any account without the factor.
    how = 'reset';
  } else if (!body.code && !body.recoveryCode) {
    if (!remembered(rememberValue, op.id, enrolment.rememberId, now))
      throw new ServiceError(TOTP_MSG.codeNeeded, CODE_TOTP_CODE_NEEDED);
    how = 'remembered';
  } else {
    // Counted before the code is checked, as passwords are: parallel guesses cannot all pass a check made first.
    await admitAttempt(throttleName(op.userId), ip);
    const ok = body.recoveryCode
      ? await takeRecoveryCode(op.id, body.recoveryCode, now)
      : await takeCode(op.id, openSecret(enrolment.secretEnc), body.code as string, now);
    if (!ok) {
      await log(body.recoveryCode ? 'totp-recovery' : 'totp-verify', 'failed', t.via);
      throw new ServiceError(body.recoveryCode ? TOTP_MSG.wrongRecovery : TOTP_MSG.wrongCode);
    }
    await recordSuccess(throttleName(op.userId), ip);
    how = body.recoveryCode ? 'recovery' : 'code';
  }
  const taken = await d
    .update(secondFactorTickets)
    .set({ usedAt: now })
    .where(and(eq(secondFactorTickets.ticketHash, ticketHash), isNull(secondFactorTickets.usedAt)))
    .returning({ ticketHash: secondFactorTickets.ticketHash });
  if (!taken[0]) throw new ServiceError(TOTP_MSG.ticketExpired);
  await log(how === 'recovery' ? 'totp-recovery' : 'totp-verify', 'ok', `${t.via} ${how}`);
  const result = await signedIn(op, setCookies, {
    redirect: t.redirect ?? undefined,
    keepTokenHash: t.keepTokenHash ?? undefined,
    secondFactor: how !== 'reset',
  });
  if (enrolment?.confirmedAt && body.remember && how !== 'remembered') {
    const cookie = rememberCookie(op.id, enrolment.rememberId, now);
    if (cookie) {
      setCookies.push(cookie);
      await log('totp-remember', 'ok', `${config().TOTP_REMEMBER_DAYS} days`);
    }
  }
  return result;
}

// --- enrolment in the personal centre ---

export async function totpStatus(user: SessionUser): Promise<TotpStatus> {
  const policy = await secondFactorPolicy(user.operatorID);
  const [{ n }] = await (
    await db()
  )
    .select({ n: sql<number>`count(*)::int` })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.operatorId, user.operatorID), isNull(totpRecoveryCodes.usedAt)));
  return {
    enrolled: policy.enrolled,
    required: policy.required,
    recoveryLeft: policy.enrolled ? Number(n) : 0,
    passed: !!user.secondFactor,
  };
}

/** A fresh secret, kept unconfirmed until a code from it comes back; shown now as a QR code and as text. */
export async function beginEnrolment(user: SessionUser): Promise<TotpEnrolment> {
  const existing = await enrolmentOf(user.operatorID);
  if (existing?.confirmedAt) throw new ServiceError(TOTP_MSG.alreadyEnrolled);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const values = { secretEnc: sealSecret(secret), rememberId: randomBytes(16).toString('base64url') };
  await (
    await db()
  )
    .insert(operatorTotp)
    .values({ operatorId: user.operatorID, ...values })
    .onConflictDoUpdate({ target: operatorTotp.operatorId, set: { ...values, lastStep: null, createdAt: new Date() } });
  const uri = totpOf(secret, user.userID).toString();
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
  return { secret, uri, qr };
}

/**
 * The first code from the app confirms the enrolment (only an unconfirmed one: a confirmed secret is never read
 * back); ten recovery codes are made and shown this once, and this session counts as having passed the factor.
 */
export async function confirmEnrolment(
  user: SessionUser,
  token: string | null,
  code: string,
  ip = '',
  now = new Date(),
): Promise<TotpConfirmed> {
  const row = await enrolmentOf(user.operatorID);
  if (!row) throw new ServiceError(TOTP_MSG.notStarted);
  if (row.confirmedAt) throw new ServiceError(TOTP_MSG.alreadyEnrolled);
  await admitAttempt(throttleName(user.userID), ip);
  if (!(await takeCode(user.operatorID, openSecret(row.secretEnc), code, now))) {
    await recordOperation({
      action: 'totp-enrol',
      outcome: 'failed',
      operatorId: user.operatorID,
      userId: user.userID,
      ip,
    });
    throw new ServiceError(TOTP_MSG.wrongCode);
  }
  await recordSuccess(throttleName(user.userID), ip);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const d = await db();
  await d.transaction(async (tx) => {
    await tx.update(operatorTotp).set({ confirmedAt: now }).where(eq(operatorTotp.operatorId, user.operatorID));
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.operatorId, user.operatorID));
    await tx
      .insert(totpRecoveryCodes)
      .values(codes.map((c) => ({ operatorId: user.operatorID, codeHash: recoveryHash(user.operatorID, c) })));
  });
  if (token) await markSecondFactor(token, user.operatorID);
  await recordOperation({ action: 'totp-enrol', outcome: 'ok', operatorId: user.operatorID, userId: user.userID, ip });
  return { recoveryCodes: codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`) };
}

/** Removes an account's factor (its secret, recovery codes, and so every remembered browser). */
export async function removeFactor(operatorId: number): Promise<boolean> {
  const d = await db();
  const gone = await d
    .delete(operatorTotp)
    .where(eq(operatorTotp.operatorId, operatorId))
    .returning({ id: operatorTotp.operatorId });
  await d.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.operatorId, operatorId));
  return gone.length === 1;
}

/** The user turns the factor off, with a current code; not while a role of theirs requires it. */
export async function disableTotp(user: SessionUser, code: string, ip = '', now = new Date()): Promise<boolean> {
  const row = await enrolmentOf(user.operatorID);
  if (!row?.confirmedAt) throw new ServiceError(TOTP_MSG.notEnrolled);
  if ((await secondFactorPolicy(user.operatorID)).required) throw new ServiceError(TOTP_MSG.requiredByRole);
  await admitAttempt(throttleName(user.userID), ip);
  if (!(await takeCode(user.operatorID, openSecret(row.secretEnc), code, now))) {
    await recordOperation({
      action: 'totp-disable',
      outcome: 'failed',
      operatorId: user.operatorID,
      userId: user.userID,
      ip,
    });
    throw new ServiceError(TOTP_MSG.wrongCode);
  }
  await recordSuccess(throttleName(user.userID), ip);
  await removeFactor(user.operatorID);
  await recordOperation({
    action: 'totp-disable',
    outcome: 'ok',
    operatorId: user.operatorID,
    userId: user.userID,
    ip,
  });
  return true;
}

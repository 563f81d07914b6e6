/**
 * Passport configuration and the link between a passport identity and a portal account (types 12-16).
 * The identity waits in passport_flows under a one-time code (esLoginIO) until the user picks or proves
 * an account; the OAuth round trip itself is in ./passport.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { operators, passportFlows } from '@/lib/server/db/schema';
import { ServiceError } from '@/lib/server/errors';
import { hashToken } from './sessions';
import { config } from '@/lib/server/config';
import { PASSPORT_EXPIRED_MSG, PASSPORT_TAKEN_MSG } from '@/lib/contract/accounts';

export const PASSPORT_FLOW_TTL_MS = 10 * 60_000;

export interface PassportConfig {
  /** The OpenID Connect issuer: its discovery document gives every endpoint and the keys of its ID tokens. */
  issuer: string;
  httpClientId: string;
  httpsClientId: string;
  clientSecret: string;
  redirectUri: string;
  registerUrl: string;
}

export function passportConfig(): PassportConfig {
  const c = config();
  const issuer = (c.PASSPORT_ISSUER ?? '').replace(/\/+$/, '');
  return {
    issuer,
    httpClientId: c.PASSPORT_HTTP_CLIENT_ID ?? '',
    httpsClientId: c.PASSPORT_HTTPS_CLIENT_ID ?? '',
    clientSecret: c.PASSPORT_CLIENT_SECRET ?? '',
    redirectUri: c.PASSPORT_REDIRECT_URI ?? '',
    registerUrl: c.PASSPORT_REGISTER_URL || (issuer ? `${issuer}/register` : ''),
  };
}

export function passportConfigured(): boolean {
  const c = passportConfig();
  return !!(c.issuer && (c.httpClientId || c.httpsClientId));
}

/** Kinds of one-time rows: the passport's ('state', 'login'), CAS's and WeChat's (./cas, ./wechat-link). */
export type FlowKind = 'state' | 'login' | 'cas-state' | 'cas-ticket' | 'wx-state' | 'wx-bind';

export async function newFlow(
  values: { kind: FlowKind; verifier?: string; esUserId?: string; esEmail?: string; esName?: string },
  key?: string,
): Promise<string> {
  const k = key ?? randomBytes(24).toString('base64url');
  const d = await db();
  const now = new Date();
  await d.insert(passportFlows).values({
    keyHash: hashToken(k),
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSPORT_FLOW_TTL_MS),
    ...values,
  });
  return k;
}

/** A flow row, once (use=true) or to look at (use=false); null when unknown, used or expired. */
export async function readFlow(kind: FlowKind, key: string, use: boolean) {
  const d = await db();
  const now = new Date();
  const where = and(
    eq(passportFlows.keyHash, hashToken(key)),
    eq(passportFlows.kind, kind),
    isNull(passportFlows.usedAt),
    gt(passportFlows.expiresAt, now),
  );
  if (use) {
    const rows = await d.update(passportFlows).set({ usedAt: now }).where(where).returning();
    return rows[0] ?? null;
  }
  const [row] = await d.select().from(passportFlows).where(where).limit(1);
  return row ?? null;
}

/** Links the identity behind esLoginIO to the operator (after the user proved the account), once. */
export async function linkPassportByCode(operatorId: number, esLoginIO: string) {
  const flow = await readFlow('login', esLoginIO, true);
  if (!flow?.esUserId) throw new ServiceError(PASSPORT_EXPIRED_MSG);
  return linkPassport(operatorId, flow.esUserId);
}

export async function linkPassport(operatorId: number, esUserId: string) {
  const d = await db();
  const [other] = await d.select({ id: operators.id }).from(operators).where(eq(operators.esUserId, esUserId)).limit(1);
  if (other && other.id !== operatorId) throw new ServiceError(PASSPORT_TAKEN_MSG);
  const [op] = await d.update(operators).set({ esUserId }).where(eq(operators.id, operatorId)).returning();
  return op;
}

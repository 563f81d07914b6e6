/**
 * The ticket of the second step of a sign-in (issue 38): what signIn (./auth) answers instead of a session for an
 * account with a confirmed TOTP enrolment. Random, only its hash kept, single-use, valid TOTP_TICKET_TTL_MS; taken by
 * loginBySecondFactor (./totp) with a code.
 */
import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { TotpChallenge } from '@/lib/contract/accounts';
import { db } from '@/lib/server/db';
import { operatorTotp, secondFactorTickets } from '@/lib/server/db/schema';
import { hashToken } from './sessions';

export const TOTP_TICKET_TTL_MS = 5 * 60_000;

export type FirstFactor = 'password' | 'qr' | 'passport' | 'cas' | 'wechat';

/**
 * Called by signIn before it makes a session: for an account with a confirmed enrolment, the ticket of the second
 * step instead (null: no second step, sign in now).
 */
export async function secondFactorChallenge(
  operatorId: number,
  opts: { via?: FirstFactor; keepTokenHash?: string; redirect?: string },
  now = new Date(),
): Promise<TotpChallenge | null> {
  const [row] = await (
    await db()
  )
    .select({ confirmedAt: operatorTotp.confirmedAt })
    .from(operatorTotp)
    .where(eq(operatorTotp.operatorId, operatorId))
    .limit(1);
  if (!row?.confirmedAt) return null;
  const ticket = randomBytes(32).toString('base64url');
  const d = await db();
  await d.delete(secondFactorTickets).where(lt(secondFactorTickets.expiresAt, new Date(now.getTime() - 3600_000)));
  await d.insert(secondFactorTickets).values({
    ticketHash: hashToken(ticket),
    operatorId,
    via: opts.via ?? '',
    keepTokenHash: opts.keepTokenHash ?? null,
    redirect: opts.redirect ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOTP_TICKET_TTL_MS),
  });
  return { secondFactor: 'totp', totpTicket: ticket, expiresIn: TOTP_TICKET_TTL_MS };
}

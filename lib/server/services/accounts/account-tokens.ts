/**
 * One-time e-mail tokens (activation, password reset): 32 random bytes, only the SHA-256 stored,
 * single-use (used_at set atomically), expiring.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { accountTokens } from '@/lib/server/db/schema';
import { hashToken } from './sessions';

export type TokenKind = 'activate' | 'reset';

export async function issueToken(
  kind: TokenKind,
  operatorId: number,
  ttlMs: number,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const d = await db();
  // Expired tokens are swept as new ones are made; a new reset link makes older ones of the user useless.
  await d.delete(accountTokens).where(lt(accountTokens.expiresAt, new Date(now.getTime() - 24 * 3600_000)));
  if (kind === 'reset') {
    await d
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.operatorId, operatorId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
  }
  await d.insert(accountTokens).values({
    tokenHash: hashToken(token),
    kind,
    operatorId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/** The operator a valid, unused token belongs to, without using it up. */
export async function peekToken(kind: TokenKind, token: string, now = new Date()): Promise<number | null> {
  const d = await db();
  const [row] = await d
    .select({ operatorId: accountTokens.operatorId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.operatorId ?? null;
}

/** Uses the token up; the operator it belongs to, once, or null. */
export async function consumeToken(kind: TokenKind, token: string, now = new Date()): Promise<number | null> {
  const d = await db();
  const rows = await d
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ operatorId: accountTokens.operatorId });
  return rows[0]?.operatorId ?? null;
}

/** The account a token of this kind was issued to, used or not, expired or not (to say what became of it). */
export async function tokenOwner(kind: TokenKind, token: string): Promise<number | null> {
  const d = await db();
  const [row] = await d
    .select({ operatorId: accountTokens.operatorId })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.kind, kind)));
  return row?.operatorId ?? null;
}

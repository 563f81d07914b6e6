/**
 * Sessions (docs/design.md §5, SPEC 4.1): an opaque random token, stored hashed with its last activity.
 * Idle 4 hours -> 2000; replaced by a newer login of the same account -> 2001; none or unknown -> 2002.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SESSION_IDLE_MS } from '@/lib/constants';
import { CODE_SESSION_ELSEWHERE, CODE_SESSION_IDLE, CODE_SESSION_NONE } from '@/lib/contract/messages';
import { db, getDbHandle, prepared } from '@/lib/server/db';
import { operators, orgs, sessions } from '@/lib/server/db/schema';
import { invalidateReadCaches, onInvalidatePrefix } from '@/lib/server/cache';
import { processState } from '@/lib/server/process-state';

export interface SessionUser {
  operatorID: number;
  userID: string;
  operatorName: string;
  orgName: string;
  tchrId: number | null;
  audience: string;
  positionLevel: number;
  cmsRoles: string[];
  /** Whether this session passed the TOTP second factor (management calls may require it: ../management/powers). */
  secondFactor?: boolean;
}

interface SessionRow extends Omit<SessionUser, 'orgName'> {
  lastActiveAt: Date | string;
  endedReason: string | null;
  orgName: string | null;
}

export type SessionResult =
  | { ok: true; user: SessionUser }
  | { ok: false; code: typeof CODE_SESSION_IDLE | typeof CODE_SESSION_ELSEWHERE | typeof CODE_SESSION_NONE };

/** Activity is written at most this often, so a busy learner does not cost a write per call. */
const TOUCH_EVERY_MS = 60_000;

/**
 * A session read recently answers again without the database (a page makes several calls, a player sends a
 * heartbeat every interval). A sign-in, sign-out or password change clears the account's entries at once, here
 * and, with PostgreSQL, on every other instance (the invalidation broadcast, lib/server/cache). PGlite serves one
 * process, so nothing else changes its sessions: a minute. PostgreSQL may be shared by several instances: a
 * second, in case a broadcast is lost (the listener reconnecting).
 */
const SESSION_CACHE_MS = { pglite: 60_000, postgres: 1000 } as const;
const SESSION_CACHE_MAX = 20_000;
/** One for the process (lib/server/process-state): a sign-out through the API must reach the pages' reads too. */
const recent = processState('recentSessions', () => new Map<string, { row: SessionRow; at: number }>());

function remember(tokenHash: string, row: SessionRow, at: number): void {
  recent.delete(tokenHash);
  recent.set(tokenHash, { row, at });
  while (recent.size > SESSION_CACHE_MAX) recent.delete(recent.keys().next().value as string);
}

function forgetOperator(operatorId: number): void {
  for (const [key, entry] of recent) if (entry.row.operatorID === operatorId) recent.delete(key);
}

/** Invalidation tag of an operator's sessions in the read caches (never a page's: pages are the same for everyone). */
const SESSIONS_TAG = 'sessions:';
const sessionsTag = (operatorId: number) => `${SESSIONS_TAG}${operatorId}`;
onInvalidatePrefix(SESSIONS_TAG, 'recentSessions', (tag) => {
  const id = Number(tag.slice(SESSIONS_TAG.length));
  if (tag.length > SESSIONS_TAG.length && Number.isInteger(id)) forgetOperator(id);
  else recent.clear();
});

/** Forgets every session read recently (after a change made to the sessions table by other means). */
export function forgetRecentSessions(): void {
  recent.clear();
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function resolveSession(token: string | null, now: Date = new Date()): Promise<SessionResult> {
  if (!token || token.length < 16 || token.length > 256) return { ok: false, code: CODE_SESSION_NONE };
  const tokenHash = hashToken(token);
  const at = now.getTime();
  const hit = recent.get(tokenHash);
  if (hit && hit.at <= at && at - hit.at < SESSION_CACHE_MS[(await getDbHandle()).kind])
    return verdict(hit.row, tokenHash, now);
  // Every signed-in call starts here, so the lookup is a prepared statement (planned once per connection).
  const rows = await prepared<SessionRow>(
    'session_by_token',
    sql`select ${sessions.lastActiveAt} as "lastActiveAt", ${sessions.endedReason} as "endedReason", ${operators.id} as "operatorID",
               ${operators.userId} as "userID", ${operators.name} as "operatorName", ${orgs.name} as "orgName", ${operators.tchrId} as "tchrId",
               ${operators.audience} as "audience", ${operators.positionLevel} as "positionLevel", ${operators.cmsRoles} as "cmsRoles",
               ${sessions.secondFactor} as "secondFactor"
          from ${sessions} join ${operators} on ${operators.id} = ${sessions.operatorId} left join ${orgs} on ${orgs.id} = ${operators.orgId}
         where ${sessions.tokenHash} = ${tokenHash} limit 1`,
  );
  const row = rows[0];
  if (!row) {
    recent.delete(tokenHash);
    return { ok: false, code: CODE_SESSION_NONE };
  }
  remember(tokenHash, row, at);
  return verdict(row, tokenHash, now);
}

async function verdict(row: SessionRow, tokenHash: string, now: Date): Promise<SessionResult> {
  if (row.endedReason === 'logout') return { ok: false, code: CODE_SESSION_NONE };
  if (row.endedReason === 'replaced') return { ok: false, code: CODE_SESSION_ELSEWHERE };
  const idle = now.getTime() - new Date(row.lastActiveAt).getTime();
  if (idle > SESSION_IDLE_MS) return { ok: false, code: CODE_SESSION_IDLE };
  if (idle > TOUCH_EVERY_MS) {
    await (await db()).update(sessions).set({ lastActiveAt: now }).where(eq(sessions.tokenHash, tokenHash));
    row.lastActiveAt = now;
  }
  const { lastActiveAt: _a, endedReason: _e, orgName, ...user } = row;
  void _a;
  void _e;
  return { ok: true, user: { ...user, orgName: orgName ?? '' } };
}

/**
 * Starts a session for an operator. Earlier sessions of the same account are marked replaced,
 * so their next call answers 2001 (SPEC 8: logged in elsewhere).
 */
export async function createSession(
  operatorId: number,
  now: Date = new Date(),
  keepTokenHash?: string,
  secondFactor = false,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const d = await db();
  await d.transaction(async (tx) => {
    // A QR-code login keeps the confirming phone's session (keepTokenHash); every other one is replaced.
    const others = keepTokenHash
      ? and(eq(sessions.operatorId, operatorId), isNull(sessions.endedReason), ne(sessions.tokenHash, keepTokenHash))
      : and(eq(sessions.operatorId, operatorId), isNull(sessions.endedReason));
    await tx.update(sessions).set({ endedReason: 'replaced' }).where(others);
    await tx
      .insert(sessions)
      .values({ tokenHash: hashToken(token), operatorId, createdAt: now, lastActiveAt: now, secondFactor });
  });
  // The replaced sessions must answer 2001 on every instance, not only after their cached copy ages out.
  await invalidateReadCaches(sessionsTag(operatorId));
  return token;
}

/** The session has now passed the second factor (its user confirmed an enrolment with a code). */
export async function markSecondFactor(token: string, operatorId: number): Promise<void> {
  await (
    await db()
  )
    .update(sessions)
    .set({ secondFactor: true })
    .where(eq(sessions.tokenHash, hashToken(token)));
  recent.delete(hashToken(token));
  await invalidateReadCaches(sessionsTag(operatorId));
}

export async function endSession(token: string): Promise<void> {
  const d = await db();
  const ended = await d
    .update(sessions)
    .set({ endedReason: 'logout' })
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ operatorId: sessions.operatorId });
  recent.delete(hashToken(token));
  if (ended[0]) await invalidateReadCaches(sessionsTag(ended[0].operatorId));
}

/** Ends every session of an operator (after a password reset or change, except the current one). */
export async function endSessionsOf(operatorId: number, exceptToken?: string | null): Promise<void> {
  const d = await db();
  const where = exceptToken
    ? and(
        eq(sessions.operatorId, operatorId),
        isNull(sessions.endedReason),
        ne(sessions.tokenHash, hashToken(exceptToken)),
      )
    : and(eq(sessions.operatorId, operatorId), isNull(sessions.endedReason));
  await d.update(sessions).set({ endedReason: 'logout' }).where(where);
  await invalidateReadCaches(sessionsTag(operatorId));
}

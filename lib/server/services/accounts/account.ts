/** The signed-in user's own record (SPEC 3: user info kept locally). */
import { createHmac } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { UserInfo } from '@/lib/contract/home';
import { V } from '@/lib/validation/messages';
import { db } from '@/lib/server/db';
import { operatorStations, operators, orgs, stations } from '@/lib/server/db/schema';
import { CODE_FORBIDDEN, ServiceError, tooFrequent } from '@/lib/server/errors';
import { hashPassword, verifyPassword } from './password';
import { endSession, endSessionsOf, type SessionUser } from './sessions';
import { countUse, limitAddress } from './rate-limit';
import { loginThrottles } from '@/lib/server/db/schema';
import { config } from '@/lib/server/config';
import {
  CURRENT_USER_MISSING_MSG,
  LEGACY_ADMIN_URL_MISSING_MSG,
  LEGACY_ADMIN_SECRET_MISSING_MSG,
  OWN_POSTS_ONLY_MSG,
  POST_MISSING_MSG,
  EMAIL_IN_USE_MSG,
  OLD_PASSWORD_WRONG_MSG,
  CURRENT_PASSWORD_WRONG_MSG,
  SAVED_MSG,
  PASSWORD_ALREADY_SET_MSG,
  EMAIL_ALREADY_SET_MSG,
  EMAIL_PASSWORD_REQUIRED_MSG,
  NO_CMS_ROLE_MSG,
} from '@/lib/contract/accounts';

export async function myInfo(
  operatorId: number,
): Promise<UserInfo & { positionLevel: number; email: string; gender: number }> {
  const d = await db();
  const rows = await d
    .select({
      operatorID: operators.id,
      tchrId: operators.tchrId,
      operatorName: operators.name,
      orgName: orgs.name,
      userID: operators.userId,
      remark: operators.remark,
      headPic: operators.headPic,
      positionLevel: operators.positionLevel,
      email: operators.email,
      gender: operators.gender,
    })
    .from(operators)
    .leftJoin(orgs, eq(orgs.id, operators.orgId))
    .where(eq(operators.id, operatorId))
    .limit(1);
  const row = rows[0];
  if (!row) throw new ServiceError(CURRENT_USER_MISSING_MSG);
  return { ...row, orgName: row.orgName ?? '', email: row.email ?? '' };
}

/** SPEC 6: the management roles; their count is the user's cmsRoleCount. */
export function myCmsRoleList(user: SessionUser): { roleName: string; isDefault: boolean }[] {
  return user.cmsRoles.map((roleName, i) => ({ roleName, isDefault: i === 0 }));
}

/* ---- Account settings and the prompts after login (SPEC 4.2, 7; accounts work) ---- */

async function assertEmailFree(operatorId: number, email: string) {
  const d = await db();
  const [other] = await d
    .select({ id: operators.id })
    .from(operators)
    .where(and(sql`lower(${operators.email}) = ${email}`, ne(operators.id, operatorId)))
    .limit(1);
  if (other) throw new ServiceError(EMAIL_IN_USE_MSG);
}

/**
 * loginRecommendSave: the perfect-info prompt (types 9, 10, 11) sets a new password only while the account still
 * has its default password, and an e-mail only while it has none; anything else is a job for the account settings,
 * which ask for the current password. A password set here ends the account's other sessions.
 */
export async function loginRecommendSave(
  operatorId: number,
  token: string | null,
  body: { email?: string; newPassword?: string },
) {
  const d = await db();
  const [op] = await d
    .select({ isDefaultPassword: operators.isDefaultPassword, email: operators.email, hash: operators.passwordHash })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (body.newPassword && !op?.isDefaultPassword) throw new ServiceError(PASSWORD_ALREADY_SET_MSG);
  // The prompt asks to replace the initial password: keeping it would clear the prompt and change nothing.
  if (body.newPassword && (await verifyPassword(body.newPassword, op!.hash)))
    throw new ServiceError(V.passwordSameAsOld);
  if (body.email && op?.email) throw new ServiceError(EMAIL_ALREADY_SET_MSG);
  const set: Partial<typeof operators.$inferInsert> = {};
  if (body.email) {
    await assertEmailFree(operatorId, body.email);
    set.email = body.email;
  }
  if (body.newPassword) {
    set.passwordHash = await hashPassword(body.newPassword);
    set.isDefaultPassword = false;
  }
  // The conditions again in the update, so two saves at once cannot both pass the checks above.
  const updated = await d
    .update(operators)
    .set(set)
    .where(
      and(
        eq(operators.id, operatorId),
        body.newPassword ? eq(operators.isDefaultPassword, true) : undefined,
        body.email ? sql`coalesce(${operators.email}, '') = ''` : undefined,
      ),
    )
    .returning({ id: operators.id });
  if (updated.length === 0) throw new ServiceError(body.newPassword ? PASSWORD_ALREADY_SET_MSG : EMAIL_ALREADY_SET_MSG);
  if (body.newPassword) await endSessionsOf(operatorId, token);
  return { msg: SAVED_MSG };
}

/** Wrong current passwords an account may give in the settings in 15 minutes; the last one ends the session. */
export const PASSWORD_CHECK_ACCOUNT_MAX = 10;
const PASSWORD_CHECK_WINDOW_S = 15 * 60;
export const passwordCheckAccountKey = (operatorId: number) => `passwordCheck:operator:${operatorId}`;

/**
 * Checks the current password a settings call gives, counted before the check (per address, and per account, so
 * parallel calls cannot pass the limit): a session that keeps guessing (a stolen one) is ended at the account's
 * limit, and calls past it are refused until the window ends. A right password clears the account's count.
 */
async function checkCurrentPassword(
  operatorId: number,
  token: string | null,
  ip: string,
  password: string,
  hash: string,
  wrongMsg: string,
): Promise<void> {
  await limitAddress('passwordCheck', ip);
  const tries = await countUse(passwordCheckAccountKey(operatorId), PASSWORD_CHECK_WINDOW_S);
  if (tries <= PASSWORD_CHECK_ACCOUNT_MAX && (await verifyPassword(password, hash))) {
    const d = await db();
    await d.delete(loginThrottles).where(eq(loginThrottles.key, passwordCheckAccountKey(operatorId)));
    return;
  }
  if (tries < PASSWORD_CHECK_ACCOUNT_MAX) throw new ServiceError(wrongMsg);
  if (token) await endSession(token);
  throw tooFrequent();
}
export async function changePassword(
  operatorId: number,
  token: string | null,
  body: { oldPassword: string; newPassword: string },
  ip = '',
) {
  const d = await db();
  const [op] = await d.select({ hash: operators.passwordHash }).from(operators).where(eq(operators.id, operatorId));
  if (!op) throw new ServiceError(OLD_PASSWORD_WRONG_MSG);
  await checkCurrentPassword(operatorId, token, ip, body.oldPassword, op.hash, OLD_PASSWORD_WRONG_MSG);
  await d
    .update(operators)
    .set({ passwordHash: await hashPassword(body.newPassword), isDefaultPassword: false })
    .where(eq(operators.id, operatorId));
  // Other browsers signed in with the old password are signed out; this one stays.
  await endSessionsOf(operatorId, token);
  return true;
}

/** E-mail drives password recovery, so replacing an address already set needs the current password. */
export async function updateEmail(
  operatorId: number,
  body: { email: string; password?: string },
  token: string | null = null,
  ip = '',
) {
  const d = await db();
  const [op] = await d
    .select({ email: operators.email, hash: operators.passwordHash })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (!op) throw new ServiceError(CURRENT_USER_MISSING_MSG);
  if (op.email) {
    if (!body.password) throw new ServiceError(EMAIL_PASSWORD_REQUIRED_MSG);
    await checkCurrentPassword(operatorId, token, ip, body.password, op.hash, CURRENT_PASSWORD_WRONG_MSG);
  }
  await assertEmailFree(operatorId, body.email);
  await d.update(operators).set({ email: body.email }).where(eq(operators.id, operatorId));
  return true;
}

export async function updateHead(operatorId: number, headPic: string) {
  const d = await db();
  await d.update(operators).set({ headPic }).where(eq(operators.id, operatorId));
  return { headPic };
}

export async function updateInfo(operatorId: number, body: { operatorName: string; gender: 1 | 2; remark: string }) {
  const d = await db();
  await d
    .update(operators)
    .set({ name: body.operatorName, gender: body.gender, remark: body.remark })
    .where(eq(operators.id, operatorId));
  return true;
}

/* ---- 'My management' (SPEC 6) ---- */

/** switchDefaultCmsRole: makes a role the default and answers the management address of the configuration. */
export async function switchDefaultCmsRole(user: SessionUser, roleName?: string) {
  if (user.cmsRoles.length === 0) throw new ServiceError(NO_CMS_ROLE_MSG, CODE_FORBIDDEN);
  const role = roleName && user.cmsRoles.includes(roleName) ? roleName : user.cmsRoles[0];
  const d = await db();
  await d
    .update(operators)
    .set({ cmsRoles: [role, ...user.cmsRoles.filter((r) => r !== role)] })
    .where(eq(operators.id, user.operatorID));
  return { roleName: role, cmsUrl: config().NEXT_PUBLIC_CMS_URL ?? '' };
}

/** The old management's dynamic-key link (old-management flag '1'): a signed, 5-minute key. */
export function oldCmsDynamicKey(user: SessionUser, now = Date.now()) {
  if (user.cmsRoles.length === 0) throw new ServiceError(NO_CMS_ROLE_MSG, CODE_FORBIDDEN);
  const base = config().OLD_CMS_URL ?? '';
  if (!base) throw new ServiceError(LEGACY_ADMIN_URL_MISSING_MSG);
  const expires = Math.floor(now / 1000) + 300;
  const payload = `${user.operatorID}.${expires}`;
  const secret = config().OLD_CMS_SECRET || config().SESSION_SECRET || '';
  if (!secret) throw new ServiceError(LEGACY_ADMIN_SECRET_MISSING_MSG);
  const key = `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
  const url = new URL(base);
  url.searchParams.set('dynamicKey', key);
  return { url: url.toString() };
}

/* ---- Post stations (SPEC 2.4, 3, 5) ---- */

export async function stationList(operatorId: number | null) {
  const d = await db();
  const list = await d
    .select({ stationId: stations.id, stationName: stations.name, summary: stations.summary })
    .from(stations)
    .orderBy(stations.sort, stations.id);
  const mine = operatorId ? new Set((await myStations(operatorId)).map((s) => s.stationId)) : new Set<number>();
  return list.map((s) => ({ ...s, stationImgUrl: '', bound: mine.has(s.stationId) }));
}

export async function myStations(operatorId: number) {
  const d = await db();
  return d
    .select({ stationId: stations.id, stationName: stations.name })
    .from(operatorStations)
    .innerJoin(stations, eq(stations.id, operatorStations.stationId))
    .where(eq(operatorStations.operatorId, operatorId))
    .orderBy(stations.sort);
}

/** Replaces the user's stations with the chosen ones (at least one). */
export async function bindStations(user: SessionUser, body: { stationIds: number[]; operatorID: number }) {
  if (body.operatorID !== user.operatorID) throw new ServiceError(OWN_POSTS_ONLY_MSG, CODE_FORBIDDEN);
  const ids = [...new Set(body.stationIds)];
  const d = await db();
  const known = await d.select({ id: stations.id }).from(stations).where(inArray(stations.id, ids));
  if (known.length !== ids.length) throw new ServiceError(POST_MISSING_MSG);
  await d.transaction(async (tx) => {
    await tx.delete(operatorStations).where(eq(operatorStations.operatorId, user.operatorID));
    await tx.insert(operatorStations).values(ids.map((stationId) => ({ operatorId: user.operatorID, stationId })));
  });
  return { msg: V.stationBound };
}

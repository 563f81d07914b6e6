/**
 * Username login and logout (SPEC 4.2, 7): captcha first, then the attempt is counted (throttling), then the
 * password; the token goes into an HttpOnly cookie with the signed identity cookie beside it (docs/design.md §5), and
 * the browser gets a device cookie that later sign-ins to this account are counted by (throttle.ts).
 * A login that carries esLoginIO (passport types 15, 16) links the passport identity to the account.
 */
import { eq, sql } from 'drizzle-orm';
import { CAPTCHA_WRONG_MSG } from '@/lib/contract/messages';
import { TOKEN_STORAGE_KEY } from '@/lib/constants';
import { IDENTITY_COOKIE, signIdentity } from '@/lib/session/identity';
import { DEVICE_COOKIE, DEVICE_MAX_AGE_S, signDevice, verifyDevice } from '@/lib/session/device';
import type { LoginForm } from '@/lib/validation/auth';
import { db } from '@/lib/server/db';
import { operators, orgs } from '@/lib/server/db/schema';
import type { ResponseCookie } from '../cookies';
import { ServiceError } from '@/lib/server/errors';
import { verifyPassword } from './password';
import { upgradePasswordHash } from './password-upgrade';
import { safeRedirect } from './redirect-hosts';
import { verifyCaptcha } from './captcha';
import { createSession, endSession } from './sessions';
import { admitAttempt, recordSuccess } from './throttle';
import { linkPassportByCode, passportConfigured } from './passport-link';
import { bindWechatByCode } from './wechat-link';
import type { LoginResult } from '@/lib/contract/home';
import type { SignInAnswer } from '@/lib/contract/accounts';
import { secondFactorChallenge, type FirstFactor } from './second-factor-ticket';
import { config } from '@/lib/server/config';
import { LOGIN_FAILED_MSG, NOT_ACTIVATED_MSG } from '@/lib/contract/accounts';

export { CAPTCHA_WRONG_MSG };

/** A hash of nothing, so an unknown account costs the same work as a wrong password. */
const DUMMY_HASH = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** Session cookies live as long as the browser; the server ends idle sessions itself (4 hours). */
export function sessionCookies(token: string, op: { id: number; tchrId: number | null }): ResponseCookie[] {
  return [
    { name: TOKEN_STORAGE_KEY, value: token, httpOnly: true },
    { name: IDENTITY_COOKIE, value: signIdentity({ operatorID: op.id, tchrId: op.tchrId }), httpOnly: false },
  ];
}

export type { LoginResult };

type Operator = typeof operators.$inferSelect;

/**
 * What every way of signing in (password, QR code, passport, CAS, WeChat) answers once it knows the operator: an
 * account with the TOTP second factor gets the ticket of the second step instead (./totp), unless it has just passed
 * it (secondFactor), which the session then records.
 */
export async function signIn(
  op: Operator,
  setCookies: ResponseCookie[],
  opts: { redirect?: string; keepTokenHash?: string; via?: FirstFactor; secondFactor?: boolean } = {},
): Promise<SignInAnswer> {
  if (!opts.secondFactor) {
    const challenge = await secondFactorChallenge(op.id, opts);
    if (challenge) return challenge;
  }
  return signedIn(op, setCookies, opts);
}

/** The session and the answer of a sign-in that needs no further step (./totp calls it after the second one). */
export async function signedIn(
  op: Operator,
  setCookies: ResponseCookie[],
  opts: { redirect?: string; keepTokenHash?: string; secondFactor?: boolean },
): Promise<LoginResult> {
  const d = await db();
  const token = await createSession(op.id, new Date(), opts.keepTokenHash, !!opts.secondFactor);
  setCookies.push(...sessionCookies(token, op), {
    name: DEVICE_COOKIE,
    value: signDevice(op.id),
    maxAge: DEVICE_MAX_AGE_S,
    httpOnly: true,
  });
  const [org] = op.orgId ? await d.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, op.orgId)) : [];
  const c = config();
  return {
    token,
    hasES: op.esUserId ? 1 : 0,
    authUserId: op.esUserId ?? '',
    esEnabled: passportConfigured() && c.PASSPORT_LINK_PROMPT ? 1 : 0,
    redirectsUrl: safeRedirect(opts.redirect),
    cmsUrl: c.NEXT_PUBLIC_CMS_URL ?? '',
    stuUrl: c.STU_URL ?? '',
    isHandleOldCmsUrl: c.OLD_CMS_URL ? '1' : '0',
    isDefaultPassword: op.isDefaultPassword ? 1 : 0,
    isEmptyEmail: op.email ? 0 : 1,
    stationPrompt: c.STATION_PROMPT ? 1 : 0,
    operatorResult: { operatorName: op.name, orgName: org?.name ?? '', userID: op.userId },
  };
}

export async function findOperatorByLogin(userID: string): Promise<Operator | undefined> {
  const d = await db();
  const key = userID.trim().toLowerCase();
  const [op] = await d
    .select()
    .from(operators)
    .where(sql`lower(${operators.userId}) = ${key} or lower(${operators.email}) = ${key}`)
    .orderBy(sql`case when lower(${operators.userId}) = ${key} then 0 else 1 end`)
    .limit(1);
  return op;
}

export async function login(
  form: LoginForm,
  setCookies: ResponseCookie[],
  ip = '',
  deviceCookie: string | null = null,
): Promise<SignInAnswer> {
  if (!(await verifyCaptcha(form.codeUuid, form.code))) throw new ServiceError(CAPTCHA_WRONG_MSG);
  const op = await findOperatorByLogin(form.userID);
  // Counted under the login name, whether the account was named by it or by its e-mail.
  const account = op?.userId ?? form.userID;
  const device = verifyDevice(deviceCookie);
  const knownDevice = op && device?.operatorID === op.id ? device.id : null;
  // Counted before the password is checked, so parallel attempts cannot all pass a check made before any is counted.
  await admitAttempt(account, ip, knownDevice);
  const ok = await verifyPassword(form.password, op?.passwordHash ?? DUMMY_HASH);
  if (!op || !ok) throw new ServiceError(LOGIN_FAILED_MSG);
  if (!op.isActivated) throw new ServiceError(NOT_ACTIVATED_MSG);
  await recordSuccess(account, ip, knownDevice);
  // A hash made with older, weaker scrypt parameters is replaced now that the password is known (issue 22).
  await upgradePasswordHash(op.id, op.passwordHash, form.password);
  let linked = form.esLoginIO ? await linkPassportByCode(op.id, form.esLoginIO) : op;
  // The first WeChat QR login of this account (type 17): its WeChat identity is bound now that the account is proved.
  if (form.wxLoginIO) linked = await bindWechatByCode(linked.id, form.wxLoginIO);
  return signIn(linked, setCookies, { redirect: form.redirect, via: 'password' });
}

export async function logout(token: string | null, setCookies: ResponseCookie[]) {
  if (token) await endSession(token);
  setCookies.push(
    { name: TOKEN_STORAGE_KEY, value: '', maxAge: 0 },
    { name: IDENTITY_COOKIE, value: '', maxAge: 0, httpOnly: false },
  );
  return true;
}

/**
 * SPEC 7 refreshToken: the session gets a new token (the old one ends, as after a newer sign-in) and the browser the
 * new cookies; the learner stays signed in. The idle clock starts again.
 */
export async function refreshToken(
  user: { operatorID: number; tchrId: number | null; secondFactor?: boolean },
  setCookies: ResponseCookie[],
): Promise<{ token: string }> {
  // The new session keeps what the old one had passed (the second factor, issue 38).
  const token = await createSession(user.operatorID, new Date(), undefined, !!user.secondFactor);
  setCookies.push(...sessionCookies(token, { id: user.operatorID, tchrId: user.tchrId }));
  return { token };
}

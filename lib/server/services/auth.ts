/**
 * Username login and logout (SPEC 4.2, 7): captcha first, then the password; the token goes into
 * an HttpOnly cookie with the signed identity cookie beside it (DESIGN 5). The full dialog flow
 * (passport prompts, perfect-info, QR, throttling) belongs to the accounts work.
 */
import { eq, sql } from 'drizzle-orm';
import { TOKEN_STORAGE_KEY } from '@/lib/constants';
import { IDENTITY_COOKIE, signIdentity } from '@/lib/identity';
import type { LoginForm } from '@/lib/validation/auth';
import { db } from '../db';
import { operators } from '../db/schema';
import type { ResponseCookie } from '../endpoint';
import { ServiceError } from '../errors';
import { verifyPassword } from '../password';
import { verifyCaptcha } from './captcha';
import { createSession, endSession } from './sessions';

export const CAPTCHA_WRONG_MSG = '验证码错误或已过期，请重新输入';
export const LOGIN_FAILED_MSG = '账号或密码错误';
export const NOT_ACTIVATED_MSG = '账号尚未激活，请先登录邮箱激活账号';

/** Session cookies live as long as the browser; the server ends idle sessions itself (4 hours). */
function sessionCookies(token: string, identity: string): ResponseCookie[] {
  return [
    { name: TOKEN_STORAGE_KEY, value: token, httpOnly: true },
    { name: IDENTITY_COOKIE, value: identity, httpOnly: false },
  ];
}

export async function login(form: LoginForm, setCookies: ResponseCookie[]) {
  if (!(await verifyCaptcha(form.codeUuid, form.code))) throw new ServiceError(CAPTCHA_WRONG_MSG);
  const d = await db();
  const [op] = await d
    .select()
    .from(operators)
    .where(eq(sql`lower(${operators.userId})`, form.userID.toLowerCase()))
    .limit(1);
  // The same answer and the same work for an unknown account and a wrong password.
  const ok = await verifyPassword(form.password, op?.passwordHash ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');
  if (!op || !ok) throw new ServiceError(LOGIN_FAILED_MSG);
  if (!op.isActivated) throw new ServiceError(NOT_ACTIVATED_MSG);
  const token = await createSession(op.id);
  setCookies.push(...sessionCookies(token, signIdentity({ operatorID: op.id, tchrId: op.tchrId })));
  return {
    token,
    hasES: op.esUserId ? 1 : 0,
    isDefaultPassword: op.isDefaultPassword ? 1 : 0,
    isEmptyEmail: op.email ? 0 : 1,
    operatorResult: { operatorName: op.name, orgName: '', userID: op.userId },
  };
}

export async function logout(token: string | null, setCookies: ResponseCookie[]) {
  if (token) await endSession(token);
  setCookies.push({ name: TOKEN_STORAGE_KEY, value: '', maxAge: 0 }, { name: IDENTITY_COOKIE, value: '', maxAge: 0, httpOnly: false });
  return true;
}

/**
 * Password retrieval and reset (SPEC 4.2 types 3-8, 5, 8): an e-mail with a link to
 * /home?forgetPasswordToken=..., valid 30 minutes and single-use; only users with an e-mail on file.
 */
import { eq, sql } from 'drizzle-orm';
import { RESET_LINK_VALID_MS } from '@/lib/constants';
import { RESET_LINK_EXPIRED_MSG, RESET_LINK_INVALID_MSG } from '@/lib/contract/messages';
import { V } from '@/lib/validation/messages';
import { siteOrigin, siteTitle, type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import { operators, orgs } from '@/lib/server/db/schema';
import { CODE_THROTTLED, ServiceError } from '@/lib/server/errors';
import { hashPassword } from './password';
import { consumeToken, issueToken, peekToken } from './account-tokens';
import { escapeHtml, sendMail } from '@/lib/server/messaging/mail';
import { endSessionsOf } from './sessions';
import { rateLimit } from './rate-limit';
import { RESET_MAIL_ACCOUNT_MSG, RESET_MAIL_ADDRESS_MSG } from '@/lib/contract/accounts';

export const RESET_INVALID = `${RESET_LINK_INVALID_MSG}，${RESET_LINK_EXPIRED_MSG}`;

/** One reset e-mail per account a minute, and a few per address a quarter of an hour. */
export const RESET_MAIL_ACCOUNT_WINDOW_MS = 60_000;
export const RESET_MAIL_ADDRESS_MAX = 10;
export const RESET_MAIL_ADDRESS_WINDOW_MS = 15 * 60_000;
export const resetMailAccountKey = (operatorId: number) => `reset-mail:operator:${operatorId}`;
export const resetMailAddressKey = (ip: string) => `reset-mail:ip:${ip || 'unknown'}`;

/** a***@example.org: enough for the user to recognise the address, not enough to learn it. */
export function maskEmail(email: string): string {
  const [name, domain] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

export async function forgetPasswordSendEmail(userIdOrEmail: string, site: Site, ip = ''): Promise<{ email: string }> {
  const d = await db();
  const key = userIdOrEmail.trim().toLowerCase();
  const [op] = await d
    .select({ id: operators.id, email: operators.email, name: operators.name, isActivated: operators.isActivated })
    .from(operators)
    .where(sql`lower(${operators.userId}) = ${key} or lower(${operators.email}) = ${key}`)
    .limit(1);
  if (!op || !op.email) throw new ServiceError(V.forgotNotFound);
  // Only accounts this endpoint already admits to are limited, so a refusal tells nothing new.
  // The address first: a sender held back there does not use up the account's minute.
  if (!(await rateLimit(resetMailAddressKey(ip), RESET_MAIL_ADDRESS_MAX, RESET_MAIL_ADDRESS_WINDOW_MS / 1000)))
    throw new ServiceError(RESET_MAIL_ADDRESS_MSG, CODE_THROTTLED);
  if (!(await rateLimit(resetMailAccountKey(op.id), 1, RESET_MAIL_ACCOUNT_WINDOW_MS / 1000)))
    throw new ServiceError(RESET_MAIL_ACCOUNT_MSG, CODE_THROTTLED);
  const token = await issueToken('reset', op.id, RESET_LINK_VALID_MS);
  const link = `${siteOrigin(site)}/home?forgetPasswordToken=${token}`;
  const title = siteTitle(site);
  await sendMail({
    to: op.email,
    subject: `${title}找回密码`,
    text: `${op.name}，您好！\n\n请在30分钟内打开下面的链接设置新密码（链接只能使用一次）：\n${link}\n\n如果不是您本人操作，请忽略本邮件，您的密码不会改变。`,
    html: `<p>${escapeHtml(op.name)}，您好！</p><p>请在30分钟内点击下面的链接设置新密码（链接只能使用一次）：</p><p><a href="${link}">${link}</a></p><p>如果不是您本人操作，请忽略本邮件，您的密码不会改变。</p>`,
    link,
  });
  return { email: maskEmail(op.email) };
}

/** Type 7 shows whose password is being set: name, organisation, login name. */
export async function forgetPasswordCheckToken(token: string) {
  const operatorId = await peekToken('reset', token);
  if (!operatorId) throw new ServiceError(RESET_INVALID);
  const d = await db();
  const [row] = await d
    .select({ operatorName: operators.name, orgName: orgs.name, userID: operators.userId })
    .from(operators)
    .leftJoin(orgs, eq(orgs.id, operators.orgId))
    .where(eq(operators.id, operatorId));
  return { ...row, orgName: row.orgName ?? '' };
}

export async function forgetPasswordModify(token: string, newPassword: string): Promise<true> {
  const passwordHash = await hashPassword(newPassword);
  const operatorId = await consumeToken('reset', token);
  if (!operatorId) throw new ServiceError(RESET_INVALID);
  const d = await db();
  // The link proved the mailbox, so an account never activated is activated too.
  await d
    .update(operators)
    .set({ passwordHash, isDefaultPassword: false, isActivated: true })
    .where(eq(operators.id, operatorId));
  await endSessionsOf(operatorId);
  return true;
}

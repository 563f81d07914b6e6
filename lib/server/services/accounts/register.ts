/**
 * Visitor registration (SPEC 3, 5; login type -1): the e-mail is the login name; the account stays
 * inactive until the link of the activation e-mail is opened. A train resource registration keeps
 * resourceId and resourceType=1.
 */
import { eq, sql } from 'drizzle-orm';
import type { RegisterForm } from '@/lib/validation/accounts';
import { ACTIVATION_INVALID_MSG, EMAIL_TAKEN_MSG, LOGIN_NAME_TAKEN_MSG } from '@/lib/contract/messages';
import { V } from '@/lib/validation/messages';
import { siteOrigin, siteTitle, type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import { operators, orgs, registrations, trains } from '@/lib/server/db/schema';
import { ServiceError } from '@/lib/server/errors';
import { hashPassword } from './password';
import { consumeToken, issueToken, tokenOwner } from './account-tokens';
import { verifyCaptcha } from './captcha';
import { limitAddress } from './rate-limit';
import { CAPTCHA_WRONG_MSG } from './auth';
import { escapeHtml, sendMail } from '@/lib/server/messaging/mail';
import { ACTIVATED_MSG } from '@/lib/contract/accounts';
import { TRAIN_NOT_FOUND_MSG } from '@/lib/contract/catalogue';

export { EMAIL_TAKEN_MSG, LOGIN_NAME_TAKEN_MSG };
export { ACTIVATION_INVALID_MSG };
/** Activation links stay valid for 24 hours. */
export const ACTIVATION_VALID_MS = 24 * 3600_000;

async function taken(email: string): Promise<string | null> {
  const d = await db();
  const rows = await d
    .select({ email: operators.email, userId: operators.userId })
    .from(operators)
    .where(sql`lower(${operators.email}) = ${email} or lower(${operators.userId}) = ${email}`)
    .limit(1);
  if (!rows[0]) return null;
  return rows[0].email?.toLowerCase() === email ? EMAIL_TAKEN_MSG : LOGIN_NAME_TAKEN_MSG;
}

/** /api/register/valid: throws the duplicate message, or answers true. */
export async function registerValid(email: string, ip = ''): Promise<true> {
  // It tells whether an e-mail is registered: limited per address, so the site cannot be used to sort a list.
  await limitAddress('registerValid', ip);
  const msg = await taken(email);
  if (msg) throw new ServiceError(msg);
  return true;
}

/** /api/register/info: the train resource a registration link names. */
export async function registerInfo(resourceId: number) {
  const d = await db();
  const [t] = await d
    .select({ id: trains.id, title: trains.title, type: trains.type })
    .from(trains)
    .where(eq(trains.id, resourceId))
    .limit(1);
  if (!t) throw new ServiceError(TRAIN_NOT_FOUND_MSG);
  return { resourceId: t.id, resourceType: 1, title: t.title, trainType: t.type };
}

export async function register(form: RegisterForm, site: Site): Promise<{ email: string }> {
  if (!(await verifyCaptcha(form.codeUuid, form.code))) throw new ServiceError(CAPTCHA_WRONG_MSG);
  const dup = await taken(form.email);
  if (dup) throw new ServiceError(dup);
  if (form.resourceId !== undefined) await registerInfo(form.resourceId);
  const d = await db();
  const passwordHash = await hashPassword(form.password);
  const audience =
    site.variant === 'party' || site.variant === 'partySchool'
      ? 'party'
      : site.variant === 'student'
        ? 'student'
        : 'general';
  let operatorId: number;
  try {
    operatorId = await d.transaction(async (tx) => {
      const [org] = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, form.orgName)).limit(1);
      const orgId = org?.id ?? (await tx.insert(orgs).values({ name: form.orgName }).returning({ id: orgs.id }))[0].id;
      const [op] = await tx
        .insert(operators)
        .values({
          userId: form.email,
          email: form.email,
          name: form.operatorName,
          orgId,
          passwordHash,
          audience,
          isActivated: false,
          remark: '注册用户',
        })
        .returning({ id: operators.id });
      await tx.insert(registrations).values({
        operatorId: op.id,
        optionId: form.optionId ?? '',
        resourceId: form.resourceId ?? null,
        resourceType: form.resourceType ?? null,
      });
      return op.id;
    });
  } catch (err) {
    // Two registrations of one address at once: the unique index decides.
    if (
      /unique|duplicate/i.test(
        err instanceof Error ? err.message + String((err as { cause?: unknown }).cause ?? '') : '',
      )
    )
      throw new ServiceError(EMAIL_TAKEN_MSG);
    throw err;
  }
  const token = await issueToken('activate', operatorId, ACTIVATION_VALID_MS);
  const link = `${siteOrigin(site)}/register?activateToken=${token}`;
  const title = siteTitle(site);
  await sendMail({
    to: form.email,
    subject: `${title}账号激活`,
    text: `${form.operatorName}，您好！\n\n请打开下面的链接激活您在${title}注册的账号（24小时内有效）：\n${link}\n\n如果不是您本人注册，请忽略本邮件。`,
    html: `<p>${escapeHtml(form.operatorName)}，您好！</p><p>请点击下面的链接激活您在${escapeHtml(title)}注册的账号（24小时内有效）：</p><p><a href="${link}">${link}</a></p><p>如果不是您本人注册，请忽略本邮件。</p>`,
    link,
  });
  return { email: form.email };
}

/** The activation link: single use, 24 hours. */
export async function activate(token: string): Promise<{ userID: string; message: string }> {
  const operatorId = await consumeToken('activate', token);
  const d = await db();
  if (!operatorId) {
    // The link opened again after it worked: the account is active, so say so rather than 'register again'.
    const owner = await tokenOwner('activate', token);
    const [op] = owner
      ? await d
          .select({ userID: operators.userId, isActivated: operators.isActivated })
          .from(operators)
          .where(eq(operators.id, owner))
      : [];
    if (op?.isActivated) return { userID: op.userID, message: ACTIVATED_MSG };
    throw new ServiceError(ACTIVATION_INVALID_MSG);
  }
  const [op] = await d
    .update(operators)
    .set({ isActivated: true })
    .where(eq(operators.id, operatorId))
    .returning({ userID: operators.userId });
  return { userID: op.userID, message: ACTIVATED_MSG };
}

export { V };

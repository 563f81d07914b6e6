/**
 * The first administrator of a production database (which gets no demo accounts): an operator with management
 * rights (cmsRoles, as the seed's `manager`), made by `npm run admin -- create` (scripts/admin.ts).
 */
import { sql } from 'drizzle-orm';
import { PASSWORD_PATTERN } from '@/lib/validation/accounts';
import { V } from '@/lib/validation/messages';
import { db } from '@/lib/server/db';
import { operators, roleGrants, roles } from '@/lib/server/db/schema';
import { hashPassword } from '../accounts/password';
import { recordOperation } from './operation-log';

/** The management roles of an administrator made here. */
export const ADMIN_ROLES = ['系统管理员', '内容管理员', '培训管理员'];
/** The scoped role an administrator gets, over the whole institution. */
export const ADMIN_GRANT_ROLE = '系统管理员';

const LOGIN_NAME = /^[A-Za-z0-9_.-]{2,40}$/;

export class AdminError extends Error {}

export async function createAdministrator(input: {
  userId: string;
  name: string;
  password: string;
  email?: string;
}): Promise<{ id: number; userId: string }> {
  const userId = input.userId.trim();
  const name = input.name.trim();
  if (!LOGIN_NAME.test(userId))
    throw new AdminError(
      '账号只能由 2-40 位字母、数字、下划线、点或连字符组成 / the login name must be 2-40 letters, digits, _ . or -',
    );
  if (!name || name.length > 40) throw new AdminError('请填写 1-40 个字的姓名 / the name must be 1-40 characters');
  // SPEC 5's rule, the same as every password form of the portal.
  if (!PASSWORD_PATTERN.test(input.password))
    throw new AdminError(`${V.passwordRule} / the password needs letters, digits and an underscore, 8-64 characters`);
  const d = await db();
  const email = input.email?.trim() || null;
  const taken = await d.execute(
    sql`select 1 from ${operators} where lower(${operators.userId}) = ${userId.toLowerCase()} or (${email}::text is not null and lower(${operators.email}) = lower(${email}::text)) limit 1`,
  );
  if ((taken as unknown as { rows: unknown[] }).rows.length)
    throw new AdminError(`账号或邮箱已存在 / the login name or e-mail is taken: ${userId}`);
  const [row] = await d
    .insert(operators)
    .values({
      userId,
      name,
      email,
      passwordHash: await hashPassword(input.password),
      cmsRoles: ADMIN_ROLES,
      remark: '管理员',
      isActivated: true,
      isDefaultPassword: false,
    })
    .returning({ id: operators.id });
  // Every power over the whole institution (scoped roles, issue 25).
  await d.execute(
    sql`insert into ${roleGrants} (operator_id, role_id, org_id) select ${row.id}, ${roles.id}, null from ${roles} where ${roles.name} = ${ADMIN_GRANT_ROLE}`,
  );
  await recordOperation({ action: 'admin-create', outcome: 'ok', operatorId: row.id, userId, detail: 'npm run admin' });
  return { id: row.id, userId };
}

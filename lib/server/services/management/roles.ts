/**
 * Role administration (issue 25, power "role-manage"): the roles, the organisations a manager reaches, and the
 * grants of roles to users over organisations. A manager sees and changes grants inside their own scope only.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Page } from '@/lib/contract/home';
import {
  WHOLE_INSTITUTION,
  type GrantItem,
  type OrgItem,
  type Power,
  type RoleItem,
  MSG_USER_NOT_FOUND,
  MSG_ROLE_NOT_FOUND,
  MSG_GRANT_NOT_FOUND,
  MSG_ORG_NOT_FOUND,
} from '@/lib/contract/management';
import { db } from '@/lib/server/db';
import { operators, orgs, roleGrants, roles } from '@/lib/server/db/schema';
import { CODE_NOT_FOUND, ServiceError } from '@/lib/server/errors';
import type { SessionUser } from '../accounts/sessions';
import { orgInScope, requireAnyPower, requirePower } from './powers';

export async function listRoles(user: SessionUser): Promise<RoleItem[]> {
  await requireAnyPower(user, 'role-manage');
  const rows = await (await db()).select().from(roles).orderBy(asc(roles.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    powers: r.powers as Power[],
    description: r.description,
    requireTotp: r.requireTotp,
  }));
}

/** The organisations a power reaches, parents before children, for filters and the grant form. */
export async function orgsFor(user: SessionUser, power: Power): Promise<OrgItem[]> {
  const scope = await requireAnyPower(user, power);
  const rows = await (
    await db()
  )
    .select({ id: orgs.id, name: orgs.name, parentId: orgs.parentId })
    .from(orgs)
    .where(orgInScope(scope, orgs.id))
    .orderBy(asc(orgs.id));
  return rows;
}

const grantColumns = {
  id: roleGrants.id,
  operatorId: roleGrants.operatorId,
  userId: operators.userId,
  operatorName: operators.name,
  roleId: roleGrants.roleId,
  roleName: roles.name,
  orgId: roleGrants.orgId,
  orgName: sql<string>`coalesce(${orgs.name}, ${WHOLE_INSTITUTION})`,
  createdAt: roleGrants.createdAt,
};

/** The grants over organisations in the manager's scope (grants over the whole institution only for a whole-institution manager). */
export async function listGrants(
  user: SessionUser,
  q: { pageNum: number; pageSize: number },
): Promise<Page<GrantItem>> {
  const scope = await requireAnyPower(user, 'role-manage');
  const d = await db();
  const where = scope.all ? sql`true` : orgInScope(scope, roleGrants.orgId);
  const [rows, [{ n }]] = await Promise.all([
    d
      .select(grantColumns)
      .from(roleGrants)
      .innerJoin(operators, eq(operators.id, roleGrants.operatorId))
      .innerJoin(roles, eq(roles.id, roleGrants.roleId))
      .leftJoin(orgs, eq(orgs.id, roleGrants.orgId))
      .where(where)
      .orderBy(desc(roleGrants.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    d
      .select({ n: sql<number>`count(*)::int` })
      .from(roleGrants)
      .where(where),
  ]);
  return {
    list: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
    total: Number(n),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** Gives a role to a user over an organisation (null: the whole institution); the role's name joins the user's cmsRoles (我的管理). */
export async function grantRole(
  user: SessionUser,
  b: { userId: string; roleId: number; orgId: number | null },
): Promise<GrantItem> {
  await requirePower(user, 'role-manage', b.orgId);
  const d = await db();
  const [target] = await d
    .select({ id: operators.id, cmsRoles: operators.cmsRoles })
    .from(operators)
    .where(sql`lower(${operators.userId}) = ${b.userId.toLowerCase()}`)
    .limit(1);
  if (!target) throw new ServiceError(MSG_USER_NOT_FOUND, CODE_NOT_FOUND);
  const [role] = await d.select().from(roles).where(eq(roles.id, b.roleId)).limit(1);
  if (!role) throw new ServiceError(MSG_ROLE_NOT_FOUND, CODE_NOT_FOUND);
  if (b.orgId !== null) {
    const [org] = await d.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, b.orgId)).limit(1);
    if (!org) throw new ServiceError(MSG_ORG_NOT_FOUND, CODE_NOT_FOUND);
  }
  await d
    .insert(roleGrants)
    .values({ operatorId: target.id, roleId: role.id, orgId: b.orgId, grantedBy: user.operatorID })
    .onConflictDoNothing();
  if (!target.cmsRoles.includes(role.name))
    await d
      .update(operators)
      .set({ cmsRoles: [...target.cmsRoles, role.name] })
      .where(eq(operators.id, target.id));
  const [row] = await d
    .select(grantColumns)
    .from(roleGrants)
    .innerJoin(operators, eq(operators.id, roleGrants.operatorId))
    .innerJoin(roles, eq(roles.id, roleGrants.roleId))
    .leftJoin(orgs, eq(orgs.id, roleGrants.orgId))
    .where(
      and(
        eq(roleGrants.operatorId, target.id),
        eq(roleGrants.roleId, role.id),
        sql`coalesce(${roleGrants.orgId}, 0) = ${b.orgId ?? 0}`,
      ),
    )
    .limit(1);
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}

/** Takes a grant back; the role's name leaves the user's cmsRoles when no other grant of it is left. */
export async function revokeGrant(user: SessionUser, b: { id: number }): Promise<{ removed: true }> {
  const d = await db();
  const [grant] = await d
    .select({
      id: roleGrants.id,
      operatorId: roleGrants.operatorId,
      roleId: roleGrants.roleId,
      orgId: roleGrants.orgId,
    })
    .from(roleGrants)
    .where(eq(roleGrants.id, b.id))
    .limit(1);
  // Checked before saying whether it exists, so a manager of unit A learns nothing of unit B's grants.
  await requirePower(user, 'role-manage', grant?.orgId ?? null);
  if (!grant) throw new ServiceError(MSG_GRANT_NOT_FOUND, CODE_NOT_FOUND);
  await d.delete(roleGrants).where(eq(roleGrants.id, grant.id));
  const [left] = await d
    .select({ n: sql<number>`count(*)::int` })
    .from(roleGrants)
    .where(and(eq(roleGrants.operatorId, grant.operatorId), eq(roleGrants.roleId, grant.roleId)));
  if (Number(left.n) === 0) {
    const [role] = await d.select({ name: roles.name }).from(roles).where(eq(roles.id, grant.roleId));
    await d
      .update(operators)
      .set({
        cmsRoles: sql`coalesce((select jsonb_agg(x) from jsonb_array_elements(${operators.cmsRoles}) x where x <> to_jsonb(${role.name}::text)), '[]'::jsonb)`,
      })
      .where(eq(operators.id, grant.operatorId));
  }
  return { removed: true };
}

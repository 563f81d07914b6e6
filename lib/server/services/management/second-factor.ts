/**
 * Administration of the TOTP second factor (issue 38, power "role-manage"): whether a role requires it, and the
 * reset of a manager's factor (a lost phone and no recovery code left). Both go into the operations log.
 */
import { eq } from 'drizzle-orm';
import { TOTP_MSG } from '@/lib/contract/accounts';
import type { Power, RoleItem } from '@/lib/contract/management';
import { db } from '@/lib/server/db';
import { operators, roles } from '@/lib/server/db/schema';
import { CODE_NOT_FOUND, ServiceError } from '@/lib/server/errors';
import type { SessionUser } from '../accounts/sessions';
import { removeFactor } from '../accounts/totp';
import { recordOperation } from './operation-log';
import { requirePower } from './powers';
import { MSG_ROLE_NOT_FOUND } from '@/lib/contract/management';

/** A role is the whole institution's: only a manager of roles over the whole institution changes its policy. */
export async function setRoleTotp(user: SessionUser, b: { roleId: number; requireTotp: boolean }): Promise<RoleItem> {
  await requirePower(user, 'role-manage', null);
  const [role] = await (
    await db()
  )
    .update(roles)
    .set({ requireTotp: b.requireTotp })
    .where(eq(roles.id, b.roleId))
    .returning();
  if (!role) throw new ServiceError(MSG_ROLE_NOT_FOUND, CODE_NOT_FOUND);
  await recordOperation({
    action: 'totp-policy',
    outcome: 'ok',
    operatorId: user.operatorID,
    userId: user.userID,
    target: `role:${role.id}`,
    detail: b.requireTotp ? 'required' : 'not required',
  });
  return {
    id: role.id,
    name: role.name,
    powers: role.powers as Power[],
    description: role.description,
    requireTotp: role.requireTotp,
  };
}

/** Removes a user's factor; the manager needs role-manage over the user's organisation. The user enrols again. */
export async function resetTotp(user: SessionUser, b: { operatorId: number }): Promise<{ reset: boolean }> {
  const [target] = await (
    await db()
  )
    .select({ id: operators.id, userId: operators.userId, orgId: operators.orgId })
    .from(operators)
    .where(eq(operators.id, b.operatorId))
    .limit(1);
  // Checked before saying whether the user exists, so a manager of unit A learns nothing of unit B's users.
  await requirePower(user, 'role-manage', target?.orgId ?? null);
  if (!target) throw new ServiceError(TOTP_MSG.userNotFound, CODE_NOT_FOUND);
  const reset = await removeFactor(target.id);
  await recordOperation({
    action: 'totp-reset',
    outcome: 'ok',
    operatorId: user.operatorID,
    userId: user.userID,
    target: `user:${target.userId}`,
    detail: reset ? 'reset' : 'not enrolled',
  });
  return { reset };
}

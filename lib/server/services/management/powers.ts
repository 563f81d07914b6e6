/**
 * The one check of scoped roles (issue 25): a grant (lib/server/db/tables/roles) gives a role's powers over an
 * organisation and its sub-organisations, or over the whole institution (org null). Every management call asks
 * `requirePower` for one object's organisation, or `powerScope` for the organisations a list may show.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { MSG_NO_ORG_POWER, MSG_NO_POWER, POWERS, type MyPowers, type Power } from '@/lib/contract/management';
import { db } from '@/lib/server/db';
import { CODE_FORBIDDEN, ServiceError } from '@/lib/server/errors';
import type { SessionUser } from '../accounts/sessions';
import { CODE_TOTP_ENROL, CODE_TOTP_REQUIRED, TOTP_MSG } from '@/lib/contract/accounts';
import { secondFactorPolicy } from '../accounts/second-factor-policy';

/** Where a power reaches: every organisation, or these ids (the granted ones and all below them). */
export type PowerScope = { all: true } | { all: false; orgIds: number[] };

type Who = Pick<SessionUser, 'operatorID' | 'secondFactor'>;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The scope of one power for a user; no grant gives an empty scope. */
export async function powerScope(user: Who, power: Power): Promise<PowerScope> {
  const d = await db();
  const rows = rowsOf<{ whole: boolean; ids: number[] | null }>(
    await d.execute(sql`
      with recursive granted as (
        select g.org_id from role_grants g join roles r on r.id = g.role_id
        where g.operator_id = ${user.operatorID} and ${power} = any(r.powers)
      ), tree as (
        select o.id from orgs o where o.id in (select org_id from granted)
        union
        select o.id from orgs o join tree t on o.parent_id = t.id
      )
      select exists (select 1 from granted where org_id is null) as whole,
             array(select id from tree order by id) as ids`),
  );
  const row = rows[0];
  if (row?.whole) return { all: true };
  return { all: false, orgIds: (row?.ids ?? []).map(Number) };
}

export function inScope(scope: PowerScope, orgId: number | null): boolean {
  if (scope.all) return true;
  return orgId !== null && scope.orgIds.includes(orgId);
}

/** The power somewhere, else 1003 (没有管理权限); answers its scope for a list to filter by. */
export async function requireAnyPower(user: Who, power: Power, message = MSG_NO_POWER): Promise<PowerScope> {
  const scope = await powerScope(user, power);
  if (!scope.all && scope.orgIds.length === 0) throw new ServiceError(message, CODE_FORBIDDEN);
  await requireSecondFactor(user);
  return scope;
}

/**
 * Issue 38 (GB/T 22239 三级: two factors for managers): an account that a role requires to use the TOTP second factor,
 * or that has enrolled, makes management calls only from a session that passed it. Not enrolled yet: 1031 (the
 * client sends the user to enrol); enrolled, signed in with one factor: 1032.
 */
async function requireSecondFactor(user: Who): Promise<void> {
  if (user.secondFactor) return;
  const policy = await secondFactorPolicy(user.operatorID);
  if (policy.enrolled) throw new ServiceError(TOTP_MSG.passFirst, CODE_TOTP_REQUIRED);
  if (policy.required) throw new ServiceError(TOTP_MSG.enrolFirst, CODE_TOTP_ENROL);
}

/**
 * The power over one organisation (null: something of the whole institution, such as a site-wide notice), else
 * 1003: 没有管理权限 without the power anywhere, 没有该单位的管理权限 with it elsewhere only.
 */
export async function requirePower(
  user: Who,
  power: Power,
  orgId: number | null,
  message = MSG_NO_POWER,
): Promise<PowerScope> {
  const scope = await requireAnyPower(user, power, message);
  if (!inScope(scope, orgId)) throw new ServiceError(MSG_NO_ORG_POWER, CODE_FORBIDDEN);
  return scope;
}

/** Every power of the user with its organisations (null: the whole institution), for the screens to offer what is allowed. */
export async function myPowers(user: Who): Promise<MyPowers> {
  const scopes = await Promise.all(POWERS.map(async (p) => [p, await powerScope(user, p)] as const));
  return {
    powers: scopes
      .filter(([, s]) => s.all || s.orgIds.length > 0)
      .map(([power, s]) => ({ power, orgIds: s.all ? null : s.orgIds })),
  };
}

/** A SQL condition: the column (an org id) lies in the scope. */
export function orgInScope(scope: PowerScope, column: SQLWrapper): SQL {
  if (scope.all) return sql`true`;
  if (scope.orgIds.length === 0) return sql`false`;
  return sql`${column} = any(${sql.raw(`'{${scope.orgIds.map(Number).join(',')}}'::int[]`)})`;
}

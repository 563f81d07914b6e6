/**
 * Whether an account must pass the TOTP second factor (issue 38): a role of it requires the factor, or it has
 * enrolled. Read by signIn's second step (./totp) and by every management call (../management/powers).
 */
import { sql } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { operatorTotp, roleGrants, roles } from '@/lib/server/db/schema';

/** Whether a role of the account requires the second factor, and whether the account has a confirmed enrolment. */
export async function secondFactorPolicy(operatorId: number): Promise<{ required: boolean; enrolled: boolean }> {
  const d = await db();
  const rows = (await d.execute(sql`
    select exists (select 1 from ${roleGrants} g join ${roles} r on r.id = g.role_id
                    where g.operator_id = ${operatorId} and r.require_totp) as required,
           exists (select 1 from ${operatorTotp} t
                    where t.operator_id = ${operatorId} and t.confirmed_at is not null) as enrolled`)) as unknown as {
    rows: { required: boolean; enrolled: boolean }[];
  };
  const row = rows.rows[0];
  return { required: !!row?.required, enrolled: !!row?.enrolled };
}

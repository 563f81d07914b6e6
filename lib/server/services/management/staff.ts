/**
 * Who counts as staff for the larger stored-upload allowance (UPLOAD_STAFF_STORED_QUOTA_MB): a teacher, or a holder
 * of a management power over some organisation (a grant of a role with powers, powers.ts), not a user whose
 * role list merely names a role.
 */
import { sql } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import type { SessionUser } from '../accounts/sessions';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export async function isStaffUploader(user: Pick<SessionUser, 'operatorID' | 'tchrId'>): Promise<boolean> {
  if (user.tchrId != null) return true;
  const rows = rowsOf<{ held: boolean }>(
    await (
      await db()
    ).execute(sql`
      select exists (
        select 1 from role_grants g join roles r on r.id = g.role_id
        where g.operator_id = ${user.operatorID} and cardinality(r.powers) > 0
      ) as held`),
  );
  return rows[0]?.held === true;
}

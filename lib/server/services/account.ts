/** The signed-in user's own record (SPEC 3: user info kept locally). */
import { eq } from 'drizzle-orm';
import type { UserInfo } from '@/lib/api/types';
import { db } from '../db';
import { operators, orgs } from '../db/schema';
import { ServiceError } from '../errors';
import type { SessionUser } from './sessions';

export async function myInfo(operatorId: number): Promise<UserInfo & { positionLevel: number; email: string }> {
  const d = await db();
  const rows = await d
    .select({
      operatorID: operators.id,
      tchrId: operators.tchrId,
      operatorName: operators.name,
      orgName: orgs.name,
      userID: operators.userId,
      remark: operators.remark,
      headPic: operators.headPic,
      positionLevel: operators.positionLevel,
      email: operators.email,
    })
    .from(operators)
    .leftJoin(orgs, eq(orgs.id, operators.orgId))
    .where(eq(operators.id, operatorId))
    .limit(1);
  const row = rows[0];
  if (!row) throw new ServiceError('未找到当前用户信息');
  return { ...row, orgName: row.orgName ?? '', email: row.email ?? '' };
}

/** SPEC 6: the management roles; their count is the user's cmsRoleCount. */
export function myCmsRoleList(user: SessionUser): { roleName: string; isDefault: boolean }[] {
  return user.cmsRoles.map((roleName, i) => ({ roleName, isDefault: i === 0 }));
}

/**
 * Demo data of the accounts domain; runs inside the seed transaction after the core catalogue and people.
 * For the passport (single sign-on) trials with `npm run passport`: the teacher is linked to the
 * passport identity 'passport-teacher', and two accounts named 张伟 in different institutes both match
 * the passport identity of that name (login type 14).
 */
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/server/services/accounts/password';
import { operators } from '../../db/schema';
import type { SeedContext } from './context';

export const NAMESAKE_ACCOUNTS = [
  { userId: 'zhangwei1', password: 'Zhangwei_2026', email: 'zhangwei1@example.org' },
  { userId: 'zhangwei2', password: 'Zhangwei_2026', email: 'zhangwei2@example.org' },
] as const;

export async function seedAccounts(ctx: SeedContext): Promise<void> {
  const teacher = ctx.demoOperatorIds.teacher;
  if (teacher) await ctx.db.update(operators).set({ esUserId: 'passport-teacher' }).where(eq(operators.id, teacher));
  const rows = [];
  for (const [i, a] of NAMESAKE_ACCOUNTS.entries()) {
    rows.push({
      userId: a.userId,
      email: a.email,
      name: '张伟',
      orgId: ctx.orgs[i % ctx.orgs.length]?.id ?? null,
      passwordHash: await hashPassword(a.password),
      remark: '学员',
      createdAt: ctx.clock.now,
    });
  }
  await ctx.db.insert(operators).values(rows);
}

/**
 * The AI assistant's daily quotas (issue 26): each question costs the model's owner money, so a user may ask
 * ASSISTANT_DAILY_QUOTA a day (per-role overrides in ASSISTANT_ROLE_QUOTAS; 0 hides the assistant from that role)
 * and the site ASSISTANT_SITE_DAILY_QUOTA. Days are China time. Each count is one statement that takes a use only
 * while one is left, so parallel questions on any number of instances cannot pass the bound.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AssistantQuota } from '@/lib/contract/home';
import { ASSISTANT_SITE_QUOTA_SPENT_MSG, ASSISTANT_USER_QUOTA_SPENT_MSG } from '@/lib/contract/messages';
import { chinaDate } from '@/lib/format';
import { config } from '@/lib/server/config';
import { db } from '@/lib/server/db';
import { assistantUsage } from '@/lib/server/db/schema';
import { ServiceError } from '@/lib/server/errors';
import type { SessionUser } from '../accounts/sessions';

export function dayOf(now: Date): string {
  const { year, month, day } = chinaDate(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The user's daily allowance: the largest override among their roles (audience, management roles), else the default. */
export function dailyLimitOf(user: Pick<SessionUser, 'audience' | 'cmsRoles'>): number {
  const { ASSISTANT_DAILY_QUOTA, ASSISTANT_ROLE_QUOTAS, ASSISTANT_SITE_DAILY_QUOTA } = config();
  if (ASSISTANT_SITE_DAILY_QUOTA === 0) return 0;
  const overrides = [user.audience, ...user.cmsRoles]
    .map((role) => ASSISTANT_ROLE_QUOTAS[role])
    .filter((n): n is number => n !== undefined);
  return overrides.length ? Math.max(...overrides) : ASSISTANT_DAILY_QUOTA;
}

const userKey = (user: Pick<SessionUser, 'operatorID'>) => `user:${user.operatorID}`;
const SITE_KEY = 'site';

async function usedOf(who: string, day: string): Promise<number> {
  const d = await db();
  const [row] = await d
    .select({ used: assistantUsage.used })
    .from(assistantUsage)
    .where(and(eq(assistantUsage.day, day), eq(assistantUsage.who, who)));
  return row?.used ?? 0;
}

export async function quotaOf(
  user: Pick<SessionUser, 'operatorID' | 'audience' | 'cmsRoles'>,
  now = new Date(),
): Promise<AssistantQuota> {
  const limit = dailyLimitOf(user);
  const used = limit > 0 ? await usedOf(userKey(user), dayOf(now)) : 0;
  return { left: Math.max(0, limit - used), limit };
}

/** Takes one use of who's count for day while fewer than limit are taken; false when none is left. */
async function take(who: string, day: string, limit: number): Promise<boolean> {
  if (limit <= 0) return false;
  const d = await db();
  const rows = await d
    .insert(assistantUsage)
    .values({ day, who, used: 1 })
    .onConflictDoUpdate({
      target: [assistantUsage.day, assistantUsage.who],
      set: { used: sql`${assistantUsage.used} + 1` },
      setWhere: sql`${assistantUsage.used} < ${limit}`,
    })
    .returning({ used: assistantUsage.used });
  return rows.length > 0;
}

async function giveBack(who: string, day: string): Promise<void> {
  const d = await db();
  await d
    .update(assistantUsage)
    .set({ used: sql`greatest(${assistantUsage.used} - 1, 0)` })
    .where(and(eq(assistantUsage.day, day), eq(assistantUsage.who, who)));
}

/**
 * Takes one question from the user's and the site's counts, or refuses with a Chinese message and takes none.
 * Returns what is left and a function that gives the question back (the model never answered it).
 */
export async function takeQuestion(
  user: Pick<SessionUser, 'operatorID' | 'audience' | 'cmsRoles'>,
  now = new Date(),
): Promise<{ quota: AssistantQuota; refund: () => Promise<void> }> {
  const day = dayOf(now);
  const limit = dailyLimitOf(user);
  const who = userKey(user);
  if (!(await take(who, day, limit))) throw new ServiceError(ASSISTANT_USER_QUOTA_SPENT_MSG);
  if (!(await take(SITE_KEY, day, config().ASSISTANT_SITE_DAILY_QUOTA))) {
    await giveBack(who, day);
    throw new ServiceError(ASSISTANT_SITE_QUOTA_SPENT_MSG);
  }
  const used = await usedOf(who, day);
  return {
    quota: { left: Math.max(0, limit - used), limit },
    refund: async () => {
      await giveBack(who, day);
      await giveBack(SITE_KEY, day);
    },
  };
}

/**
 * WeChat QR login (type 17): whether it is configured, and the binding of a WeChat identity to a portal account.
 * A first-time WeChat user waits under a one-time code (wxLoginIO) until they sign in with their portal account,
 * which binds it (auth.login); the OAuth round trip itself is in ./wechat.
 */
import { eq } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { config } from '@/lib/server/config';
import { ServiceError } from '@/lib/server/errors';
import { readFlow } from './passport-link';
import { WX_EXPIRED_MSG, WX_TAKEN_MSG } from '@/lib/contract/accounts';

export const wechatConfigured = (): boolean => !!(config().WECHAT_APPID && config().WECHAT_SECRET);

/** Binds the WeChat identity waiting under wxLoginIO to the operator who just proved their account, once. */
export async function bindWechatByCode(operatorId: number, wxLoginIO: string) {
  const flow = await readFlow('wx-bind', wxLoginIO, true);
  if (!flow?.esUserId) throw new ServiceError(WX_EXPIRED_MSG);
  const d = await db();
  const [other] = await d
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.wxUnionId, flow.esUserId))
    .limit(1);
  if (other && other.id !== operatorId) throw new ServiceError(WX_TAKEN_MSG);
  const [op] = await d
    .update(operators)
    .set({ wxUnionId: flow.esUserId })
    .where(eq(operators.id, operatorId))
    .returning();
  return op;
}

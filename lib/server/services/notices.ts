/** Publishing a notice (a management write): it shows on the home pages at their next request. */
import { notices } from '../db/schema';
import { db } from '../db';
import { ServiceError, CODE_FORBIDDEN } from '../errors';
import { revalidateSitePage } from '../revalidate';
import type { SessionUser } from './sessions';
import { revalidateNews } from './catalogue-revalidate';

export async function saveNotice(user: SessionUser, input: { title: string; body: string; isTop: boolean; audiences: string[] }) {
  if (user.cmsRoles.length === 0) throw new ServiceError('没有管理权限', CODE_FORBIDDEN);
  const d = await db();
  const [row] = await d
    .insert(notices)
    .values({ title: input.title, body: input.body, isTop: input.isTop, audiences: input.audiences, publishedAt: new Date() })
    .returning({ id: notices.id });
  await revalidateSitePage('/home');
  await revalidateNews();
  return { id: row.id };
}

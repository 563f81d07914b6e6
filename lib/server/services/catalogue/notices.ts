/** Publishing a notice (a management write): it shows on the home pages at their next request. */
import { notices } from '@/lib/server/db/schema';
import { db } from '@/lib/server/db';
import { ServiceError, CODE_FORBIDDEN } from '@/lib/server/http/errors';
import type { SessionUser } from '../accounts/sessions';
import { revalidateNews } from './revalidate';

export async function saveNotice(
  user: SessionUser,
  input: { title: string; body: string; isTop: boolean; audiences: string[] },
) {
  if (user.cmsRoles.length === 0) throw new ServiceError('没有管理权限', CODE_FORBIDDEN);
  const d = await db();
  const [row] = await d
    .insert(notices)
    .values({
      title: input.title,
      body: input.body,
      isTop: input.isTop,
      audiences: input.audiences,
      publishedAt: new Date(),
    })
    .returning({ id: notices.id });
  await revalidateNews();
  return { id: row.id };
}

/** Publishing a notice (a management write): it shows on the home pages at their next request. */
import { notices } from '@/lib/server/db/schema';
import { db } from '@/lib/server/db';
import type { SessionUser } from '../accounts/sessions';
import { requirePower } from '../management/powers';
import { revalidateNews } from './revalidate';

export async function saveNotice(
  user: SessionUser,
  input: { title: string; body: string; isTop: boolean; audiences: string[] },
) {
  // A notice is published to whole sites, so it needs the power over the whole institution.
  await requirePower(user, 'notice-publish', null);
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

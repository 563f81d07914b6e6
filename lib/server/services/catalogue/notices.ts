/**
 * Publishing notices (a management write). A notice is shown on the sites in `audiences`: the chosen sites
 * (`targetAudiences`) while it is published, none while it is a draft or withdrawn, so every public read (lists,
 * detail, home module, search, sitemap) keeps its one condition. Each write revalidates the news tags, so the public
 * list and the home module show the change at their next request.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Page } from '@/lib/contract/home';
import type { NoticeAction, NoticeAdminDetail, NoticeAdminRow, NoticeStatus } from '@/lib/contract/review';
import { notices } from '@/lib/server/db/schema';
import { db } from '@/lib/server/db';
import { CODE_NOT_FOUND, ServiceError } from '@/lib/server/errors';
import { richText } from '@/lib/server/rich-text';
import type { SessionUser } from '../accounts/sessions';
import { requirePower } from '../management/powers';
import { revalidateNews } from './revalidate';
import { MSG_NOTICE_MISSING, MSG_NOT_PUBLISHED } from '@/lib/contract/catalogue';

// A notice is published to whole sites, so every call here needs the power over the whole institution.
const requirePublisher = (user: SessionUser) => requirePower(user, 'notice-publish', null);

export async function saveNotice(
  user: SessionUser,
  input: { title: string; body: string; isTop: boolean; audiences: string[] },
) {
  await requirePublisher(user);
  const d = await db();
  const [row] = await d
    .insert(notices)
    .values({
      title: input.title,
      body: input.body,
      isTop: input.isTop,
      audiences: input.audiences,
      targetAudiences: input.audiences,
      publishedAt: new Date(),
    })
    .returning({ id: notices.id });
  await revalidateNews();
  return { id: row.id };
}

type NoticeRow = typeof notices.$inferSelect;

function adminRow(
  r: Pick<
    NoticeRow,
    'id' | 'title' | 'status' | 'isTop' | 'audiences' | 'targetAudiences' | 'publishedAt' | 'updatedAt'
  >,
): NoticeAdminRow {
  const status = r.status as NoticeStatus;
  return {
    id: r.id,
    title: r.title,
    status,
    isTop: r.isTop,
    audiences: status === 'published' ? r.audiences : r.targetAudiences,
    // A draft was never published: its publishedAt is only the row's creation.
    publishedAt: status === 'draft' ? null : r.publishedAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Every notice for the publisher, newest change first; pinned published ones are marked, not reordered. */
export async function adminNotices(
  user: SessionUser,
  q: { pageNum: number; pageSize: number; status?: NoticeStatus },
): Promise<Page<NoticeAdminRow>> {
  await requirePublisher(user);
  const d = await db();
  const where = q.status ? eq(notices.status, q.status) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    d
      .select({
        id: notices.id,
        title: notices.title,
        status: notices.status,
        isTop: notices.isTop,
        audiences: notices.audiences,
        targetAudiences: notices.targetAudiences,
        publishedAt: notices.publishedAt,
        updatedAt: notices.updatedAt,
      })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.updatedAt), desc(notices.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    d.select({ n: count() }).from(notices).where(where),
  ]);
  return { list: rows.map(adminRow), total: Number(n), pageNum: q.pageNum, pageSize: q.pageSize };
}

async function noticeRow(id: number): Promise<NoticeRow> {
  const [row] = await (await db()).select().from(notices).where(eq(notices.id, id)).limit(1);
  if (!row) throw new ServiceError(MSG_NOTICE_MISSING, CODE_NOT_FOUND);
  return row;
}

const detailOf = (row: NoticeRow): NoticeAdminDetail => ({
  ...adminRow(row),
  body: row.body,
  bodyHtml: richText(row.body),
});

/** One notice to edit or preview: its text as written and as the public page shows it. */
export async function adminNotice(user: SessionUser, id: number): Promise<NoticeAdminDetail> {
  await requirePublisher(user);
  return detailOf(await noticeRow(id));
}

/** The body as the public notice page would show it, for 预览 before anything is saved. */
export async function previewNotice(user: SessionUser, b: { body: string }): Promise<{ bodyHtml: string }> {
  await requirePublisher(user);
  return { bodyHtml: richText(b.body) };
}

/**
 * Writes a notice: a new one, or a change to one. `publish` publishes it (a draft or a withdrawn one gets today's
 * date); without it a new notice is a draft and a change keeps the notice's status (a published one stays shown).
 */
export async function writeNotice(
  user: SessionUser,
  b: { id?: number; title: string; body: string; isTop: boolean; audiences: string[]; publish: boolean },
): Promise<NoticeAdminDetail> {
  await requirePublisher(user);
  const d = await db();
  const now = new Date();
  let row: NoticeRow;
  if (b.id === undefined) {
    [row] = await d
      .insert(notices)
      .values({
        title: b.title,
        body: b.body,
        isTop: b.isTop,
        status: b.publish ? 'published' : 'draft',
        audiences: b.publish ? b.audiences : [],
        targetAudiences: b.audiences,
        publishedAt: now,
        updatedAt: now,
      })
      .returning();
  } else {
    const old = await noticeRow(b.id);
    const published = b.publish || old.status === 'published';
    [row] = await d
      .update(notices)
      .set({
        title: b.title,
        body: b.body,
        isTop: b.isTop,
        status: published ? 'published' : old.status,
        audiences: published ? b.audiences : [],
        targetAudiences: b.audiences,
        updatedAt: now,
        ...(b.publish && old.status !== 'published' ? { publishedAt: now } : {}),
      })
      .where(eq(notices.id, b.id))
      .returning();
  }
  if (b.publish || row.status === 'published' || b.id !== undefined) await revalidateNews();
  return detailOf(row);
}

/** 发布, 撤回, 置顶, 取消置顶: each shows on the public pages at their next request. */
export async function noticeAction(
  user: SessionUser,
  b: { id: number; action: NoticeAction },
): Promise<NoticeAdminRow> {
  await requirePublisher(user);
  const old = await noticeRow(b.id);
  if (b.action === 'withdraw' && old.status !== 'published') throw new ServiceError(MSG_NOT_PUBLISHED);
  const now = new Date();
  const change: Partial<NoticeRow> =
    b.action === 'publish'
      ? {
          status: 'published',
          audiences: old.targetAudiences,
          ...(old.status !== 'published' ? { publishedAt: now } : {}),
        }
      : b.action === 'withdraw'
        ? { status: 'withdrawn', audiences: [], targetAudiences: old.audiences }
        : { isTop: b.action === 'pin' };
  const d = await db();
  const [row] = await d
    .update(notices)
    .set({ ...change, updatedAt: now })
    .where(eq(notices.id, b.id))
    .returning();
  await revalidateNews();
  return adminRow(row);
}

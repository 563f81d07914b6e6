/** News and notice reads (publishing a notice is in notices.ts), and counting a news article's views. */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { NewsItem, NoticeItem, Page } from '@/lib/contract/home';
import type { NewsDetail, NoticeDetail } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import { news, notices } from '@/lib/server/db/schema';
import { notShown } from '@/lib/server/errors';
import { richText } from '@/lib/server/rich-text';
import { publishedTo } from '../audience';
import { type Scope } from '../scope';
import { iso, offset, page, type Paging } from './shared';

export async function newsList(scope: Scope, q: Paging): Promise<Page<NewsItem>> {
  const d = await db();
  const where = publishedTo(news.audiences, scope.site, scope.platform);
  const [rows, [{ n }]] = await Promise.all([
    d
      .select({
        id: news.id,
        title: news.title,
        summary: news.summary,
        cover: news.cover,
        publishedAt: news.publishedAt,
      })
      .from(news)
      .where(where)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(q.pageSize)
      .offset(offset(q)),
    d.select({ n: count() }).from(news).where(where),
  ]);
  return page(
    rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt) })),
    n,
    q,
  );
}

async function neighbours(
  table: typeof news | typeof notices,
  where: SQL,
  at: Date,
  id: number,
): Promise<{ prev: { id: number; title: string } | null; next: { id: number; title: string } | null }> {
  const d = await db();
  const newer = sql`(${table.publishedAt}, ${table.id}) > (${at}::timestamptz, ${id})`;
  const older = sql`(${table.publishedAt}, ${table.id}) < (${at}::timestamptz, ${id})`;
  const [[prev], [next]] = await Promise.all([
    d
      .select({ id: table.id, title: table.title })
      .from(table)
      .where(and(where, newer))
      .orderBy(asc(table.publishedAt), asc(table.id))
      .limit(1),
    d
      .select({ id: table.id, title: table.title })
      .from(table)
      .where(and(where, older))
      .orderBy(desc(table.publishedAt), desc(table.id))
      .limit(1),
  ]);
  return { prev: prev ?? null, next: next ?? null };
}

export async function newsDetail(scope: Scope, id: number): Promise<NewsDetail> {
  const d = await db();
  const where = publishedTo(news.audiences, scope.site, scope.platform);
  const [row] = await d
    .select()
    .from(news)
    .where(and(eq(news.id, id), where));
  if (!row) throw notShown('新闻');
  const around = await neighbours(news, where, row.publishedAt, row.id);
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    source: row.source,
    views: row.views,
    publishedAt: iso(row.publishedAt),
    bodyHtml: richText(row.body),
    ...around,
  };
}

/**
 * One reading of a news article: its view count goes up by one, in one statement (concurrent readers are all
 * counted). The article's page is cached, so it is not revalidated for this: the page shows the count it was
 * rendered with and then the one returned here.
 */
export async function newsView(scope: Scope, id: number): Promise<{ id: number; views: number }> {
  const d = await db();
  const [row] = await d
    .update(news)
    .set({ views: sql`${news.views} + 1` })
    .where(and(eq(news.id, id), publishedTo(news.audiences, scope.site, scope.platform)))
    .returning({ views: news.views });
  if (!row) throw notShown('新闻');
  return { id, views: row.views };
}

export async function noticeList(scope: Scope, q: Paging): Promise<Page<NoticeItem>> {
  const d = await db();
  const where = publishedTo(notices.audiences, scope.site, scope.platform);
  const [rows, [{ n }]] = await Promise.all([
    d
      .select({ id: notices.id, title: notices.title, isTop: notices.isTop, publishedAt: notices.publishedAt })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.isTop), desc(notices.publishedAt), desc(notices.id))
      .limit(q.pageSize)
      .offset(offset(q)),
    d.select({ n: count() }).from(notices).where(where),
  ]);
  return page(
    rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt) })),
    n,
    q,
  );
}

export async function noticeDetail(scope: Scope, id: number): Promise<NoticeDetail> {
  const d = await db();
  const where = publishedTo(notices.audiences, scope.site, scope.platform);
  const [row] = await d
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), where));
  if (!row) throw notShown('公告');
  const around = await neighbours(notices, where, row.publishedAt, row.id);
  return {
    id: row.id,
    title: row.title,
    isTop: row.isTop,
    publishedAt: iso(row.publishedAt),
    bodyHtml: richText(row.body),
    ...around,
  };
}

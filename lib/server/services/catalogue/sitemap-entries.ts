/** The public detail pages of a site that sitemap.xml lists, by kind, with their counts. */
import { asc, count, sql } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { courses, liveClasses, news, notices, series, teachers } from '@/lib/server/db/schema';
import { SITEMAP_KINDS, type SitemapKind } from '@/lib/catalogue/sitemap-rules';
import { publishedTo, visibleCourses, visibleTeachers } from '../audience';
import { type Scope } from '../scope';
import { iso } from './shared';

export interface SitemapEntry {
  path: string;
  lastModified: string | null;
}

/** The table, page and condition of each kind of public detail page a sitemap lists (one query per kind). */
async function sitemapSource(scope: Scope, kind: SitemapKind) {
  const { trains } = await import('@/lib/server/db/schema');
  const teacherPages = { t: teachers, where: visibleTeachers(scope), at: null };
  return {
    course: { t: courses, path: '/course/detail?id=', where: visibleCourses(scope), at: courses.publishedAt },
    series: {
      t: series,
      path: '/series/detail?id=',
      where: publishedTo(series.audiences, scope.site, scope.platform),
      at: series.publishedAt,
    },
    train: {
      t: trains,
      path: '/train/detail?id=',
      where: publishedTo(trains.audiences, scope.site, scope.platform),
      at: trains.publishedAt,
    },
    news: {
      t: news,
      path: '/notice/newsDetail?id=',
      where: publishedTo(news.audiences, scope.site, scope.platform),
      at: news.publishedAt,
    },
    notice: {
      t: notices,
      path: '/notice/noticeDetail?id=',
      where: publishedTo(notices.audiences, scope.site, scope.platform),
      at: notices.publishedAt,
    },
    teacher: { ...teacherPages, path: '/teacher/detail?id=' },
    live: {
      t: liveClasses,
      path: '/live/detail?id=',
      where: publishedTo(liveClasses.audiences, scope.site, scope.platform),
      at: null,
    },
    space: { ...teacherPages, path: '/space/teacher?id=' },
  }[kind];
}

/** Public detail pages of a site, for sitemap.xml: courses, series, trains, news, notices, teachers, live classes, teacher spaces. */
export async function sitemapEntries(
  scope: Scope,
  kind: SitemapKind,
  limit: number,
  skip: number,
): Promise<SitemapEntry[]> {
  const d = await db();
  const map = await sitemapSource(scope, kind);
  const rows = await d
    .select({ id: sql<number>`${map.t.id}`, at: map.at ?? sql<null>`null` })
    .from(map.t)
    .where(map.where)
    .orderBy(asc(map.t.id))
    .limit(limit)
    .offset(skip);
  return rows.map((r) => ({ path: `${map.path}${r.id}`, lastModified: r.at ? iso(r.at) : null }));
}

/** How many pages of each kind (the only kinds a host lists are those of its route set: lib/catalogue/sitemap). */
export async function sitemapCounts(
  scope: Scope,
  kinds: readonly SitemapKind[] = SITEMAP_KINDS,
): Promise<Partial<Record<SitemapKind, number>>> {
  const d = await db();
  const counted = await Promise.all(
    kinds.map(async (kind) => {
      const map = await sitemapSource(scope, kind);
      const [row] = await d.select({ n: count() }).from(map.t).where(map.where);
      return [kind, row.n] as const;
    }),
  );
  return Object.fromEntries(counted);
}

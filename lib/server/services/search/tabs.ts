/**
 * The search tabs: what each searches (a table joined to its search documents, search_docs as sd), who may see
 * a record, how a match is ranked and how a row becomes a result. Used by search.ts for every tab alike.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { TEACHER_TYPES, TRAIN_TYPES } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import type { SearchItem, SearchTab } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import { courses, news, notices, searchDocs, series, teachers, trains } from '@/lib/server/db/schema';
import { plainText } from '@/lib/server/rich-text';
import { publishedTo, visibleCourseCount, visibleCourses, visibleTeachers } from '../audience';
import { categoryName, type Paging } from '../catalogue/shared';
import type { Scope } from '../scope';
import type { Mode, Terms } from './terms';

/** Near misses: how alike (pg_trgm word similarity of the pinyin) a title must sound to the keyword. */
const NEAR_MISS_SIMILARITY = 0.6;

/** Match condition and rank over the record's search document (search_docs as sd). */
export function matcher(title: SQL | PgColumn, t: Terms, mode: Mode): { where: SQL | undefined; score: SQL } {
  if (mode === 'exact') {
    if (!t.all) return { where: sql`false`, score: sql`(0)::real` };
    const q = sql`${t.all}::tsquery`;
    // A whole-title match, then every word in the title, then in the names and tags, then ts_rank over those
    // (scaled into 0..1 by its flag 32). Ranked on the small `head` (title, names, tags): ranking on the whole
    // document read every matching record's text again and was five times slower.
    const whole = sql`(case when lower(${title}) = lower(${t.key}) then 4 else 0 end)`;
    const inTitle = sql`(case when ${searchDocs.head} @@ ${t.title}::tsquery then 2 else 0 end)`;
    return {
      where: sql`${searchDocs.doc} @@ ${q}`,
      score: sql`(${whole} + ${inTitle} + ts_rank(${searchDocs.head}, ${q}, 32))`,
    };
  }
  const similar = sql`word_similarity(${t.pinyin}, ${searchDocs.pinyin})`;
  const sounds = sql`(${t.pinyin} <% ${searchDocs.pinyin} and ${similar} >= ${NEAR_MISS_SIMILARITY})`;
  if (!t.any) return { where: t.pinyin ? sounds : sql`false`, score: similar };
  const q = sql`${t.any}::tsquery`;
  return {
    where: t.pinyin ? sql`(${sounds} or ${searchDocs.doc} @@ ${q})` : sql`${searchDocs.doc} @@ ${q}`,
    score: sql`(${similar} + ts_rank(${searchDocs.head}, ${q}, 32))`,
  };
}

function snippet(text: string, terms: string[], width = 80): string {
  const plain = plainText(text, 2000);
  let at = -1;
  for (const term of terms) {
    const i = plain.toLowerCase().indexOf(term.toLowerCase());
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (at < 0) return plain.slice(0, width);
  const start = Math.max(0, at - 20);
  return `${start > 0 ? '…' : ''}${plain.slice(start, start + width)}${start + width < plain.length ? '…' : ''}`;
}

type TabQuery = Paging & { categoryCode?: number };
type Row = Record<string, unknown> & { id: number; title: string; text: string };

/**
 * One search tab: where its rows are visible, what is matched (a title and a text), what else a result shows,
 * the order after the score, and how a row becomes a result. Every tab pages and counts the same way.
 */
interface TabSpec {
  table: PgTable;
  join?: { table: PgTable; on: SQL };
  visible: (scope: Scope, q: TabQuery) => SQL | undefined;
  id: PgColumn;
  title: PgColumn;
  /** The text shown in the snippet (what is matched is in search_docs: lib/server/services/search/search-docs). */
  text: PgColumn;
  /** Columns shown with a result; a function where they depend on the site (what a series lists there). */
  extra: Record<string, PgColumn | SQL> | ((scope: Scope) => Record<string, PgColumn | SQL>);
  order: PgColumn[];
  href: string;
  meta: (r: Row) => string;
}

/** A tab's records joined to their search documents. */
const docOf = (tab: SearchTab, spec: TabSpec) => and(eq(searchDocs.tab, tab), eq(searchDocs.refId, spec.id))!;

/** The records of a tab that match, visible in the scope: the `from` and `where` of a count or a ranking. */
export function matching(tab: SearchTab, scope: Scope, t: Terms, q: TabQuery, mode: Mode) {
  const spec = TABS[tab];
  const m = matcher(spec.title, t, mode);
  return { spec, score: m.score, where: and(spec.visible(scope, q), m.where) };
}

export async function runTab(
  tab: SearchTab,
  scope: Scope,
  t: Terms,
  q: TabQuery,
  mode: Mode,
): Promise<{ list: SearchItem[]; total: number }> {
  const { spec, score, where } = matching(tab, scope, t, q, mode);
  const d = await db();
  // Ranked on narrow rows (the id, the score and a window count of every match, in one scan); what a result
  // shows, some of it a subquery (a series' visible courses) or a long text, is read for the page's rows only.
  const ranked = (await d
    .select({ id: spec.id, score: sql<number>`${score}`, total: sql<number>`count(*) over ()` })
    .from(spec.table)
    .innerJoin(searchDocs, docOf(tab, spec))
    .where(where)
    .orderBy(desc(score), ...spec.order.map((c) => desc(c)))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)) as { id: number; score: number; total: number }[];
  // A page past the last match has no row to carry the count, so only then is it counted apart.
  const total = ranked.length
    ? Number(ranked[0].total)
    : q.pageNum > 1
      ? (await d.select({ n: count() }).from(spec.table).innerJoin(searchDocs, docOf(tab, spec)).where(where))[0].n
      : 0;
  if (!ranked.length) return { total, list: [] };
  const base = d
    .select({
      id: spec.id,
      title: spec.title,
      text: spec.text,
      ...(typeof spec.extra === 'function' ? spec.extra(scope) : spec.extra),
    })
    .from(spec.table)
    .$dynamic();
  const joined = spec.join ? base.leftJoin(spec.join.table, spec.join.on) : base;
  const rows = (await joined.where(
    inArray(
      spec.id,
      ranked.map((r) => r.id),
    ),
  )) as Row[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    total,
    list: ranked.flatMap(({ id, score: s }) => {
      const r = byId.get(id);
      if (!r) return [];
      const item = { id, title: r.title, snippet: snippet(r.text, t.words), href: `${spec.href}${id}` };
      return [{ ...item, meta: spec.meta(r), score: Number(s) }];
    }),
  };
}

const typeName = (list: readonly { code: number; name: string }[], code: number) =>
  list.find((x) => x.code === code)?.name ?? '';
const published = (audiences: PgColumn) => (scope: Scope) => publishedTo(audiences, scope.site, scope.platform);
const date = (v: unknown) => formatDate(v as Date);

const TABS: Record<SearchTab, TabSpec> = {
  course: {
    table: courses,
    join: { table: teachers, on: eq(teachers.id, courses.teacherId) },
    visible: (scope, q) =>
      and(visibleCourses(scope), q.categoryCode ? eq(courses.categoryCode, q.categoryCode) : undefined),
    id: courses.id,
    title: courses.title,
    text: courses.summary,
    extra: { categoryCode: courses.categoryCode, teacherName: sql<string>`coalesce(${teachers.name}, '')` },
    order: [courses.studyCount, courses.id],
    href: '/course/detail?id=',
    meta: (r) => [categoryName(r.categoryCode as number), r.teacherName].filter(Boolean).join(' · '),
  },
  train: {
    table: trains,
    visible: published(trains.audiences),
    id: trains.id,
    title: trains.title,
    text: trains.summary,
    extra: { type: trains.type, orgName: trains.orgName, startAt: trains.startAt },
    order: [trains.startAt, trains.id],
    href: '/train/detail?id=',
    meta: (r) => [typeName(TRAIN_TYPES, r.type as number), r.orgName, date(r.startAt)].filter(Boolean).join(' · '),
  },
  project: {
    table: series,
    visible: published(series.audiences),
    id: series.id,
    title: series.title,
    text: series.summary,
    extra: (scope) => ({ courseCount: visibleCourseCount(scope) }),
    order: [series.publishedAt, series.id],
    href: '/series/detail?id=',
    meta: (r) => `系列专题 · 共${r.courseCount}门课程`,
  },
  teacher: {
    table: teachers,
    visible: (scope) => visibleTeachers(scope),
    id: teachers.id,
    title: teachers.name,
    text: teachers.intro,
    extra: { type: teachers.type, orgName: teachers.orgName, rank: teachers.title },
    order: [teachers.courseCount, teachers.id],
    href: '/teacher/detail?id=',
    meta: (r) => [typeName(TEACHER_TYPES, r.type as number), r.orgName, r.rank].filter(Boolean).join(' · '),
  },
  news: {
    table: news,
    visible: published(news.audiences),
    id: news.id,
    title: news.title,
    text: news.body,
    extra: { source: news.source, publishedAt: news.publishedAt },
    order: [news.publishedAt, news.id],
    href: '/notice/newsDetail?id=',
    meta: (r) => [r.source, date(r.publishedAt)].filter(Boolean).join(' · '),
  },
  notice: {
    table: notices,
    visible: published(notices.audiences),
    id: notices.id,
    title: notices.title,
    text: notices.body,
    extra: { publishedAt: notices.publishedAt },
    order: [notices.publishedAt, notices.id],
    href: '/notice/noticeDetail?id=',
    meta: (r) => `通知公告 · ${date(r.publishedAt)}`,
  },
};

/**
 * Search (SPEC 7 search: full, course, course-type tree, train, project, teacher, news, notice).
 * Chinese has no spaces, so matching is by substring (ILIKE, the same on PGlite and PostgreSQL):
 * the keyword's words must all occur; a longer word that does not occur as a whole is matched by its
 * two-character pieces (bigrams), of which most must occur. Results are ranked: a whole-title match,
 * then words in the title, then in the text, then bigram hits; ties newest first.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { COURSE_CATEGORIES, TEACHER_TYPES, TRAIN_TYPES } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import type { CourseTypeCount, SearchFull, SearchItem, SearchPage, SearchTab } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import { processState } from '@/lib/server/process-state';
import { onInvalidate } from '@/lib/server/cache';
import { SEARCH_TAGS } from '@/lib/cache-tags';
import { courses, news, notices, series, teachers, trains } from '@/lib/server/db/schema';
import { plainText } from '@/lib/server/rich-text';
import { publishedTo, visibleCourseCount, visibleCourses, visibleTeachers } from '../audience';
import { categoryName, type Paging } from './shared';
import type { Scope } from '../scope';
import { limitAddress } from '../accounts/rate-limit';
import { openSearchGate } from '@/lib/server/lanes/search-gate';

export const SEARCH_TABS: readonly SearchTab[] = ['course', 'train', 'project', 'teacher', 'news', 'notice'];
const MAX_WORDS = 5;
const MAX_BIGRAMS = 16;
const CJK = /[\u3400-\u9fff]/;
/**
 * Function characters: a bigram across one (程的, 的技 in 工程的技术) says nothing about the topic and would
 * make a phrase miss titles that hold its real pieces (工程, 技术), so such bigrams are not search terms.
 */
const FUNCTION_CHARS = new Set([...'的了和与及之在是等或对把被从向于以其而并且也就都']);

export interface Terms {
  key: string;
  words: string[];
  bigrams: string[];
}

export function searchTerms(raw: string): Terms {
  const key = raw.trim().replace(/\s+/g, ' ');
  const words = [...new Set(key.split(/[\s,，。、;；:：!！?？"“”'‘’()（）《》]+/).filter(Boolean))].slice(0, MAX_WORDS);
  const bigrams = new Set<string>();
  for (const w of words) {
    if (w.length < 3 || !CJK.test(w)) continue;
    for (let i = 0; i + 2 <= w.length && bigrams.size < MAX_BIGRAMS; i++) {
      const b = w.slice(i, i + 2);
      if (CJK.test(b[0]) && CJK.test(b[1]) && !FUNCTION_CHARS.has(b[0]) && !FUNCTION_CHARS.has(b[1])) bigrams.add(b);
    }
  }
  return { key, words, bigrams: [...bigrams].filter((b) => !words.includes(b)) };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/**
 * A term occurs in a column. ILIKE only for a term with letters that have a case: PostgreSQL folds every character
 * of every row for it, and for Chinese (no case) LIKE finds the same rows several times faster.
 */
const has = (col: SQL | PgColumn, term: string) => {
  const pattern = `%${escapeLike(term)}%`;
  return term.toLowerCase() === term.toUpperCase()
    ? sql`(${col} like ${pattern} escape '\\')`
    : sql`(${col} ilike ${pattern} escape '\\')`;
};
const hit = (cond: SQL) => sql`(case when ${cond} then 1 else 0 end)`;
const sum = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` + `) : sql`0`);

/** Match condition and rank of a title and a text column. */
function matcher(title: SQL | PgColumn, text: SQL | PgColumn, t: Terms): { where: SQL; score: SQL } {
  const wordsAll = and(...t.words.map((w) => sql`(${has(title, w)} or ${has(text, w)})`))!;
  const bigramHits = sum(t.bigrams.map((b) => hit(sql`${has(title, b)} or ${has(text, b)}`)));
  const need = Math.ceil(t.bigrams.length * 0.6);
  const where = t.bigrams.length ? sql`(${wordsAll} or (${bigramHits}) >= ${need})` : wordsAll;
  const score = sql`(${hit(sql`lower(${title}) = lower(${t.key})`)} * 40 + ${sum(t.words.map((w) => sql`${hit(has(title, w))} * 10 + ${hit(has(text, w))} * 3`))} + ${sum(
    t.bigrams.map((b) => sql`${hit(has(title, b))} * 2 + ${hit(has(text, b))}`),
  )})`;
  return { where, score };
}

function snippet(text: string, t: Terms, width = 80): string {
  const plain = plainText(text, 2000);
  const terms = [...t.words, ...t.bigrams];
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
type Row = Record<string, unknown> & { id: number; title: string; text: string; score: number };

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
  /** The text shown in the snippet; `matchText` when more is matched than shown. */
  text: PgColumn;
  matchText?: SQL;
  /** Columns shown with a result; a function where they depend on the site (what a series lists there). */
  extra: Record<string, PgColumn | SQL> | ((scope: Scope) => Record<string, PgColumn | SQL>);
  order: PgColumn[];
  href: string;
  meta: (r: Row) => string;
}

async function runTab(
  spec: TabSpec,
  scope: Scope,
  t: Terms,
  q: TabQuery,
): Promise<{ list: SearchItem[]; total: number }> {
  const d = await db();
  const m = matcher(spec.title, spec.matchText ?? spec.text, t);
  const where = and(spec.visible(scope, q), m.where);
  const base = d
    .select({
      id: spec.id,
      title: spec.title,
      text: spec.text,
      ...(typeof spec.extra === 'function' ? spec.extra(scope) : spec.extra),
      score: sql<number>`${m.score}`,
      total: sql<number>`count(*) over ()`,
    })
    .from(spec.table)
    .$dynamic();
  const joined = spec.join ? base.leftJoin(spec.join.table, spec.join.on) : base;
  // One scan for the page and the count (a window over every match); a page past the last match has no row to
  // carry the count, so only then is it counted apart.
  const rows = (await joined
    .where(where)
    .orderBy(desc(m.score), ...spec.order.map((c) => desc(c)))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize)) as (Row & { total: number })[];
  const total = rows.length
    ? Number(rows[0].total)
    : q.pageNum > 1
      ? (await d.select({ n: count() }).from(spec.table).where(where))[0].n
      : 0;
  return {
    total,
    list: (rows as Row[]).map((r) => ({
      id: r.id,
      title: r.title,
      snippet: snippet(r.text, t),
      href: `${spec.href}${r.id}`,
      meta: spec.meta(r),
      score: Number(r.score),
    })),
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
    matchText: sql`${trains.summary} || ' ' || ${trains.orgName}`,
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
    matchText: sql`${teachers.title} || ' ' || ${teachers.orgName} || ' ' || ${teachers.field} || ' ' || ${teachers.intro}`,
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

const highlightTerms = (t: Terms) => [...t.words, ...t.bigrams];

/**
 * Answers of recent searches, per site and query, for SEARCH_CACHE_TTL_MS: a popular keyword asked by many
 * visitors at once is computed once (the promise is shared). Bounded (oldest dropped first); only a speed-up,
 * nothing another instance needs (DESIGN 6). Catalogue writes clear it (lib/server/cache), for the API and
 * the pages alike (one map for the process: lib/server/process-state).
 */
const SEARCH_CACHE_TTL_MS = 60_000;
const SEARCH_CACHE_MAX = 500;
const answers = processState('searchAnswers', () => new Map<string, { at: number; value: Promise<unknown> }>());

function remembered<T>(parts: unknown[], compute: () => Promise<T>): Promise<T> {
  const key = JSON.stringify(parts);
  const now = Date.now();
  const hit = answers.get(key);
  if (hit && now - hit.at < SEARCH_CACHE_TTL_MS) return hit.value as Promise<T>;
  const value = compute();
  answers.delete(key);
  answers.set(key, { at: now, value });
  value.catch(() => answers.delete(key));
  while (answers.size > SEARCH_CACHE_MAX) answers.delete(answers.keys().next().value as string);
  return value;
}

onInvalidate(SEARCH_TAGS, 'searchAnswers', () => answers.clear());

const scopeKey = (scope: Scope) => [scope.site.variant, scope.platform];

/**
 * Keywords this instance has answered lately. A new one costs a search and, through the search page, a page
 * rendered and cached, which made new keywords the easiest way to overload the server; so an address may ask
 * LIMITS.searchKeyword new ones a minute (counted in the database, shared by instances), and known ones freely
 * (tabs and pages of a keyword are not new). Bounded, oldest dropped first.
 */
const KNOWN_KEYWORD_TTL_MS = 60 * 60_000;
const KNOWN_KEYWORDS_MAX = 5000;
const knownKeywords = processState('knownSearchKeywords', () => new Map<string, number>());
const keywordOf = (key: string) => key.trim().replace(/\s+/g, ' ').toLowerCase();

export function isKnownKeyword(key: string, now = Date.now()): boolean {
  const at = knownKeywords.get(keywordOf(key));
  return at !== undefined && now - at < KNOWN_KEYWORD_TTL_MS;
}

/**
 * Lets a keyword through for an address: free when known, else one of the address's new keywords this minute
 * (refused with 操作过于频繁，请稍后再试). '' is the pages' own in-process call, let through: their requests are
 * counted before they render (lib/server/lanes/search-gate).
 */
export async function admitKeyword(key: string, ip: string): Promise<void> {
  if (!ip || isKnownKeyword(key)) return;
  await limitAddress('searchKeyword', ip);
  const k = keywordOf(key);
  knownKeywords.delete(k);
  knownKeywords.set(k, Date.now());
  while (knownKeywords.size > KNOWN_KEYWORDS_MAX) knownKeywords.delete(knownKeywords.keys().next().value as string);
}

openSearchGate({ isKnown: (key) => isKnownKeyword(key), admit: admitKeyword });

export async function searchTab(
  scope: Scope,
  tab: SearchTab,
  key: string,
  q: Paging & { categoryCode?: number },
  ip = '',
): Promise<SearchPage> {
  await admitKeyword(key, ip);
  return remembered([...scopeKey(scope), tab, key, q.pageNum, q.pageSize, q.categoryCode], () =>
    searchTabNow(scope, tab, key, q),
  );
}

async function searchTabNow(
  scope: Scope,
  tab: SearchTab,
  key: string,
  q: Paging & { categoryCode?: number },
): Promise<SearchPage> {
  const t = searchTerms(key);
  const { list, total } = await runTab(TABS[tab], scope, t, q);
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize, terms: highlightTerms(t) };
}

/** Full search: the count of every tab and its best few results. */
export async function searchFull(scope: Scope, key: string, size: number, ip = ''): Promise<SearchFull> {
  await admitKeyword(key, ip);
  return remembered([...scopeKey(scope), 'full', key, size], () => searchFullNow(scope, key, size));
}

async function searchFullNow(scope: Scope, key: string, size: number): Promise<SearchFull> {
  const t = searchTerms(key);
  const results = await Promise.all(
    SEARCH_TABS.map((tab) => runTab(TABS[tab], scope, t, { pageNum: 1, pageSize: size })),
  );
  const counts = {} as Record<SearchTab, number>;
  const top = {} as Record<SearchTab, SearchItem[]>;
  SEARCH_TABS.forEach((tab, i) => {
    counts[tab] = results[i].total;
    top[tab] = results[i].list;
  });
  return { key: t.key, terms: highlightTerms(t), counts, top };
}

/** The course tab's category tree with the number of matching courses in each category. */
export async function searchCourseTypeTree(scope: Scope, key: string, ip = ''): Promise<CourseTypeCount[]> {
  await admitKeyword(key, ip);
  return remembered([...scopeKey(scope), 'tree', key], () => searchCourseTypeTreeNow(scope, key));
}

async function searchCourseTypeTreeNow(scope: Scope, key: string): Promise<CourseTypeCount[]> {
  const t = searchTerms(key);
  const d = await db();
  const m = matcher(courses.title, courses.summary, t);
  const rows = await d
    .select({ code: courses.categoryCode, n: count() })
    .from(courses)
    .where(and(visibleCourses(scope), m.where))
    .groupBy(courses.categoryCode);
  const byCode = new Map(rows.map((r) => [r.code, r.n]));
  return COURSE_CATEGORIES.map((c) => ({ categoryCode: c.code, name: c.name, count: byCode.get(c.code) ?? 0 }));
}

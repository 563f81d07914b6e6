/**
 * Search (SPEC 7 search: full, course, course-type tree, train, project, teacher, news, notice).
 * Full-text search over each record's search document (search_docs, GIN-indexed; built by search-index from
 * search-text's words): every word of the keyword must occur, ranked by ts_rank with titles, names and tags
 * weighted above the text, a whole-title match first; ties newest first. When nothing matches, near misses:
 * titles that sound like the keyword (pg_trgm word similarity of the pinyin: 人工只能 finds 人工智能), or for a
 * long keyword records with some of its words, with a 您是不是要找 suggestion.
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
import { courses, news, notices, searchDocs, series, teachers, trains } from '@/lib/server/db/schema';
import { plainText } from '@/lib/server/rich-text';
import { publishedTo, visibleCourseCount, visibleCourses, visibleTeachers } from '../audience';
import { categoryName, type Paging } from './shared';
import type { Scope } from '../scope';
import { limitAddress } from '../accounts/rate-limit';
import { openSearchGate } from '@/lib/server/lanes/search-gate';
import { searchDocsReady } from './search-index';
import { keywordQuery, keywordWords, mostWordsQuery, pinyinKey, pinyinMatches, soundsLike } from './search-text';

export const SEARCH_TABS: readonly SearchTab[] = ['course', 'train', 'project', 'teacher', 'news', 'notice'];
/** Near misses: how alike (pg_trgm word similarity of the pinyin) a title must sound to the keyword. */
const NEAR_MISS_SIMILARITY = 0.6;
/** A keyword of this many words or more that matches nothing as a whole may match by most of its words. */
const MANY_WORDS = 3;
const NEAR_MISS_MIN_CHARS = 3;

export interface Terms {
  key: string;
  /** The keyword's words (Chinese segmented, Latin lowercased), all of which must occur. */
  words: string[];
  /** The `tsquery` of all the words, of all in the title, of most (for a long keyword that matched nothing). */
  all: string;
  title: string;
  any: string;
  /** The keyword's pinyin, for near misses. */
  pinyin: string;
  /** Whether near misses are looked for: not for a keyword of one or two characters (too few to compare). */
  near: boolean;
}

export function searchTerms(raw: string): Terms {
  const key = raw.trim().replace(/\s+/g, ' ');
  const words = keywordWords(key);
  return {
    key,
    words,
    all: keywordQuery(words),
    title: keywordQuery(words, true),
    any: words.length >= MANY_WORDS ? mostWordsQuery(words) : '',
    pinyin: pinyinKey(key).replace(/ /g, ''),
    near: words.length > 0 && [...key.replace(/\s/g, '')].length >= NEAR_MISS_MIN_CHARS,
  };
}

/** Exact: every word occurs; near: the title sounds like the keyword, or a long keyword's words mostly occur. */
type Mode = 'exact' | 'near';

/** Match condition and rank over the record's search document (search_docs as sd). */
function matcher(title: SQL | PgColumn, t: Terms, mode: Mode): { where: SQL | undefined; score: SQL } {
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
  /** The text shown in the snippet (what is matched is in search_docs: lib/server/services/catalogue/search-index). */
  text: PgColumn;
  /** Columns shown with a result; a function where they depend on the site (what a series lists there). */
  extra: Record<string, PgColumn | SQL> | ((scope: Scope) => Record<string, PgColumn | SQL>);
  order: PgColumn[];
  href: string;
  meta: (r: Row) => string;
}

/** A tab's records joined to their search documents (and to the tab's own join). */
const docOf = (tab: SearchTab, spec: TabSpec) => and(eq(searchDocs.tab, tab), eq(searchDocs.refId, spec.id))!;

async function runTab(
  tab: SearchTab,
  scope: Scope,
  t: Terms,
  q: TabQuery,
  mode: Mode,
): Promise<{ list: SearchItem[]; total: number }> {
  const spec = TABS[tab];
  const d = await db();
  const m = matcher(spec.title, t, mode);
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
    .innerJoin(searchDocs, docOf(tab, spec))
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
      ? (await d.select({ n: count() }).from(spec.table).innerJoin(searchDocs, docOf(tab, spec)).where(where))[0].n
      : 0;
  return {
    total,
    list: (rows as Row[]).map((r) => ({
      id: r.id,
      title: r.title,
      snippet: snippet(r.text, t.words),
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

/**
 * The words to highlight: the keyword's words, the title characters a Latin keyword spells in pinyin
 * (dangshi -> 党史), and for near misses the part of a title that sounds like the keyword.
 */
function highlightTerms(t: Terms, titles: string[], mode: Mode): string[] {
  const terms = new Set(t.words);
  for (const title of titles) {
    for (const w of t.words) for (const m of pinyinMatches(title, w)) terms.add(m);
    if (mode === 'near') {
      const m = soundsLike(title, t.key);
      if (m) terms.add(m);
    }
  }
  return [...terms];
}

/** 您是不是要找: for near misses, the part of the best result's title that sounds like the keyword. */
function suggestionOf(t: Terms, titles: string[]): string | undefined {
  for (const title of titles) {
    const m = soundsLike(title, t.key);
    if (m && m !== t.key) return m;
  }
  return undefined;
}

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
  await searchDocsReady();
  const t = searchTerms(key);
  let mode: Mode = 'exact';
  let { list, total } = await runTab(tab, scope, t, q, mode);
  if (!total && t.near) {
    mode = 'near';
    ({ list, total } = await runTab(tab, scope, t, q, mode));
  }
  const titles = list.map((x) => x.title);
  const suggestion = mode === 'near' ? suggestionOf(t, titles) : undefined;
  return {
    list,
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    terms: highlightTerms(t, titles, mode),
    ...(suggestion ? { suggestion } : {}),
  };
}

/** Full search: the count of every tab and its best few results. */
export async function searchFull(scope: Scope, key: string, size: number, ip = ''): Promise<SearchFull> {
  await admitKeyword(key, ip);
  return remembered([...scopeKey(scope), 'full', key, size], () => searchFullNow(scope, key, size));
}

async function searchFullNow(scope: Scope, key: string, size: number): Promise<SearchFull> {
  await searchDocsReady();
  const t = searchTerms(key);
  const all = (mode: Mode) =>
    Promise.all(SEARCH_TABS.map((tab) => runTab(tab, scope, t, { pageNum: 1, pageSize: size }, mode)));
  let mode: Mode = 'exact';
  let results = await all(mode);
  if (t.near && results.every((r) => !r.total)) {
    mode = 'near';
    results = await all(mode);
  }
  const counts = {} as Record<SearchTab, number>;
  const top = {} as Record<SearchTab, SearchItem[]>;
  SEARCH_TABS.forEach((tab, i) => {
    counts[tab] = results[i].total;
    top[tab] = results[i].list;
  });
  const ranked = results.flatMap((r) => r.list).sort((a, b) => b.score - a.score);
  const titles = ranked.map((x) => x.title);
  const suggestion = mode === 'near' ? suggestionOf(t, titles) : undefined;
  return {
    key: t.key,
    terms: highlightTerms(t, titles, mode),
    counts,
    top,
    ...(suggestion ? { suggestion } : {}),
  };
}

/** The course tab's category tree with the number of matching courses in each category. */
export async function searchCourseTypeTree(scope: Scope, key: string, ip = ''): Promise<CourseTypeCount[]> {
  await admitKeyword(key, ip);
  return remembered([...scopeKey(scope), 'tree', key], () => searchCourseTypeTreeNow(scope, key));
}

async function searchCourseTypeTreeNow(scope: Scope, key: string): Promise<CourseTypeCount[]> {
  await searchDocsReady();
  const t = searchTerms(key);
  const d = await db();
  const countBy = (mode: Mode) =>
    d
      .select({ code: courses.categoryCode, n: count() })
      .from(courses)
      .innerJoin(searchDocs, and(eq(searchDocs.tab, 'course'), eq(searchDocs.refId, courses.id)))
      .where(and(visibleCourses(scope), matcher(courses.title, t, mode).where))
      .groupBy(courses.categoryCode);
  // The same matching as the course tab: near misses only when nothing matches exactly.
  let rows = await countBy('exact');
  if (!rows.length && t.near && !(await runTab('course', scope, t, { pageNum: 1, pageSize: 1 }, 'exact')).total)
    rows = await countBy('near');
  const byCode = new Map(rows.map((r) => [r.code, r.n]));
  return COURSE_CATEGORIES.map((c) => ({ categoryCode: c.code, name: c.name, count: byCode.get(c.code) ?? 0 }));
}

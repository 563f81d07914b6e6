/**
 * Search (SPEC 7 search: full, course, course-type tree, train, project, teacher, news, notice).
 * Full-text search over each record's search document (search_docs, GIN-indexed; built by search-index from
 * search-text's words): every word of the keyword must occur, ranked by ts_rank with titles, names and tags
 * weighted above the text, a whole-title match first; ties newest first (search-tabs). When nothing matches,
 * near misses: titles that sound like the keyword (pg_trgm word similarity of the pinyin: 人工只能 finds
 * 人工智能), or for a long keyword records with some of its words, with a 您是不是要找 suggestion (search-terms).
 */
import { and, count, eq } from 'drizzle-orm';
import { COURSE_CATEGORIES } from '@/lib/constants';
import type { CourseTypeCount, SearchFull, SearchItem, SearchPage, SearchTab } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import { courses, searchDocs } from '@/lib/server/db/schema';
import { type Paging } from '../catalogue/shared';
import type { Scope } from '../scope';
import { admitKeyword, remembered } from './admit';
import { searchDocsReady } from './search-docs';
import { highlightTerms, searchTerms, suggestionOf, type Mode } from './terms';
import { matching, runTab } from './tabs';

export { searchTerms, type Terms } from './terms';
export { isKnownKeyword, admitKeyword } from './admit';

export const SEARCH_TABS: readonly SearchTab[] = ['course', 'train', 'project', 'teacher', 'news', 'notice'];

const scopeKey = (scope: Scope) => [scope.site.variant, scope.platform];

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
  const paging = { pageNum: 1, pageSize: 1 };
  const countBy = (mode: Mode) =>
    d
      .select({ code: courses.categoryCode, n: count() })
      .from(courses)
      .innerJoin(searchDocs, and(eq(searchDocs.tab, 'course'), eq(searchDocs.refId, courses.id)))
      .where(matching('course', scope, t, paging, mode).where)
      .groupBy(courses.categoryCode);
  // The same matching as the course tab: near misses only when nothing matches exactly.
  let rows = await countBy('exact');
  if (!rows.length && t.near && !(await runTab('course', scope, t, paging, 'exact')).total)
    rows = await countBy('near');
  const byCode = new Map(rows.map((r) => [r.code, r.n]));
  return COURSE_CATEGORIES.map((c) => ({ categoryCode: c.code, name: c.name, count: byCode.get(c.code) ?? 0 }));
}

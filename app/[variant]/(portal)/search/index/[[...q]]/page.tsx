import type { Metadata } from 'next';
import { COURSE_CATEGORIES } from '@/lib/constants';
import type { CourseTypeCount, SearchFull, SearchItem, SearchPage, SearchTab } from '@/lib/contract/catalogue';
import { ApiError, call, platformPath } from '@/lib/api/core';
import { serverApi } from '@/lib/api/server';
import { cleanSearchKeyword, searchKeywordError } from '@/lib/validation/search-rule';
import { siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { tagPage } from '@/lib/catalogue/page-tags';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { Highlight } from '@/components/ui/Highlight';
import { hrefOf } from '@/lib/links';
import { Pagination } from '@/components/ui/Pagination';
import { EmptySearchNotice } from '@/components/search/EmptySearchNotice';
import { SearchSuggestion } from '@/components/search/SearchSuggestion';
import { SearchPageForm } from '@/components/search/SearchPageForm';
import { SEARCH_TAGS } from '@/lib/cache-tags';

/**
 * The same for every visitor, so each query is cached per site like the catalogue lists: proxy.ts writes the
 * keyword, tab, category and page into the `[[...q]]` segment (lib/variants/catalogue-paths), and a catalogue
 * write revalidates every cached query (lib/server/services/catalogue/revalidate).
 */
export function generateStaticParams() {
  return [];
}

const TABS: { key: SearchTab; label: string }[] = [
  { key: 'course', label: '课程' },
  { key: 'train', label: '培训' },
  { key: 'project', label: '专题' },
  { key: 'teacher', label: '师资' },
  { key: 'news', label: '新闻' },
  { key: 'notice', label: '公告' },
];
const PAGE_SIZE = 10;

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const key = cleanSearchKeyword((await siteOfParams(params)).query.key);
  return { title: key ? `“${key.slice(0, 30)}”的搜索结果` : '搜索', robots: { index: false, follow: true } };
}

function Results({ items, terms }: { items: SearchItem[]; terms: string[] }) {
  return (
    <ol className="divide-y divide-gray-100">
      {items.map((r) => (
        <li key={r.href} className="py-4">
          <h3 className="text-lg">
            <a href={r.href} className="text-brand-700 hover:underline">
              <Highlight text={r.title} terms={terms} />
            </a>
          </h3>
          {r.snippet && (
            <p className="mt-1 text-sm leading-6 text-gray-700">
              <Highlight text={r.snippet} terms={terms} />
            </p>
          )}
          <p className="mt-1 text-xs text-gray-500">{r.meta}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * /search/index?key=&tab=&t=&page= : counts per tab; words highlighted. Plain anchors, not next/link: a visitor
 * tries many queries, and prefetching every result and tab would render pages nobody opens.
 */
export default async function SearchPageView({ params }: { params: CatalogueParams }) {
  const s = await siteOfParams(params);
  await tagPage(...SEARCH_TAGS);
  const sp = s.query;
  const key = cleanSearchKeyword(sp.key);
  const tab = TABS.find((t) => t.key === sp.tab)?.key;
  const pageNum = Math.min(1000, Math.max(1, Number(sp.page) || 1));
  const category = COURSE_CATEGORIES.find((c) => String(c.code) === sp.t)?.code;
  const error = searchKeywordError(key);
  const api = serverApi(s.site);
  const path = <P extends string>(p: P) => platformPath(p, s.variant.platform);

  let full: SearchFull | null = null;
  let page: SearchPage | null = null;
  let tree: CourseTypeCount[] = [];
  if (!error) {
    try {
      [full, page, tree] = await Promise.all([
        call(api, path('/api/search/full'), { key, pageSize: 3 }),
        tab
          ? call(api, path(`/api/search/${tab}`), {
              key,
              pageNum,
              pageSize: PAGE_SIZE,
              categoryCode: tab === 'course' ? category : undefined,
            })
          : Promise.resolve(null),
        tab === 'course' ? call(api, path('/api/search/courseTypeTree'), { key }) : Promise.resolve([]),
      ]);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  }
  const total = full ? Object.values(full.counts).reduce((a, b) => a + b, 0) : 0;
  const tabHref = (t?: SearchTab) => hrefOf('/search/index', { key, tab: t });
  const pill = (active: boolean) =>
    `inline-block rounded px-4 py-1.5 text-sm ${active ? 'bg-brand-700 text-white' : 'bg-white text-gray-700 hover:text-brand-700'}`;

  return (
    <div className="page-width py-6">
      <Breadcrumbs origin={s.origin} items={[{ name: '搜索' }]} />
      <h1 className="mb-4 text-2xl font-semibold text-gray-900">{key ? <>“{key}”的搜索结果</> : '搜索'}</h1>
      <SearchPageForm initialKey={key} tab={tab} />
      {error ? (
        <p role="alert" className="rounded-lg bg-white py-16 text-center text-gray-700">
          {error}
        </p>
      ) : !full ? (
        <p role="alert" className="rounded-lg bg-white py-16 text-center text-gray-700">
          搜索暂时不可用，请稍后重试。
        </p>
      ) : (
        <>
          <nav aria-label="搜索分类" className="mb-4">
            <ul className="flex flex-wrap gap-2">
              <li>
                <a href={tabHref()} className={pill(!tab)} aria-current={!tab ? 'page' : undefined}>
                  全部（{total}）
                </a>
              </li>
              {TABS.map((t) => (
                <li key={t.key}>
                  <a
                    href={tabHref(t.key)}
                    className={pill(tab === t.key)}
                    aria-current={tab === t.key ? 'page' : undefined}
                  >
                    {t.label}（{full!.counts[t.key]}）
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {total > 0 && full.suggestion && <SearchSuggestion keyword={key} suggestion={full.suggestion} />}
          {total === 0 && (
            <>
              <p className="rounded-lg bg-white py-16 text-center text-gray-700">
                未找到与“{key}”相关的内容，请更换关键词后重试。
              </p>
              <EmptySearchNotice keyword={key} />
            </>
          )}
          {total > 0 && !tab && (
            <div className="space-y-6">
              {TABS.filter((t) => full!.counts[t.key] > 0).map((t) => (
                <section key={t.key} aria-labelledby={`sr-${t.key}`} className="rounded-lg bg-white p-5 shadow-sm">
                  <div className="flex items-center justify-between">
                    <h2 id={`sr-${t.key}`} className="text-lg font-semibold text-gray-900">
                      {t.label}（{full!.counts[t.key]}）
                    </h2>
                    <a href={tabHref(t.key)} className="text-sm text-brand-700 hover:underline">
                      查看全部{t.label}结果
                    </a>
                  </div>
                  <Results items={full!.top[t.key]} terms={full!.terms} />
                </section>
              ))}
            </div>
          )}
          {tab && page && (
            <div className="grid gap-6 lg:grid-cols-[200px_minmax(0,1fr)]">
              {tab === 'course' ? (
                <aside aria-label="课程分类" className="h-fit rounded-lg bg-white p-4 shadow-sm">
                  <ul className="space-y-1 text-sm">
                    <li>
                      <a href={hrefOf('/search/index', { key, tab })} className={pill(!category)}>
                        全部分类（{full.counts.course}）
                      </a>
                    </li>
                    {tree.map((c) => (
                      <li key={c.categoryCode}>
                        <a
                          href={hrefOf('/search/index', { key, tab, t: c.categoryCode })}
                          className={pill(category === c.categoryCode)}
                        >
                          {c.name}（{c.count}）
                        </a>
                      </li>
                    ))}
                  </ul>
                </aside>
              ) : (
                <div className="hidden lg:block" />
              )}
              <section aria-label="搜索结果" className="rounded-lg bg-white p-5 shadow-sm">
                <h2 className="sr-only">搜索结果</h2>
                {page.list.length === 0 ? (
                  <p className="py-8 text-center text-gray-600">该分类下没有结果</p>
                ) : (
                  <Results items={page.list} terms={page.terms} />
                )}
                <Pagination
                  path="/search/index"
                  params={{ key, tab, t: category }}
                  pageNum={pageNum}
                  pageSize={PAGE_SIZE}
                  total={page.total}
                  label="搜索结果分页"
                />
              </section>
            </div>
          )}
        </>
      )}
    </div>
  );
}

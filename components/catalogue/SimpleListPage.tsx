/**
 * The plain paged lists (series, teachers, live classes, news, notices): one call, a heading, tabs,
 * the hydrated list and page links.
 */
import 'server-only';
import type { Metadata } from 'next';
import Link from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { load } from '@/lib/api/prefetch';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { hrefOf } from '@/lib/links';
import { Pagination } from '@/components/ui/Pagination';
import { CourseList, LiveList, NewsList, NoticeList, SeriesList, TeacherList } from '@/components/catalogue/Lists';
import { pageMetadata, pageNumber, publicApi, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { tagPage } from '@/lib/catalogue/page-tags';
import type { SimpleListSpec } from '@/lib/catalogue/list-specs';

const LISTS = {
  series: SeriesList,
  teacher: TeacherList,
  live: LiveList,
  news: NewsList,
  notice: NoticeList,
  course: CourseList,
};

async function resolve(spec: SimpleListSpec, params: CatalogueParams) {
  const s = await siteOfParams(params);
  const tabValue = spec.tabs ? s.query[spec.tabs.param] : undefined;
  const tab = spec.tabs?.options.find((o) => o.value === tabValue);
  if (spec.tabs && tabValue !== undefined && !tab) notFound();
  return { ...s, tab, pageNum: pageNumber(s.query) };
}

export async function simpleListMetadata(spec: SimpleListSpec, params: CatalogueParams): Promise<Metadata> {
  const s = await resolve(spec, params);
  const title = spec.title(s.tab?.label);
  return pageMetadata({
    title: s.pageNum > 1 ? `${title} 第${s.pageNum}页` : title,
    description: spec.description(s.title, s.tab?.label),
    canonical: hrefOf(spec.route, {
      ...(spec.tabs && s.tab?.value ? { [spec.tabs.param]: s.tab.value } : {}),
      page: s.pageNum > 1 ? s.pageNum : undefined,
    }),
    origin: s.origin,
    siteName: s.title,
  });
}

export async function SimpleListPage({ spec, params }: { spec: SimpleListSpec; params: CatalogueParams }) {
  const s = await resolve(spec, params);
  await tagPage(...spec.tags);
  const { api, qc } = publicApi(s.site);
  const path = s.path(spec.call);
  const body = {
    ...spec.extraBody,
    ...(spec.tabs && s.tab ? { [spec.tabs.field]: s.tab.bodyValue } : {}),
    pageNum: s.pageNum,
    pageSize: spec.pageSize,
  };
  const page = await load(qc, api, path, body);
  if (s.pageNum > 1 && page.list.length === 0) notFound(); // beyond the last page (page 1 of an empty list stays)
  const List = LISTS[spec.kind];
  const title = spec.title(s.tab?.label);
  const tabParams = spec.tabs && s.tab?.value ? { [spec.tabs.param]: s.tab.value } : {};
  const pill = (active: boolean) =>
    `rounded px-4 py-1.5 text-sm ${active ? 'bg-brand-700 text-white' : 'bg-white text-gray-700 hover:text-brand-700'}`;
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="page-width py-6">
        <Breadcrumbs origin={s.origin} items={spec.crumbs(s.tab?.label)} />
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
          {(spec.switcher || spec.tabs) && (
            <ul className="flex flex-wrap gap-2" aria-label="分类">
              {spec.switcher?.map((l) => (
                <li key={l.href}>
                  <Link
                    prefetch={false}
                    href={l.href}
                    className={pill(l.active)}
                    aria-current={l.active ? 'page' : undefined}
                  >
                    {l.label}
                  </Link>
                </li>
              ))}
              {spec.tabs?.options.map((o) => (
                <li key={o.label}>
                  <Link
                    prefetch={false}
                    href={hrefOf(spec.route, { [spec.tabs!.param]: o.value })}
                    className={pill(s.tab?.value === o.value || (!s.tab && !o.value))}
                    aria-current={s.tab?.value === o.value ? 'page' : undefined}
                  >
                    {o.label}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
        {spec.kind !== 'news' && spec.kind !== 'notice' && <h2 className="sr-only">{title}列表</h2>}
        <List path={path} body={body} what={title} />
        <Pagination
          path={spec.route}
          params={tabParams}
          pageNum={s.pageNum}
          pageSize={spec.pageSize}
          total={page.total}
          label={`${title}分页`}
        />
      </div>
    </HydrationBoundary>
  );
}

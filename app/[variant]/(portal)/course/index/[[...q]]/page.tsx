import type { Metadata } from 'next';
import Link from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Page } from '@/lib/contract/home';
import type { CourseListItem } from '@/lib/contract/catalogue';
import { load, loadOrNull } from '@/lib/api/prefetch';
import { intParam } from '@/lib/variants/catalogue-paths';
import { pageMetadata, pageNumber, publicApi, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { tagPage } from '@/lib/catalogue/page-tags';
import { courseCategories, LIST_PAGE_SIZE } from '@/lib/catalogue/variant-rules';
import { courseListDescription } from '@/lib/catalogue/descriptions';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { hrefOf } from '@/lib/links';
import { Pagination } from '@/components/ui/Pagination';
import { CourseList, HotList } from '@/components/catalogue/Lists';
import { TAGS } from '@/lib/cache-tags';
import { ScienceIndexBanner } from '@/components/site/ScienceIndexBanner';

export function generateStaticParams() {
  return [];
}

async function selection(params: CatalogueParams) {
  const ctx = await siteOfParams(params);
  const categories = courseCategories(ctx.variant);
  const t = intParam(ctx.query, 't');
  const category = t
    ? categories.find((c) => c.code === t)
    : ctx.variant.key === 'partySchool'
      ? categories[0]
      : undefined;
  if (t && !category) notFound();
  return {
    ...ctx,
    categories,
    category,
    type: intParam(ctx.query, 'type'),
    sort: ctx.query.sort === 'hot' ? ('hot' as const) : undefined,
    pageNum: pageNumber(ctx.query),
  };
}

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await selection(params);
  const name = s.category?.name ?? '课程资源';
  const title = s.category ? `${name}课程` : name;
  return pageMetadata({
    title: s.pageNum > 1 ? `${title} 第${s.pageNum}页` : title,
    description: courseListDescription(s.title, name, s.categories),
    canonical: hrefOf('/course/index', {
      t: s.category?.code,
      type: s.type,
      sort: s.sort,
      page: s.pageNum > 1 ? s.pageNum : undefined,
    }),
    origin: s.origin,
    siteName: s.title,
  });
}

/** /course/index (SPEC 2.1): t = 301-306, the course-type tree, the hot list; the page in the URL. */
export default async function CourseIndexPage({ params }: { params: CatalogueParams }) {
  const s = await selection(params);
  await tagPage(TAGS.courses);
  const { api, qc } = publicApi(s.site);
  const listPath = s.path('/api/course/list');
  const listBody = {
    categoryCode: s.category?.code,
    courseTypeId: s.type,
    sort: s.sort,
    pageNum: s.pageNum,
    pageSize: LIST_PAGE_SIZE,
  };
  const hotPath = s.path('/api/course/hotList');
  const hotBody = { categoryCode: s.category?.code, pageSize: 10 };
  let page: Page<CourseListItem>;
  try {
    [page] = await Promise.all([load(qc, api, listPath, listBody), load(qc, api, hotPath, hotBody)]);
  } catch {
    notFound();
  }
  if (s.pageNum > 1 && page.list.length === 0) notFound(); // beyond the last page (page 1 of an empty list stays)
  const tree = s.category ? await load(qc, api, '/modules/coursetype/list', { categoryCode: s.category.code }) : [];
  const types = tree[0]?.children ?? [];
  // The student platform's landing (its `/`): the science-platform index above the whole list.
  const landing = s.variant.isStu && !s.category && !s.type && !s.sort && s.pageNum === 1;
  const science = landing ? await loadOrNull(qc, api, '/api/science/index') : null;
  const heading = s.category?.name ?? '全部课程';
  const base = { t: s.category?.code, type: s.type, sort: s.sort };
  const tab = (active: boolean) =>
    `block rounded px-3 py-2 text-sm ${active ? 'bg-brand-700 text-white' : 'text-gray-700 hover:bg-brand-50 hover:text-brand-700'}`;

  const categoryNav = (
    <aside
      aria-label="课程分类"
      className="h-fit rounded-lg bg-white p-4 shadow-sm lg:col-start-1 lg:row-span-2 lg:row-start-1"
    >
      <h2 className="mb-2 font-semibold text-gray-900">课程分类</h2>
      <ul className="flex flex-wrap gap-1 lg:block lg:space-y-1">
        {s.categories.length > 1 && (
          <li>
            <Link
              prefetch={false}
              href="/course/index"
              className={tab(!s.category)}
              aria-current={!s.category ? 'page' : undefined}
            >
              全部课程
            </Link>
          </li>
        )}
        {s.categories.map((c) => (
          <li key={c.code} className={s.category?.code === c.code && types.length > 0 ? 'w-full lg:w-auto' : ''}>
            <Link
              prefetch={false}
              href={`/course/index?t=${c.code}`}
              className={tab(s.category?.code === c.code && !s.type)}
              aria-current={s.category?.code === c.code ? 'page' : undefined}
            >
              {c.name}
            </Link>
            {s.category?.code === c.code && types.length > 0 && (
              <ul
                className="ml-3 mt-1 flex flex-wrap gap-1 border-l border-gray-200 pl-2 lg:block lg:space-y-1"
                aria-label={`${c.name}课程类型`}
              >
                {types.map((ty) => (
                  <li key={ty.id}>
                    <Link
                      prefetch={false}
                      href={`/course/index?t=${c.code}&type=${ty.id}`}
                      className={tab(s.type === ty.id)}
                      aria-current={s.type === ty.id ? 'true' : undefined}
                    >
                      {ty.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );

  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="page-width py-6">
        <Breadcrumbs
          origin={s.origin}
          items={[{ name: '课程资源', href: '/course/index' }, ...(s.category ? [{ name: s.category.name }] : [])]}
        />
        {science && <ScienceIndexBanner index={science} />}
        {/*
          One order for every width, so the keyboard and a screen reader meet what the eye sees: the h1 with the sort
          links, the categories, the list, the hot list. Wide screens place the categories on the left and the hot
          list on the right of the heading and the list; narrow screens stack them in this order.
        */}
        <div className="grid gap-x-6 gap-y-4 lg:grid-cols-[200px_minmax(0,1fr)_240px] lg:grid-rows-[auto_1fr]">
          <div className="flex min-w-0 flex-wrap items-center justify-between gap-2 lg:col-start-2 lg:row-start-1">
            <h1 id="course-list-title" className="text-2xl font-semibold text-gray-900">
              {heading}
              {s.type && types.find((x) => x.id === s.type) ? ` · ${types.find((x) => x.id === s.type)!.name}` : ''}
            </h1>
            <div className="flex gap-1 text-sm" role="group" aria-label="排序">
              <Link
                prefetch={false}
                href={hrefOf('/course/index', { ...base, sort: undefined })}
                className={tab(!s.sort)}
                aria-current={!s.sort ? 'true' : undefined}
              >
                最新
              </Link>
              <Link
                prefetch={false}
                href={hrefOf('/course/index', { ...base, sort: 'hot' })}
                className={tab(s.sort === 'hot')}
                aria-current={s.sort === 'hot' ? 'true' : undefined}
              >
                最热
              </Link>
            </div>
          </div>
          {categoryNav}
          <section aria-labelledby="course-list-title" className="min-w-0 lg:col-start-2 lg:row-start-2">
            <p className="mb-4 text-sm text-gray-600">共{page.total}门课程</p>
            <h2 className="sr-only">课程列表</h2>
            <CourseList path={listPath} body={listBody} what="课程" />
            <Pagination
              path="/course/index"
              params={base}
              pageNum={s.pageNum}
              pageSize={LIST_PAGE_SIZE}
              total={page.total}
              label="课程分页"
            />
          </section>
          <aside
            aria-labelledby="hot-title"
            className="h-fit rounded-lg bg-white p-4 shadow-sm lg:col-start-3 lg:row-span-2 lg:row-start-1"
          >
            <h2 id="hot-title" className="mb-3 font-semibold text-gray-900">
              热门课程
            </h2>
            <HotList path={hotPath} body={hotBody} />
          </aside>
        </div>
      </div>
    </HydrationBoundary>
  );
}

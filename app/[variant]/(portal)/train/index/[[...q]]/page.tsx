import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { TRAIN_TYPES } from '@/lib/constants';
import type { DictionaryItem, Page } from '@/lib/contract/home';
import type { TrainListItem } from '@/lib/contract/catalogue';
import { load } from '@/lib/api/prefetch';
import { intParam } from '@/lib/variants/catalogue-paths';
import type { TrainFilter } from '@/lib/variants';
import { pageMetadata, pageNumber, publicApi, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { tagPage } from '@/lib/catalogue/page-tags';
import { TRAIN_PAGE_SIZE } from '@/lib/catalogue/variant-rules';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { FilterRow } from '@/components/ui/FilterRow';
import { hrefOf } from '@/lib/links';
import { Pagination } from '@/components/ui/Pagination';
import { TrainList } from '@/components/catalogue/Lists';
import { TAGS } from '@/lib/cache-tags';

/** The list's heading and title when no kind is chosen. */
const ALL_TRAINS = '培训项目与学术报告';

export function generateStaticParams() {
  return [];
}

const beijing = (now: Date) => {
  const parts = new Intl.DateTimeFormat('en', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  return {
    year: Number(parts.find((p) => p.type === 'year')!.value),
    month: Number(parts.find((p) => p.type === 'month')!.value),
  };
};

/** The filters of SPEC 2.5 from the URL; month defaults to the current month with the current year. */
async function selection(params: CatalogueParams) {
  const ctx = await siteOfParams(params);
  const q = ctx.query;
  const has = (f: TrainFilter) => ctx.variant.trainFilters.includes(f);
  const now = beijing(new Date());
  const t = intParam(q, 't');
  if (t && !TRAIN_TYPES.some((x) => x.code === t)) notFound();
  const monthRaw = q.month;
  const month = !has('month')
    ? 0
    : monthRaw === undefined
      ? now.month
      : /^\d{1,2}$/.test(monthRaw) && Number(monthRaw) <= 12
        ? Number(monthRaw)
        : now.month;
  const year = intParam(q, 'year', 2100) ?? now.year;
  const status = q.status === '1' ? 1 : q.status === '2' ? 2 : 0;
  const f = {
    t,
    category: has('category') ? intParam(q, 'category', 999) : undefined,
    source: has('source') ? intParam(q, 'source', 999) : undefined,
    type: has('type') ? intParam(q, 'type', 999) : undefined,
    year: year >= 2000 ? year : now.year,
    month,
    status: has('status') ? status : 0,
  };
  return { ...ctx, has, f, now, pageNum: pageNumber(q) };
}

/** The URL of the list with these filters (month=0 is "all"; the current month is the default). */
function urlOf(
  f: Awaited<ReturnType<typeof selection>>['f'],
  now: { year: number; month: number },
  change: Partial<typeof f> = {},
) {
  const n = { ...f, ...change };
  const isDefaultMonth = n.month === now.month && n.year === now.year;
  return hrefOf('/train/index', {
    t: n.t,
    category: n.category,
    source: n.source,
    type: n.type,
    year: n.year !== now.year ? n.year : undefined,
    month: isDefaultMonth ? undefined : n.month,
    status: n.status || undefined,
  });
}

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await selection(params);
  // Named as the page's heading names it: the kind chosen, else both kinds.
  const name = TRAIN_TYPES.find((x) => x.code === s.f.t)?.name ?? ALL_TRAINS;
  const when = s.f.month ? `${s.f.year}年${s.f.month}月` : `${s.f.year}年`;
  return pageMetadata({
    title: `${when}${name}${s.pageNum > 1 ? ` 第${s.pageNum}页` : ''}`,
    description: `${s.title}${when}的${name}：线上线下培训项目和学术报告，按类别、来源、形式、月份与报名状态筛选，在线报名。`,
    canonical: `${urlOf(s.f, s.now)}${s.pageNum > 1 ? `${urlOf(s.f, s.now).includes('?') ? '&' : '?'}page=${s.pageNum}` : ''}`,
    origin: s.origin,
    siteName: s.title,
  });
}

/** /train/index (SPEC 2.5): t = 5001 / 5002 and the filters of the variant; each choice is a link. */
export default async function TrainIndexPage({ params }: { params: CatalogueParams }) {
  const s = await selection(params);
  await tagPage(TAGS.trains);
  const { f, now } = s;
  const { api, qc } = publicApi(s.site);
  const filterBody = {
    type: f.t,
    trainTypeId: f.category,
    orgSource: f.source,
    itemType: f.type,
    year: f.year,
    month: f.month,
    applyState: f.status as 0 | 1 | 2,
  };
  const listPath = s.path('/api/train/list');
  const listBody = { ...filterBody, pageNum: s.pageNum, pageSize: TRAIN_PAGE_SIZE };
  let page: Page<TrainListItem>;
  let criteria: DictionaryItem[][];
  try {
    [page, ...criteria] = await Promise.all([
      load(qc, api, listPath, listBody),
      s.has('category') ? load(qc, api, s.path('/api/train/criteriaTrainTypeID'), filterBody) : Promise.resolve([]),
      s.has('source') ? load(qc, api, s.path('/api/train/criteriaOrgSource'), filterBody) : Promise.resolve([]),
      s.has('type') ? load(qc, api, s.path('/api/train/criteriaItemType'), filterBody) : Promise.resolve([]),
    ]);
  } catch {
    notFound(); // a filter that is not in the dictionaries
  }
  if (s.pageNum > 1 && page.list.length === 0) notFound(); // beyond the last page (page 1 of an empty list stays)
  const [categories, sources, itemTypes] = criteria;
  const name = TRAIN_TYPES.find((x) => x.code === f.t)?.name ?? '培训项目';
  const link = (change: Partial<typeof f>) => urlOf(f, now, change);
  const options = (key: 'category' | 'source' | 'type', list: DictionaryItem[]) => [
    { label: '全部', href: link({ [key]: undefined }), active: f[key] === undefined },
    ...list.map((o) => ({ label: o.name, href: link({ [key]: o.code }), active: f[key] === o.code, count: o.count })),
  ];

  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="page-width py-6">
        <Breadcrumbs
          origin={s.origin}
          items={[{ name: '培训项目', href: '/train/index' }, ...(f.t ? [{ name }] : [])]}
        />
        <h1 className="mb-4 text-2xl font-semibold text-gray-900">{f.t ? name : ALL_TRAINS}</h1>
        <section aria-label="筛选条件" className="mb-6 rounded-lg bg-white px-5 py-2 shadow-sm">
          {s.has('form') && (
            <FilterRow
              label="培训形式"
              options={[
                { label: '全部', href: link({ t: undefined }), active: !f.t },
                ...TRAIN_TYPES.map((x) => ({ label: x.name, href: link({ t: x.code }), active: f.t === x.code })),
              ]}
            />
          )}
          {s.has('category') && <FilterRow label="培训类别" options={options('category', categories)} />}
          {s.has('source') && <FilterRow label="主办来源" options={options('source', sources)} />}
          {s.has('type') && <FilterRow label="项目类型" options={options('type', itemTypes)} />}
          {s.has('month') && (
            <>
              <FilterRow
                label="年份"
                options={[now.year - 1, now.year, now.year + 1].map((y) => ({
                  label: `${y}年`,
                  href: link({ year: y }),
                  active: f.year === y,
                }))}
              />
              <FilterRow
                label="月份"
                options={[
                  { label: '全部', href: link({ month: 0 }), active: f.month === 0 },
                  ...Array.from({ length: 12 }, (_, i) => ({
                    label: `${i + 1}月`,
                    href: link({ month: i + 1 }),
                    active: f.month === i + 1,
                  })),
                ]}
              />
            </>
          )}
          {s.has('status') && (
            <FilterRow
              label="报名状态"
              options={[
                { label: '全部', href: link({ status: 0 }), active: f.status === 0 },
                { label: '可报名', href: link({ status: 1 }), active: f.status === 1 },
                { label: '不可报名', href: link({ status: 2 }), active: f.status === 2 },
              ]}
            />
          )}
        </section>
        <p className="mb-4 text-sm text-gray-600" role="status">
          {f.month ? `${f.year}年${f.month}月` : `${f.year}年全年`}共{page.total}个{f.t ? name : '项目'}
        </p>
        <h2 className="sr-only">{name}列表</h2>
        <TrainList path={listPath} body={listBody} what={name} />
        <Pagination
          path="/train/index"
          params={Object.fromEntries(new URL(link({}), 'http://x').searchParams)}
          pageNum={s.pageNum}
          pageSize={TRAIN_PAGE_SIZE}
          total={page.total}
          label="培训项目分页"
        />
      </div>
    </HydrationBoundary>
  );
}

import type { Metadata } from 'next';
import Link from '@/components/ui/Link';
import { POLICY_TYPES } from '@/lib/constants';
import { call, platformPath } from '@/lib/api/core';
import { formatDate } from '@/lib/format';
import { siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { userApi } from '@/lib/api/visitor';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { EmptyState } from '@/components/ui/EmptyState';
import { hrefOf } from '@/lib/links';
import { Pagination } from '@/components/ui/Pagination';
import { LIST_PAGE_SIZE } from '@/lib/catalogue/variant-rules';

/** Per visitor (session or query): rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Titled as headed: the chosen kind (政策文件 / 工作流程), else 政策制度. */
export async function generateMetadata({ searchParams }: { searchParams: Search }): Promise<Metadata> {
  const t = one((await searchParams).t);
  return {
    title: POLICY_TYPES.find((x) => String(x.code) === t)?.name ?? '政策制度',
    robots: { index: false, follow: false },
  };
}

/** /policy/index?t=1|2 (login only, SPEC 2.3, 6): policy documents and workflows; per request, never cached. */
export default async function PolicyIndexPage({
  params,
  searchParams,
}: {
  params: CatalogueParams;
  searchParams: Search;
}) {
  const s = await siteOfParams(params);
  const sp = await searchParams;
  const type = POLICY_TYPES.find((x) => String(x.code) === one(sp.t));
  const pageNum = Math.min(100_000, Math.max(1, Number(one(sp.page)) || 1));
  const { api } = await userApi(s.site);
  const page = await call(api, platformPath('/api/policy/list', s.variant.platform), {
    type: type?.code,
    pageNum,
    pageSize: LIST_PAGE_SIZE,
  });
  const pill = (active: boolean) =>
    `rounded px-4 py-1.5 text-sm ${active ? 'bg-brand-700 text-white' : 'bg-white text-gray-700 hover:text-brand-700'}`;
  return (
    <div className="page-width py-6">
      <Breadcrumbs
        origin={s.origin}
        items={[{ name: '政策制度', href: '/policy/index' }, ...(type ? [{ name: type.name }] : [])]}
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-900">{type?.name ?? '政策制度'}</h1>
        <ul className="flex gap-2" aria-label="文件类型">
          <li>
            <Link
              prefetch={false}
              href="/policy/index"
              className={pill(!type)}
              aria-current={!type ? 'page' : undefined}
            >
              全部
            </Link>
          </li>
          {POLICY_TYPES.map((x) => (
            <li key={x.code}>
              <Link
                prefetch={false}
                href={`/policy/index?t=${x.code}`}
                className={pill(type?.code === x.code)}
                aria-current={type?.code === x.code ? 'page' : undefined}
              >
                {x.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {page.list.length === 0 ? (
        <EmptyState>暂无文件</EmptyState>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg bg-white px-5 shadow-sm">
          {page.list.map((p) => (
            <li key={p.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
              <h2 className="min-w-0">
                <Link
                  prefetch={false}
                  href={`/policy/detail?id=${p.id}`}
                  className="text-gray-900 hover:text-brand-700"
                >
                  {p.title}
                </Link>
                {p.docNo && <span className="ml-2 text-sm text-gray-500">{p.docNo}</span>}
              </h2>
              <span className="shrink-0 text-sm text-gray-500">
                {p.issuer} · <time dateTime={p.publishedAt}>{formatDate(p.publishedAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        path="/policy/index"
        params={{ t: type?.code }}
        pageNum={pageNum}
        pageSize={LIST_PAGE_SIZE}
        total={page.total}
        label="文件分页"
      />
      <p className="sr-only">
        <Link href={hrefOf('/policy/index', {})}>政策制度</Link>
      </p>
    </div>
  );
}

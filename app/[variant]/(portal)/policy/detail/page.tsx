import type { Metadata } from 'next';
import { cache } from 'react';
import { NOT_FOUND_TITLE } from '@/components/shell/NotFoundContent';
import { notFound } from 'next/navigation';
import type { PolicyDetail } from '@/lib/contract/catalogue';
import { ApiError, call, platformPath } from '@/lib/api/core';
import { POLICY_TYPES } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { userApi } from '@/lib/api/visitor';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { RichText } from '@/components/ui/RichText';

/** Per visitor (session or query): rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

type Props = { params: CatalogueParams; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The document, once per request for the title and the page; null when there is none to show. */
const policyOf = cache(
  async (params: CatalogueParams, raw: string | string[] | undefined): Promise<PolicyDetail | null> => {
    const s = await siteOfParams(params);
    const id = Number(Array.isArray(raw) ? raw[0] : raw);
    if (!Number.isInteger(id) || id <= 0) return null;
    const { api } = await userApi(s.site);
    try {
      return await call(api, platformPath('/api/policy/detail', s.variant.platform), { id });
    } catch (err) {
      if (err instanceof ApiError) return null;
      throw err;
    }
  },
);

/** Titled by the document, as its heading is; 页面不存在 like the page when there is none. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const p = await policyOf(params, (await searchParams).id);
  return { title: p ? p.title : NOT_FOUND_TITLE, robots: { index: false, follow: false } };
}

/** /policy/detail?id= (login only): a policy document or workflow, sanitised on the server. */
export default async function PolicyDetailPage({ params, searchParams }: Props) {
  const s = await siteOfParams(params);
  const p = await policyOf(params, (await searchParams).id);
  if (!p) notFound();
  const type = POLICY_TYPES.find((x) => x.code === p.type);
  return (
    <div className="page-width py-6">
      <Breadcrumbs
        origin={s.origin}
        items={[
          { name: '政策制度', href: '/policy/index' },
          ...(type ? [{ name: type.name, href: `/policy/index?t=${type.code}` }] : []),
          { name: p.title },
        ]}
      />
      <article className="mx-auto max-w-3xl rounded-lg bg-white px-5 py-8 shadow-sm sm:px-10">
        <header className="mb-6 border-b border-gray-100 pb-4 text-center">
          <h1 className="text-2xl font-semibold text-gray-900">{p.title}</h1>
          <p className="mt-3 text-sm text-gray-600">
            {p.docNo && <>{p.docNo} · </>}
            {p.issuer} · <time dateTime={p.publishedAt}>{formatDate(p.publishedAt)}</time>
          </p>
        </header>
        <RichText html={p.bodyHtml} />
      </article>
    </div>
  );
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { PolicyDetail } from '@/lib/api/catalogue-types';
import { ApiError, platformPath } from '@/lib/api/core';
import { POLICY_TYPES } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { personalApi, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { Breadcrumbs, RichText } from '@/components/catalogue/ui';

/** Per visitor (session or query): rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: '政策制度', robots: { index: false, follow: false } };

/** /policy/detail?id= (login only): a policy document or workflow, sanitised on the server. */
export default async function PolicyDetailPage({ params, searchParams }: { params: CatalogueParams; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const s = await siteOfParams(params);
  const raw = (await searchParams).id;
  const id = Number(Array.isArray(raw) ? raw[0] : raw);
  if (!Number.isInteger(id) || id <= 0) notFound();
  const { api } = await personalApi(s.site);
  let p: PolicyDetail;
  try {
    p = await api.request<PolicyDetail>(platformPath('/api/policy/detail', s.variant.platform), { id });
  } catch (err) {
    if (err instanceof ApiError) notFound();
    throw err;
  }
  const type = POLICY_TYPES.find((x) => x.code === p.type);
  return (
    <div className="page-width py-6">
      <Breadcrumbs origin={s.origin} items={[{ name: '政策制度', href: '/policy/index' }, ...(type ? [{ name: type.name, href: `/policy/index?t=${type.code}` }] : []), { name: p.title }]} />
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

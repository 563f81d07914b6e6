/** News and notice detail pages: an article with NewsArticle JSON-LD and links to its neighbours. */
import 'server-only';
import type { Metadata } from 'next';
import Link from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { loadOrNull } from '@/lib/api/prefetch';
import { formatDateTime, imageUrl } from '@/lib/format';
import { intParam } from '@/lib/variants/catalogue-paths';
import { siteSegment } from '@/lib/variants';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { JsonLd } from '@/components/ui/JsonLd';
import { RichText } from '@/components/ui/RichText';
import { NewsViews } from '@/components/catalogue/NewsViews';
import { pageMetadata, publicApi, readPublic, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { tagPage } from '@/lib/catalogue/page-tags';
import { TAGS } from '@/lib/cache-tags';

type Kind = 'news' | 'notice';
const SPEC = {
  news: {
    call: '/api/mtTrainnews/detail',
    route: '/notice/newsDetail',
    list: '/notice/news',
    listName: '新闻动态',
    missing: '新闻不存在',
  },
  notice: {
    call: '/api/msgMessageinfo/detail',
    route: '/notice/noticeDetail',
    list: '/notice/index',
    listName: '通知公告',
    missing: '公告不存在',
  },
} as const;

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

export async function articleMetadata(kind: Kind, params: CatalogueParams): Promise<Metadata> {
  const s = await siteOfParams(params);
  const id = intParam(s.query, 'id');
  const a = id ? await readPublic(siteSegment(s.site), s.path(SPEC[kind].call), { id }) : null;
  if (!a) return { title: SPEC[kind].missing };
  return pageMetadata({
    title: a.title,
    description: 'summary' in a && a.summary ? a.summary : textOf(a.bodyHtml),
    canonical: `${SPEC[kind].route}?id=${a.id}`,
    origin: s.origin,
    siteName: s.title,
    image: 'cover' in a ? a.cover : undefined,
    type: 'article',
  });
}

export async function ArticlePage({ kind, params }: { kind: Kind; params: CatalogueParams }) {
  const s = await siteOfParams(params);
  const spec = SPEC[kind];
  const id = intParam(s.query, 'id');
  if (!id) notFound();
  await tagPage(TAGS.news);
  const { api, qc } = publicApi(s.site);
  const a = await loadOrNull(qc, api, s.path(spec.call), { id });
  if (!a) notFound();
  const source = 'source' in a ? a.source : '继续教育学院';
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="page-width py-6">
        <Breadcrumbs
          origin={s.origin}
          items={[
            { name: '新闻公告', href: '/notice/news' },
            { name: spec.listName, href: spec.list },
            { name: a.title },
          ]}
        />
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'NewsArticle',
            headline: a.title.slice(0, 110),
            datePublished: a.publishedAt,
            dateModified: a.publishedAt,
            mainEntityOfPage: `${s.origin}${spec.route}?id=${a.id}`,
            author: { '@type': 'Organization', name: source || s.title },
            publisher: {
              '@type': 'Organization',
              name: s.title,
              logo: { '@type': 'ImageObject', url: `${s.origin}${s.variant.logo}` },
            },
            ...('cover' in a && imageUrl(a.cover) ? { image: [`${s.origin}${imageUrl(a.cover)}`] } : {}),
            description: 'summary' in a ? a.summary : textOf(a.bodyHtml).slice(0, 150),
          }}
        />
        <article className="mx-auto max-w-3xl rounded-lg bg-white px-5 py-8 shadow-sm sm:px-10">
          <header className="mb-6 border-b border-gray-100 pb-4 text-center">
            <h1 className="text-2xl font-semibold leading-snug text-gray-900">{a.title}</h1>
            <p className="mt-3 text-sm text-gray-600">
              <time dateTime={a.publishedAt}>{formatDateTime(a.publishedAt)}</time>
              {source && <> · 来源：{source}</>}
              {'views' in a && (
                <>
                  {' · '}
                  <NewsViews id={a.id} initial={a.views} path={s.path('/api/mtTrainnews/view')} />
                </>
              )}
            </p>
          </header>
          <RichText html={a.bodyHtml} />
          <nav aria-label="上一篇和下一篇" className="mt-8 space-y-2 border-t border-gray-100 pt-4 text-sm">
            <p>
              上一篇：
              {a.prev ? (
                <Link
                  prefetch={false}
                  href={`${spec.route}?id=${a.prev.id}`}
                  className="text-brand-700 hover:underline"
                >
                  {a.prev.title}
                </Link>
              ) : (
                '没有了'
              )}
            </p>
            <p>
              下一篇：
              {a.next ? (
                <Link
                  prefetch={false}
                  href={`${spec.route}?id=${a.next.id}`}
                  className="text-brand-700 hover:underline"
                >
                  {a.next.title}
                </Link>
              ) : (
                '没有了'
              )}
            </p>
          </nav>
        </article>
      </div>
    </HydrationBoundary>
  );
}

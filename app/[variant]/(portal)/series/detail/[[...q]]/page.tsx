import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { loadOrNull } from '@/lib/api/prefetch';
import { intParam } from '@/lib/variants/catalogue-paths';
import { siteSegment } from '@/lib/variants';
import { pageMetadata, publicApi, readPublic, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { tagPage } from '@/lib/catalogue/page-tags';
import { Cover } from '@/components/cards/Cards';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { JsonLd } from '@/components/ui/JsonLd';
import { SectionTitle } from '@/components/ui/SectionTitle';
import { CourseList } from '@/components/catalogue/Lists';
import { SeriesActions, SeriesCounts } from '@/components/catalogue/SeriesActions';
import { TAGS } from '@/lib/cache-tags';
import { MISSING_RECORD_METADATA } from '@/lib/catalogue/not-found-metadata';

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await siteOfParams(params);
  const id = intParam(s.query, 'id');
  const x = id ? await readPublic(siteSegment(s.site), s.path('/api/recommendseries/detail'), { id }) : null;
  if (!x) return MISSING_RECORD_METADATA;
  return pageMetadata({
    title: x.title,
    description: `系列专题，共${x.courses.length}门课程。${x.summary}`,
    canonical: `/series/detail?id=${x.id}`,
    origin: s.origin,
    siteName: s.title,
    image: x.cover,
    type: 'article',
  });
}

/** /series/detail?id= : the series, its courses in order, enrolment and certificate application. */
export default async function SeriesDetailPage({ params }: { params: CatalogueParams }) {
  const s = await siteOfParams(params);
  const id = intParam(s.query, 'id');
  if (!id) notFound();
  await tagPage(TAGS.courses, TAGS.seriesItem(id));
  const { api, qc } = publicApi(s.site);
  const path = s.path('/api/recommendseries/detail');
  const x = await loadOrNull(qc, api, path, { id });
  if (!x) notFound();
  // The course list reads the same data in the shape of a page.
  const listPath = `${path}#courses` as const;
  qc.setQueryData([listPath, { id }], {
    list: x.courses,
    total: x.courses.length,
    pageNum: 1,
    pageSize: x.courses.length,
  });
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="page-width space-y-6 py-6">
        <Breadcrumbs origin={s.origin} items={[{ name: '系列专题', href: '/series/index' }, { name: x.title }]} />
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: x.title,
            numberOfItems: x.courses.length,
            itemListElement: x.courses.map((c, i) => ({
              '@type': 'ListItem',
              position: i + 1,
              url: `${s.origin}/course/detail?id=${c.id}`,
              name: c.title,
            })),
          }}
        />
        <header className="grid gap-6 rounded-lg bg-white p-5 shadow-sm md:grid-cols-[360px_minmax(0,1fr)]">
          <Cover src={x.cover} alt={`${x.title}封面`} eager />
          <div className="min-w-0 space-y-3">
            <h1 className="text-2xl font-semibold text-gray-900">{x.title}</h1>
            <p className="leading-7 text-gray-700">{x.summary}</p>
            <SeriesCounts
              seriesId={x.id}
              courseCount={x.courses.length}
              studyCount={x.studyCount}
              enrolCount={x.enrolCount}
            />
            <SeriesActions seriesId={x.id} courseCount={x.courses.length} />
          </div>
        </header>
        <section aria-labelledby="series-courses" className="rounded-lg bg-white p-5 shadow-sm">
          <SectionTitle id="series-courses">专题课程</SectionTitle>
          <CourseList path={listPath} body={{ id }} what="专题课程" />
        </section>
      </div>
    </HydrationBoundary>
  );
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { serverApi } from '@/lib/api/server';
import { apiQueryKey, makeQueryClient } from '@/lib/api/query';
import { homeCallBody, homeCallPath, homeModules } from '@/lib/catalogue/home-modules';
import { parseSiteSegment, siteTitle, VARIANTS } from '@/lib/variants';
import { siteDescription } from '@/lib/catalogue/descriptions';
import { StationRecommend } from '@/components/stations/StationRecommend';
import {
  BannerCarousel,
  CourseModule,
  LiveModule,
  NewsAndNotices,
  RankModule,
  SeriesModule,
  TeacherModule,
  TrainModule,
} from '@/components/home/HomeModules';
import { tagPage } from '@/lib/catalogue/page-tags';
import { TAGS } from '@/lib/cache-tags';
import { call } from '@/lib/api/core';

type Params = Promise<{ variant: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const site = parseSiteSegment((await params).variant);
  if (!site) return {};
  const title = siteTitle(site);
  return {
    title: { absolute: `首页 - ${title}` },
    description: siteDescription(site),
    alternates: { canonical: '/home' },
  };
}

/**
 * The home page (SPEC 1): the same for every visitor of a variant, so it is rendered once per
 * variant and revalidated (the [variant] layout's revalidate); the visitor's own parts are client
 * components in the header. Every module is prefetched here and hydrated into react-query.
 */
export default async function HomePage({ params }: { params: Params }) {
  const site = parseSiteSegment((await params).variant);
  await tagPage(TAGS.courses, TAGS.series, TAGS.trains, TAGS.news);
  if (!site) notFound();
  const variant = VARIANTS[site.variant];
  const modules = homeModules(variant);
  const api = serverApi(site);
  const qc = makeQueryClient();
  await Promise.all(
    modules.map((key) => {
      const path = homeCallPath(key, variant);
      const body = homeCallBody(key);
      return qc.prefetchQuery({ queryKey: apiQueryKey(path, body), queryFn: () => call(api, path, body) });
    }),
  );
  const has = (k: (typeof modules)[number]) => modules.includes(k);
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <h1 className="sr-only">{siteTitle(site)}首页</h1>
      <BannerCarousel />
      <div className="page-width space-y-6 py-6">
        <NewsAndNotices />
        <StationRecommend />
        {variant.isCommunist ? (
          <>
            <CourseModule />
            <SeriesModule />
          </>
        ) : (
          <>
            <SeriesModule />
            <CourseModule />
          </>
        )}
        {has('live') && <LiveModule />}
        {has('teacher') && <TeacherModule />}
        <TrainModule />
        {has('rankOperator') && <RankModule />}
      </div>
    </HydrationBoundary>
  );
}

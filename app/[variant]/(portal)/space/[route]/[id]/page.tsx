import { tagPage } from '@/lib/catalogue/page-tags';
import { TAGS } from '@/lib/cache-tags';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api/core';
import { serverApi } from '@/lib/api/server';
import { apiQueryKey, makeQueryClient } from '@/lib/api/query';
import { type SpaceDetail } from '@/lib/contract/spaces';
import { commentListBody, SPACE_ROUTES, type SpaceRoute } from '@/lib/spaces/links';
import { findRoute, parseSiteSegment, siteOrigin, VARIANTS, type Site } from '@/lib/variants';
import { SpaceView } from '@/components/spaces/SpaceView';

type Params = Promise<{ variant: string; route: string; id: string }>;

/** Rendered on first request per variant and id, then cached (ISR); writes revalidate it (lib/server/services/spaces/spaces). */
export function generateStaticParams() {
  return [];
}
export const dynamicParams = true;

async function load(params: Params): Promise<{ site: Site; route: SpaceRoute; id: number } | null> {
  const { variant, route, id } = await params;
  const site = parseSiteSegment(variant);
  if (!site || !Object.hasOwn(SPACE_ROUTES, route) || !/^[1-9]\d{0,9}$/.test(id)) return null;
  if (!findRoute(VARIANTS[site.variant], SPACE_ROUTES[route as SpaceRoute].path)) return null;
  return { site, route: route as SpaceRoute, id: Number(id) };
}

async function detailOf(site: Site, route: SpaceRoute, id: number): Promise<SpaceDetail | null> {
  try {
    return await call(serverApi(site), '/api/space/detail', { kind: SPACE_ROUTES[route].kind, id });
  } catch (err) {
    if (err instanceof ApiError && err.code === 1004) return null;
    throw err;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const p = await load(params);
  if (!p) return {};
  const d = await detailOf(p.site, p.route, p.id);
  if (!d) return {};
  return {
    title: `${d.card.name}的${SPACE_ROUTES[p.route].title}`,
    description:
      d.card.intro ||
      `${d.card.name}${d.card.subtitle ? `（${d.card.subtitle}）` : ''}的${SPACE_ROUTES[p.route].title}：课程、系列专题、关注与评论。`,
    alternates: { canonical: `${SPACE_ROUTES[p.route].path}?id=${p.id}` },
  };
}

export default async function SpacePage({ params }: { params: Params }) {
  const p = await load(params);
  if (!p) notFound();
  const detail = await detailOf(p.site, p.route, p.id);
  if (!detail) notFound();
  const qc = makeQueryClient();
  const ref = { kind: detail.card.kind, id: detail.card.id };
  await tagPage(TAGS.space(ref.kind, ref.id));
  await qc.prefetchQuery({
    queryKey: apiQueryKey('/api/comment/list', commentListBody(ref)),
    queryFn: () => call(serverApi(p.site), '/api/comment/list', commentListBody(ref)),
  });
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <SpaceView route={p.route} detail={detail} origin={siteOrigin(p.site)} />
    </HydrationBoundary>
  );
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SPACE_ROUTES, type SpaceRoute } from '@/lib/api/spaces';
import { findRoute, parseSiteSegment, VARIANTS } from '@/lib/variants';
import { OpenOwnSpace } from '@/components/spaces/OpenOwnSpace';

type Params = Promise<{ variant: string; route: string }>;

export function generateStaticParams() {
  return [];
}
export const dynamicParams = true;

export const metadata: Metadata = { robots: { index: false } };

/** A space without an id (or with one that is not a number): a signed-in user is taken to their own (SPEC 6). */
export default async function SpaceWithoutId({ params }: { params: Params }) {
  const { variant, route } = await params;
  const site = parseSiteSegment(variant);
  if (!site || !Object.hasOwn(SPACE_ROUTES, route) || !findRoute(VARIANTS[site.variant], SPACE_ROUTES[route as SpaceRoute].path)) notFound();
  return (
    <div className="page-width py-10">
      <h1 className="mb-4 text-2xl font-bold">{SPACE_ROUTES[route as SpaceRoute].title}</h1>
      <OpenOwnSpace />
    </div>
  );
}

import type { Metadata } from 'next';
import Link from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { SPACE_ROUTES, spaceHref, type SpaceRoute } from '@/lib/spaces/links';
import { findRoute, parseSiteSegment, VARIANTS, type Site } from '@/lib/variants';
import { serverApi } from '@/lib/api/server';
import { OpenOwnSpace } from '@/components/spaces/OpenOwnSpace';
import { call } from '@/lib/api/core';

type Params = Promise<{ variant: string; route: string }>;

export function generateStaticParams() {
  return [];
}
export const dynamicParams = true;

const ORG_KINDS: Record<number, string> = { 1: '研究所', 2: '职能部门', 3: '高校' };

async function load(params: Params): Promise<{ site: Site; route: SpaceRoute; heading: string } | null> {
  const { variant, route } = await params;
  const site = parseSiteSegment(variant);
  if (!site || !Object.hasOwn(SPACE_ROUTES, route)) return null;
  const v = VARIANTS[site.variant];
  const info = SPACE_ROUTES[route as SpaceRoute];
  if (!findRoute(v, info.path)) return null;
  // The heading is the menu's label where the menu leads here (the student host's 组织空间).
  const heading = v.menu.find((m) => m.href === info.path)?.label ?? info.title;
  return { site, route: route as SpaceRoute, heading };
}

const isOrgRoute = (route: SpaceRoute) => SPACE_ROUTES[route].kind === 'org';

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const p = await load(params);
  if (!p) return {};
  if (isOrgRoute(p.route))
    return {
      title: p.heading,
      description: `${p.heading}：选择单位，查看其学习课程与系列专题。`,
      alternates: { canonical: SPACE_ROUTES[p.route].path },
    };
  return { title: p.heading, robots: { index: false } };
}

/**
 * A space without an id (or with one that is not a number). Organisation spaces: the list of organisations to
 * choose from. Teacher and student spaces: a signed-in user is taken to their own (SPEC 6).
 */
export default async function SpaceWithoutId({ params }: { params: Params }) {
  const p = await load(params);
  if (!p) notFound();
  if (!isOrgRoute(p.route)) {
    return (
      <div className="page-width py-10">
        <h1 className="mb-4 text-2xl font-bold">{p.heading}</h1>
        <OpenOwnSpace />
      </div>
    );
  }
  const list = await call(serverApi(p.site), '/api/space/orgList', {});
  const path = SPACE_ROUTES[p.route].path;
  return (
    <div className="page-width py-10">
      <h1 className="mb-2 text-2xl font-bold">{p.heading}</h1>
      <p className="mb-6 text-gray-700">请选择要访问的单位空间：</p>
      {list.length === 0 ? (
        <p className="text-gray-600">暂无单位空间</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((o) => (
            <li key={o.id}>
              <Link
                prefetch={false}
                href={path === '/space/organization' ? spaceHref('org', o.id) : `${path}?id=${o.id}`}
                className="block rounded-lg bg-white p-4 shadow-sm hover:text-brand-700 hover:shadow"
              >
                <span className="block font-medium">{o.name}</span>
                <span className="block text-sm text-gray-600">
                  {ORG_KINDS[o.kind] ?? '单位'} · {o.learners}名学员
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

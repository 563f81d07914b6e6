import type { Metadata } from 'next';
import Link from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { parseQuerySegment } from '@/lib/variants/catalogue-paths';
import { findRoute, parseSiteSegment, VARIANTS } from '@/lib/variants';
import { PersonalSections } from '@/components/personal/PersonalSections';
import { PERSONAL_TABS, personalHref, personalTabOf, personalYearOf } from '@/components/personal/personal-tabs';
import { PlatformBanner } from '@/components/site/PlatformBanner';
import { call } from '@/lib/api/core';
import { publicApi } from '@/lib/catalogue/server';

export function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ variant: string; q?: string[] }> };

/** The tab and year from the internal segment the proxy writes from ?tab=&year= (lib/variants/catalogue-paths). */
async function selection(params: Props['params']) {
  const p = await params;
  const q = parseQuerySegment(p.q);
  return { variant: p.variant, tab: personalTabOf(q.tab), year: personalYearOf(q.year) };
}

/** The area's name, as its heading says: the science personal area on the student site (SPEC 2.1), else 个人中心. */
const areaName = (variant: string) =>
  VARIANTS[parseSiteSegment(variant)?.variant ?? 'main'].isStu ? '科教个人空间' : '个人中心';

/** Each tab its own title (the site's title template adds the site name). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { variant, tab } = await selection(params);
  return { title: `${PERSONAL_TABS.find(([k]) => k === tab)![1]} - ${areaName(variant)}`, robots: { index: false } };
}

/**
 * The personal centre (SPEC 2.1, issue 5 point 3). The proxy lets only a signed-in visitor in; the page is the same
 * for every learner (cached per site, tab and year) and the learner's data loads in the browser (PersonalSections).
 */
export default async function PersonalPage({ params }: Props) {
  const { variant, tab, year } = await selection(params);
  const site = parseSiteSegment(variant);
  if (!site) notFound();
  const examPages = !!findRoute(VARIANTS[site.variant], '/exam');
  // The science personal area stands on the platform detail's study background (SPEC 3 studyImage).
  const science = VARIANTS[site.variant].isStu
    ? await call(publicApi(site).api, '/api/science/index').catch(() => null)
    : null;
  const heading = <h1 className="text-xl font-semibold">{areaName(site.variant)}</h1>;

  return (
    <div className="page-width py-6">
      {science ? (
        <PlatformBanner images={science.study} label={`${areaName(site.variant)}背景`}>
          {heading}
        </PlatformBanner>
      ) : (
        heading
      )}
      {/* No link here prefetches: a tab's page is small, and a prefetch of a detail from this page would drop its id. */}
      <nav aria-label={`${areaName(site.variant)}栏目`} className="mt-4 flex flex-wrap gap-2 border-b pb-2">
        {PERSONAL_TABS.map(([k, label]) => (
          <Link
            prefetch={false}
            key={k}
            href={personalHref(k, year)}
            aria-current={tab === k ? 'page' : undefined}
            className={`rounded px-3 py-1.5 text-sm ${tab === k ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100'}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      <PersonalSections tab={tab} year={year} examPages={examPages} />
    </div>
  );
}

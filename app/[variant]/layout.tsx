import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { Providers } from '@/components/site/Providers';
import { PUBLIC_PAGE_REVALIDATE_S } from '@/lib/constants';
import { parseSiteSegment, siteOrigin, siteTitle, VARIANTS } from '@/lib/variants';
import { siteDescription } from '@/lib/catalogue/descriptions';

/**
 * Everything under the site segment that proxy.ts rewrites to (docs/design.md §3). No variant is rendered
 * at build time; each page is rendered on its first request and then cached per variant (ISR).
 */
export function generateStaticParams() {
  return [];
}
export const dynamicParams = true;
export const revalidate = 120;
void PUBLIC_PAGE_REVALIDATE_S; // the same figure, named in lib/constants (segment config must be a literal)

type Params = Promise<{ variant: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const site = parseSiteSegment((await params).variant);
  if (!site) return {};
  const title = siteTitle(site);
  return {
    metadataBase: new URL(siteOrigin(site)),
    applicationName: title,
    title: { default: title, template: `%s - ${title}` },
    description: siteDescription(site),
    icons: { icon: VARIANTS[site.variant].logo },
    openGraph: { siteName: title, locale: 'zh_CN', type: 'website' },
  };
}

/** The variant's colours (styles/globals.css [data-theme]); the browser's bar wears the darkest brand colour. */
const THEME_COLOR = { main: '#1e3a8a', party: '#7f1d1d', student: '#164e63' } as const;
type Theme = keyof typeof THEME_COLOR;

function themeOf(site: NonNullable<ReturnType<typeof parseSiteSegment>>): Theme {
  const v = VARIANTS[site.variant];
  return v.isCommunist ? 'party' : v.isStu ? 'student' : 'main';
}

export async function generateViewport({ params }: { params: Params }): Promise<Viewport> {
  const site = parseSiteSegment((await params).variant);
  return site ? { themeColor: THEME_COLOR[themeOf(site)] } : {};
}

export default async function VariantLayout({ children, params }: { children: React.ReactNode; params: Params }) {
  const site = parseSiteSegment((await params).variant);
  if (!site) notFound();
  return (
    <div data-theme={themeOf(site)} className="flex min-h-screen flex-col">
      <Providers site={site}>{children}</Providers>
    </div>
  );
}

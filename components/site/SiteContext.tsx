'use client';

import { createContext, useContext } from 'react';
import { siteTitle, VARIANTS, type Site, type Variant } from '@/lib/variants';

const SiteContext = createContext<Site>({ variant: 'main', dx: false });

export function SiteProvider({ site, children }: { site: Site; children: React.ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

export function useSite(): { site: Site; variant: Variant; title: string } {
  const site = useContext(SiteContext);
  return { site, variant: VARIANTS[site.variant], title: siteTitle(site) };
}

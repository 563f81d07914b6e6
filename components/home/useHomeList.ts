'use client';

import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import type { BodyArg } from '@/lib/api/core';
import { homeCallBody, homeCallPath, type HOME_CALLS, type HomeModuleKey } from '@/lib/catalogue/home-modules';
import { useSite } from '@/components/site/SiteContext';

/**
 * A home module's data. It arrives hydrated from the server render; public lists are the same
 * for every visitor, so the browser does not ask again (the page itself is revalidated).
 */
export function useHomeList<K extends HomeModuleKey>(key: K) {
  const { variant } = useSite();
  return useQuery({
    ...apiQuery(homeCallPath(key, variant), ...([homeCallBody(key)] as BodyArg<(typeof HOME_CALLS)[K]>)),
    staleTime: Infinity,
  });
}

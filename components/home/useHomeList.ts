'use client';

import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { homeCallBody, homeCallPath, type HomeModuleKey } from '@/lib/catalogue/home-modules';
import { useSite } from '@/components/site/SiteContext';

/**
 * A home module's data. It arrives hydrated from the server render; public lists are the same
 * for every visitor, so the browser does not ask again (the page itself is revalidated).
 */
export function useHomeList<T>(key: HomeModuleKey) {
  const { variant } = useSite();
  return useQuery({ ...apiQuery<T[]>(homeCallPath(key, variant), homeCallBody(key)), staleTime: Infinity });
}

'use client';

import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

/**
 * Data the server page prefetched under the same key (lib/api/prefetch): public and cached with the
 * page, so the browser does not ask again.
 */
export function useApiData<T>(path: string, body: object) {
  return useQuery({ ...apiQuery<T>(path, body), staleTime: Infinity });
}

'use client';

import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import type { BodyArg } from '@/lib/api/core';
import type { ApiPath, ContractBody } from '@/lib/contract/endpoints';

/**
 * Data the server page prefetched under the same key (lib/api/prefetch): public and cached with the
 * page, so the browser does not ask again.
 */
export function useApiData<P extends ApiPath>(path: P, body: ContractBody<P>) {
  return useQuery({ ...apiQuery(path, ...([body] as BodyArg<P>)), staleTime: Infinity });
}

/**
 * react-query glue. Server pages prefetch with apiQueryKey + serverApi and client components read
 * with apiQuery, so both must build the same key for the same call (docs/design.md §4: nothing fetched twice).
 */
import { QueryClient } from '@tanstack/react-query';
import { api } from './browser';
import type { ApiPath, ContractData } from '../contract/endpoints';
import { ApiError, type BodyArg } from './core';

const STALE_TIME_MS = 60_000;

export function apiQueryKey(path: string, body?: unknown): readonly [string, unknown] {
  return [path, body ?? {}] as const;
}

/**
 * One retry, for failures where no answer arrived. An ApiError is the server's answer (a session
 * code, or a business error already shown as a message), so asking again would only repeat it.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return !(error instanceof ApiError) && failureCount < 1;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}

/** For `useQuery(apiQuery(path, body))` in client components: path, body and data typed by the contract. */
export function apiQuery<P extends ApiPath>(path: P, ...[body]: BodyArg<P>) {
  return {
    queryKey: apiQueryKey(path, body),
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<ContractData<P>> =>
      api.request<ContractData<P>>(path, body, { signal }),
  };
}

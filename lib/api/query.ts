/**
 * react-query glue. Server pages prefetch with apiQueryKey + serverApi and client components read
 * with apiQuery, so both must build the same key for the same call (DESIGN 4: nothing fetched twice).
 */
import { QueryClient } from '@tanstack/react-query';
import { api } from './browser';
import { ApiError } from './core';

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

/** For `useQuery(apiQuery(path, body))` in client components. */
export function apiQuery<T>(path: string, body?: unknown) {
  return {
    queryKey: apiQueryKey(path, body),
    queryFn: ({ signal }: { signal: AbortSignal }) => api.request<T>(path, body, { signal }),
  };
}

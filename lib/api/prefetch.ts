/**
 * Server pages prefetch through lib/api into a react-query client that is dehydrated into the page
 * (DESIGN 4): `load` returns the data and stores it under the key the client components read.
 * A missing record (CODE_NOT_FOUND) becomes null so that the page can answer 404.
 */
import 'server-only';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, type ApiClient } from './core';
import { apiQueryKey } from './query';

/** The backend's "does not exist" code (lib/server/http/errors CODE_NOT_FOUND), as seen through the client. */
const NOT_FOUND = 1004;

export async function load<T>(qc: QueryClient, api: ApiClient, path: string, body: object = {}): Promise<T> {
  const data = await api.request<T>(path, body);
  qc.setQueryData(apiQueryKey(path, body), data);
  return data;
}

export async function loadOrNull<T>(qc: QueryClient, api: ApiClient, path: string, body: object = {}): Promise<T | null> {
  try {
    return await load<T>(qc, api, path, body);
  } catch (err) {
    if (err instanceof ApiError && (err.code === NOT_FOUND || err.code === 1001)) return null;
    throw err;
  }
}

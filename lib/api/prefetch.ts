/**
 * Server pages prefetch through lib/api into a react-query client that is dehydrated into the page
 * (docs/design.md §4): `load` returns the data and stores it under the key the client components read.
 * A missing record (CODE_NOT_FOUND) becomes null so that the page can answer 404.
 */
import 'server-only';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiPath, ContractData } from '../contract/endpoints';
import { ApiError, call, type ApiClient, type BodyArg } from './core';
import { apiQueryKey } from './query';

/** The backend's "does not exist" code (lib/server/errors CODE_NOT_FOUND), as seen through the client. */
const NOT_FOUND = 1004;

type Client = Pick<ApiClient, 'request'>;

export async function load<P extends ApiPath>(
  qc: QueryClient,
  api: Client,
  path: P,
  ...[body = {}]: BodyArg<P>
): Promise<ContractData<P>> {
  const data = await call(api, path, ...([body] as BodyArg<P>));
  qc.setQueryData(apiQueryKey(path, body), data);
  return data;
}

export async function loadOrNull<P extends ApiPath>(
  qc: QueryClient,
  api: Client,
  path: P,
  ...args: BodyArg<P>
): Promise<ContractData<P> | null> {
  try {
    return await load(qc, api, path, ...args);
  } catch (err) {
    if (err instanceof ApiError && (err.code === NOT_FOUND || err.code === 1001)) return null;
    throw err;
  }
}

/**
 * The integration tests' client of the endpoint table: the same in-process dispatch the API routes use
 * (lib/server/http/dispatch), typed by the contract (lib/contract/endpoints) as the app's `call(api, path, body)`
 * of lib/api/core is, so a test's path, body and the answer it reads follow a change of the contract. `callRaw`
 * sends what the contract would refuse (unknown paths, bodies the validation must turn away).
 */
import type { ApiPath, ContractData } from '@/lib/contract/endpoints';
import type { BodyArg } from '@/lib/api/core';
import { callEndpoint, type CallResult } from '@/lib/server/http/dispatch';
import type { Site } from '@/lib/variants';

export const MAIN_SITE: Site = { variant: 'main', dx: false };

/** Who calls and from where; anything left out falls back to the client's defaults. */
export interface CallOptions {
  token?: string | null;
  site?: Site;
  /** The client address: throttling counts per address, so suites keep theirs apart. */
  ip?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

/** The envelope as dispatched, `data` typed by the contract (null when `code` is not 0, as in the app's Envelope). */
export type Answer<D> = Omit<CallResult, 'data'> & { data: D };

export type CallArgs<P extends ApiPath> = [...BodyArg<P>, opts?: CallOptions];

export interface TestClient {
  call<P extends ApiPath>(path: P, ...args: CallArgs<P>): Promise<Answer<ContractData<P>>>;
  /** Any path, any body: for what the contract does not allow on purpose. */
  callRaw(path: string, body?: unknown, opts?: CallOptions): Promise<CallResult>;
}

/** A client whose calls default to `defaults` (no session, the main site, no address unless given). */
export function testClient(defaults: CallOptions = {}): TestClient {
  const callRaw = (path: string, body?: unknown, opts: CallOptions = {}): Promise<CallResult> => {
    const o = { ...defaults, ...opts };
    return callEndpoint(path, body, {
      token: o.token ?? null,
      site: o.site ?? MAIN_SITE,
      ip: o.ip,
      headers: o.headers,
      cookies: o.cookies,
    });
  };
  const call = <P extends ApiPath>(path: P, ...args: CallArgs<P>) => {
    const [body, opts] = args as unknown as [unknown?, CallOptions?];
    return callRaw(path, body, opts) as Promise<Answer<ContractData<P>>>;
  };
  return { call, callRaw };
}

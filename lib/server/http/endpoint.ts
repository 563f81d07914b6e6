/** The shape every endpoint follows (DESIGN 5): a zod schema for its body, one service call. */
import type { z } from 'zod';
import type { ApiContract, ContractPath } from '@/lib/contract/endpoints';
import type { Site } from '@/lib/variants';
import type { SessionUser } from '../services/accounts/sessions';

export interface ResponseCookie {
  name: string;
  value: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge?: number;
  httpOnly?: boolean;
}

export interface EndpointContext<U extends SessionUser | null = SessionUser | null> {
  site: Site;
  /** Whether the call came in under /api/platform/ (SPEC 1: party-school and column hosts). */
  platform: boolean;
  token: string | null;
  user: U;
  ip: string;
  headers: Record<string, string>;
  /** The request's cookies the backend reads (the device cookie of a sign-in), by name. */
  cookies: Record<string, string>;
  /** Cookies the HTTP layer sets on the response (the session cookie of DESIGN 5). */
  setCookies: ResponseCookie[];
}

export type Auth = 'none' | 'optional' | 'user';

/**
 * The user a handler of each auth level can count on: dispatch refuses a 'user' call without a live session
 * before the handler runs, resolves the session of an 'optional' one when there is a token, and of a 'none' one never.
 */
export type UserOf<A extends Auth> = A extends 'user' ? SessionUser : A extends 'optional' ? SessionUser | null : null;

export interface Endpoint<S extends z.ZodType = z.ZodType, R = unknown> {
  schema: S;
  auth: Auth;
  handler: (input: z.infer<S>, ctx: EndpointContext) => Promise<R>;
  /** Also answered to GET, the body read from the query string (a call SPEC 7 names as a GET). */
  get?: boolean;
}

export function endpoint<S extends z.ZodType, A extends Auth, R>(
  schema: S,
  auth: A,
  handler: (input: z.infer<S>, ctx: EndpointContext<UserOf<A>>) => Promise<R>,
  options: { get?: boolean } = {},
): Endpoint<S, R> {
  // Stored under the general context type: dispatch hands each handler the user its auth level promises (UserOf).
  return { schema, auth, handler: handler as Endpoint<S, R>['handler'], ...(options.get ? { get: true } : {}) };
}

/** An entry as the contract wants it: a schema taking the contract's body, a handler answering its data. */
type ContractEndpoint<P extends ContractPath> = {
  schema: z.ZodType<unknown, ApiContract[P]['body']>;
  auth: Auth;
  handler: (input: never, ctx: never) => Promise<ApiContract[P]['data']>;
};

/**
 * A domain's endpoint table, checked against the contract (lib/contract/endpoints): every path of the domain is
 * there, no other path is, and each handler answers the contract's data. Typed as a plain table afterwards, for
 * dispatch and the tests that walk it.
 */
export function contractTable<P extends ContractPath>(table: { [K in P]: ContractEndpoint<K> }): Record<
  string,
  Endpoint
> {
  return table as unknown as Record<string, Endpoint>;
}

/**
 * Joins endpoint tables of several domains into one. A path defined twice would make one silently win
 * over the other, so it is refused at start-up (and by tests/unit/endpoint-table.test.ts).
 */
export function joinEndpointTables(...tables: Record<string, Endpoint>[]): Record<string, Endpoint> {
  const all: Record<string, Endpoint> = {};
  for (const table of tables) {
    for (const [path, entry] of Object.entries(table)) {
      if (path in all) throw new Error(`endpoint ${path} is defined twice`);
      all[path] = entry;
    }
  }
  return all;
}

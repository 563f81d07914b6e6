/** The shape every endpoint follows (docs/design.md §5): a zod schema for its body, one service call. */
import type { z } from 'zod';
import type { ApiContract, ContractPath } from '@/lib/contract/endpoints';
import type { Site } from '@/lib/variants';
import type { Power } from '@/lib/contract/management';
import type { SessionUser } from '../services/accounts/sessions';
import type { AuditRule } from '../services/management/audited-calls';

import type { ResponseCookie } from '../services/cookies';

/** A cookie a service asks for (lib/server/services/cookies), re-exported for the HTTP layer's importers. */
export type { ResponseCookie };

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
  /** Cookies the HTTP layer sets on the response (the session cookie of docs/design.md §5). */
  setCookies: ResponseCookie[];
}

export type Auth = 'none' | 'optional' | 'user';

/**
 * The user a handler of each auth level can count on: dispatch refuses a 'user' call without a live session
 * before the handler runs, resolves the session of an 'optional' one when there is a token, and of a 'none' one never.
 */
export type UserOf<A extends Auth> = A extends 'user' ? SessionUser : A extends 'optional' ? SessionUser | null : null;

/** Why a call is kept out of the operations log, said where a reader would expect a rule (a read, say). */
export interface NoAudit {
  none: string;
}

/** The reason most calls without an audit rule give. */
export const READ: NoAudit = { none: 'a read: it changes nothing' };

/**
 * What an endpoint's line states besides its schema and handler. `auth` alone may be given as a string.
 * - `power`: the scoped power (lib/contract/management POWERS) its service checks with requirePower or
 *   powerScope, declared here so a reader sees it; the service keeps the check, which needs the object's unit.
 *   'from body' marks a call that names the power it asks about.
 * - `audit`: what it writes to the operations log (services/management/audited-calls), or why it writes nothing.
 * - `direct`: served by the direct lane (lib/server/lanes/direct-lane) as well as through Next.js.
 * - `get`: also answered to GET, the body read from the query string (a call SPEC 7 names as a GET).
 */
export interface Facts<A extends Auth = Auth> {
  auth: A;
  power?: Power | 'from body';
  audit?: AuditRule | NoAudit;
  direct?: true;
  get?: true;
}

export interface Endpoint<S extends z.ZodType = z.ZodType, R = unknown> extends Facts {
  schema: S;
  handler: (input: z.infer<S>, ctx: EndpointContext) => Promise<R>;
}

export function endpoint<S extends z.ZodType, A extends Auth, R>(
  schema: S,
  facts: A | Facts<A>,
  handler: (input: z.infer<S>, ctx: EndpointContext<UserOf<A>>) => Promise<R>,
): Endpoint<S, R> {
  // Stored under the general context type: dispatch hands each handler the user its auth level promises (UserOf).
  return {
    ...(typeof facts === 'string' ? { auth: facts } : facts),
    schema,
    handler: handler as Endpoint<S, R>['handler'],
  };
}

/** The audit rule of an endpoint, or none (no rule, or an explicit reason for none). */
export function auditRuleOf(ep: Endpoint): AuditRule | undefined {
  return ep.audit && 'action' in ep.audit ? ep.audit : undefined;
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

/** The shape every endpoint follows (DESIGN 5): a zod schema for its body, one service call. */
import type { z } from 'zod';
import type { Site } from '@/lib/variants';
import type { SessionUser } from '../services/accounts/sessions';

export interface ResponseCookie {
  name: string;
  value: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge?: number;
  httpOnly?: boolean;
}

export interface EndpointContext {
  site: Site;
  /** Whether the call came in under /api/platform/ (SPEC 1: party-school and column hosts). */
  platform: boolean;
  token: string | null;
  user: SessionUser | null;
  ip: string;
  headers: Record<string, string>;
  /** The request's cookies the backend reads (the device cookie of a sign-in), by name. */
  cookies: Record<string, string>;
  /** Cookies the HTTP layer sets on the response (the session cookie of DESIGN 5). */
  setCookies: ResponseCookie[];
}

export type Auth = 'none' | 'optional' | 'user';

export interface Endpoint<S extends z.ZodType = z.ZodType> {
  schema: S;
  auth: Auth;
  handler: (input: z.infer<S>, ctx: EndpointContext) => Promise<unknown>;
}

export function endpoint<S extends z.ZodType>(schema: S, auth: Auth, handler: (input: z.infer<S>, ctx: EndpointContext) => Promise<unknown>): Endpoint<S> {
  return { schema, auth, handler };
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

/**
 * One wrapper for the routes outside the endpoint table (exports, imports, uploads, uploaded files, media, the
 * assistant's stream, the certificate): what api-route and dispatch do for the table, stated on the route's line.
 * In this order: the methods it answers, the cross-site check, the session, the gate, the input (query string or
 * JSON body, zod), the power, the handler, the audit row; a ServiceError or any other failure becomes the Chinese
 * envelope.
 * Each route's answer (a file, a stream, NDJSON) is the handler's own Response.
 */
import type { z } from 'zod';
import type { Power } from '@/lib/contract/management';
import { SERVER_BUSY_MSG, SESSION_MESSAGES, MSG_CROSS_SITE, MSG_METHOD } from '@/lib/contract/messages';
import { describeIssues } from '@/lib/validation/common';
import { siteForHost, type Site } from '@/lib/variants';
import { CODE_FORBIDDEN, CODE_INVALID, CODE_METHOD, CODE_SERVER, ServiceError } from '@/lib/server/errors';
import { envelope, isCrossSite, readJsonBody, requestHost } from './envelope';
import type { Auth, UserOf } from '../endpoints/endpoint';
import { clientAddress, requestToken } from './request-info';
import { resolveSession, type SessionResult } from '../services/accounts/sessions';
import { requireAnyPower } from '../services/management/powers';
import { recordOperation } from '../services/management/operation-log';
import { errorText, log } from '../ops/log';

type Method = 'GET' | 'HEAD' | 'POST';

/** Where the input comes from: the query string (read by `read`, default its strings) or a JSON body. */
export type RouteInput<S extends z.ZodType> =
  { query: S; read?: (params: URLSearchParams) => unknown } | { json: S; maxBytes?: number };

export interface RouteAudit<I> {
  action: string;
  target?: (input: I) => string;
  detail?: (input: I) => string;
}

export interface RouteFacts<A extends Auth, S extends z.ZodType> {
  /** What the route is, for the error log. */
  name: string;
  /**
   * 'user': a live session, else the session envelope; 'optional': the session's user when a token came and is good
   * (no query without a token); 'none': no session is read (a handler may still ask ctx.session()).
   */
  auth: A;
  /** Only these methods; any other gets the 405 envelope. Left out: the methods the route file exports. */
  methods?: readonly Method[];
  /** Refuse a request from another site's page (403, 非法的跨站请求) before anything else is read. */
  crossSite?: true;
  /** The power needed somewhere (requireAnyPower); a service may narrow it to an object's unit. */
  power?: A extends 'user' ? Power : never;
  /** Refuses a caller before the input is read (the assistant where it is off); a ServiceError's envelope. */
  gate?: (ctx: RouteContext<UserOf<A>>) => ServiceError | null;
  input?: RouteInput<S>;
  /** A row of the operations log once the handler answered (the refusals before it write none). */
  audit?: RouteAudit<z.infer<S>>;
  /** A refusal for lack of rights (1003) answered with HTTP 403 instead of 200. */
  forbiddenAs403?: true;
  /** An unexpected failure is left to Next.js (a 500), not answered with the envelope: a file or media request. */
  throwUnexpected?: true;
}

export interface RouteContext<U> {
  request: Request;
  user: U;
  site: Site;
  ip: string;
  /** The request's session, resolved once on first ask (for a route that reads it only on some requests). */
  session: () => Promise<SessionResult>;
}

const noInput = undefined as never;

export function route<A extends Auth, S extends z.ZodType = z.ZodType<undefined>, X extends unknown[] = []>(
  facts: RouteFacts<A, S>,
  handler: (input: z.infer<S>, ctx: RouteContext<UserOf<A>>, ...extra: X) => Promise<Response>,
): (request: Request, ...extra: X) => Promise<Response> {
  const refusal = (err: unknown): Response => {
    if (err instanceof ServiceError)
      return envelope(err.code, err.message, null, facts.forbiddenAs403 && err.code === CODE_FORBIDDEN ? 403 : 200);
    if (facts.throwUnexpected) throw err;
    log.error({ route: facts.name, err: errorText(err) }, `${facts.name} failed`);
    return envelope(CODE_SERVER, SERVER_BUSY_MSG);
  };
  return async (request, ...extra) => {
    try {
      if (facts.methods && !facts.methods.includes(request.method as Method)) {
        return envelope(CODE_METHOD, MSG_METHOD, null, 405);
      }
      if (facts.crossSite && isCrossSite(request)) return envelope(CODE_FORBIDDEN, MSG_CROSS_SITE, null, 403);
      let resolved: Promise<SessionResult> | null = null;
      const session = () => (resolved ??= resolveSession(requestToken(request)));
      let user: UserOf<Auth> = null;
      if (facts.auth === 'user') {
        const s = await session();
        if (!s.ok) return envelope(s.code, SESSION_MESSAGES[s.code]);
        user = s.user;
      } else if (facts.auth === 'optional' && requestToken(request)) {
        const s = await session();
        user = s.ok ? s.user : null;
      }
      const ip = clientAddress(request);
      const site = siteForHost(requestHost(request));
      const ctx: RouteContext<UserOf<A>> = { request, user: user as UserOf<A>, site, ip, session };
      const refused = facts.gate?.(ctx);
      if (refused) throw refused;
      let input: z.infer<S> = noInput;
      if (facts.input) {
        let raw: unknown;
        if ('json' in facts.input) {
          const body = await readJsonBody(request, facts.input.maxBytes);
          if (!body.ok) return body.response;
          raw = body.value;
        } else {
          const params = new URL(request.url).searchParams;
          raw = facts.input.read ? facts.input.read(params) : Object.fromEntries(params);
        }
        const schema = 'json' in facts.input ? facts.input.json : facts.input.query;
        const parsed = schema.safeParse(raw);
        if (!parsed.success) return envelope(CODE_INVALID, describeIssues(parsed.error));
        input = parsed.data;
      }
      if (facts.power && user) await requireAnyPower(user, facts.power);
      const response = await handler(input, ctx, ...extra);
      if (facts.audit) {
        // recordOperation never throws: a row it cannot write is logged, and the answer goes out.
        await recordOperation({
          action: facts.audit.action,
          outcome: 'ok',
          operatorId: user?.operatorID ?? null,
          target: facts.audit.target?.(input) ?? '',
          detail: facts.audit.detail?.(input) ?? '',
          ip: ctx.ip,
        });
      }
      return response;
    } catch (err) {
      return refusal(err);
    }
  };
}

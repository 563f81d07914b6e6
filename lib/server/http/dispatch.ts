/**
 * One entry to the endpoint table (docs/design.md §4-5), used by the HTTP route handlers and by the
 * in-process server transport of lib/api alike: same validation, same envelope.
 */
import type { Envelope } from '@/lib/contract/home';
import type { Site } from '@/lib/variants';
import { CODE_SESSION_NONE, SERVER_BUSY_MSG, SESSION_MESSAGES, MSG_NOT_FOUND } from '@/lib/contract/messages';
import { ENDPOINTS } from '../endpoints';
import { auditRuleOf, type Endpoint, type EndpointContext, type ResponseCookie } from '../endpoints/endpoint';
import { CODE_INVALID, CODE_NOT_FOUND, CODE_SERVER, ServiceError } from '@/lib/server/errors';
import { resolveSession } from '../services/accounts/sessions';
import { durable } from '../db';
import { actorBefore, auditCall } from '../services/management/audited-calls';
import { CONTROL_CHAR_MSG, controlCharPath, describeIssues, paramError } from '@/lib/validation/common';
import { errorText, log } from '../ops/log';

export interface CallContext {
  token: string | null;
  site: Site;
  headers?: Record<string, string>;
  ip?: string;
  cookies?: Record<string, string>;
}

export interface CallResult extends Envelope {
  cookies?: ResponseCookie[];
}

const PLATFORM_PREFIX = '/api/platform/';

/** `/api/platform/course/homeList` is the platform-level variant of `/api/course/homeList` (SPEC 1, 7). */
function lookup(path: string): { key: string; platform: boolean } | null {
  if (Object.hasOwn(ENDPOINTS, path)) return { key: path, platform: false };
  if (path.startsWith(PLATFORM_PREFIX)) {
    const key = `/api/${path.slice(PLATFORM_PREFIX.length)}`;
    if (Object.hasOwn(ENDPOINTS, key)) return { key, platform: true };
  }
  return null;
}

export function isKnownPath(path: string): boolean {
  return lookup(path) !== null;
}

/** Whether the path also answers GET (its body from the query string). */
export function answersGet(path: string): boolean {
  const found = lookup(path);
  return found !== null && ENDPOINTS[found.key].get === true;
}

/** The paths whose endpoints take the direct lane (`direct: true` on their line). */
export function directPaths(): string[] {
  return Object.entries(ENDPOINTS)
    .filter(([, ep]) => ep.direct)
    .map(([path]) => path);
}

export async function callEndpoint(path: string, body: unknown, ctx: CallContext): Promise<CallResult> {
  const found = lookup(path);
  if (!found) return { code: CODE_NOT_FOUND, msg: MSG_NOT_FOUND, data: null };
  const ep = ENDPOINTS[found.key];
  const parsed = ep.schema.safeParse(body === undefined ? {} : body);
  if (!parsed.success) return { code: CODE_INVALID, msg: describeIssues(parsed.error), data: null };
  // Text with NUL (which PostgreSQL cannot store) or another control character is refused before any handler runs.
  const controlChar = controlCharPath(parsed.data);
  if (controlChar) return { code: CODE_INVALID, msg: paramError(controlChar, CONTROL_CHAR_MSG), data: null };

  const context: EndpointContext = {
    site: ctx.site,
    platform: found.platform,
    token: ctx.token,
    user: null,
    ip: ctx.ip ?? '',
    headers: ctx.headers ?? {},
    cookies: ctx.cookies ?? {},
    setCookies: [],
  };
  const rule = auditRuleOf(ep);
  const before = await actorBefore(rule, ctx.token).catch(() => null);
  const result = await run(path, ep, parsed.data, ctx, context);
  // The operations log (sign-ins, sign-outs, password changes, role-gated actions, refusals).
  await auditCall(rule, found.key, parsed.data, context, result, before);
  return result;
}

async function run(
  path: string,
  ep: Endpoint,
  input: unknown,
  ctx: CallContext,
  context: EndpointContext,
): Promise<CallResult> {
  try {
    if (ep.auth !== 'none' && ctx.token) {
      const session = await resolveSession(ctx.token);
      if (session.ok) context.user = session.user;
      else if (ep.auth === 'user') return { code: session.code, msg: SESSION_MESSAGES[session.code], data: null };
    } else if (ep.auth === 'user') {
      return { code: CODE_SESSION_NONE, msg: SESSION_MESSAGES[CODE_SESSION_NONE], data: null };
    }
    const data = await ep.handler(input, context);
    // Nothing is acknowledged before it would survive a power loss (a no-op when the call wrote nothing).
    await durable();
    return { code: 0, msg: 'success', data: data ?? null, cookies: context.setCookies };
  } catch (err) {
    if (err instanceof ServiceError) {
      // A refusal may have recorded something too (a failed sign-in's count).
      const kept = await durable().then(
        () => true,
        () => false,
      );
      if (kept) return { code: err.code, msg: err.message, data: null, cookies: context.setCookies };
    }
    // Logged without the body or any token; the client sees a plain Chinese message.
    log.error({ path, err: errorText(err) }, 'endpoint failed');
    return { code: CODE_SERVER, msg: SERVER_BUSY_MSG, data: null };
  }
}

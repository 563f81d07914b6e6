/**
 * The host lane: a browser's page request is routed to its site's segment (docs/design.md §3) before Next.js sees it, so
 * Next.js does not run proxy.ts for it. The decision is proxy.ts's own (lib/variants/decide), made from the same
 * Host, path, query and cookies; only its plain rewrites are taken here. Redirects, the 404 of a path outside the
 * site's route set, RSC requests of client navigation (whose rewrite Next.js reports to the router in response
 * headers) and any path that is not plain are left to proxy.ts, which decides exactly as before.
 *
 * Why: running the proxy costs a cached page about a third of its throughput on this 2-core machine
 * (scripts/bench/proxy-floor.mjs), and most page requests are the public, cached ones.
 *
 * proxy.ts skips a request carrying ROUTED_HEADER (its matcher's `missing` condition). A client cannot send that
 * header: takeRoute removes it from every request before deciding, and the hook runs on every request of the
 * process (lib/server/lanes/request-hook installRequestHook); requests that arrive while the server starts, before that
 * hook is installed, have it removed by scripts/lib/preload.cjs.
 */
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { TOKEN_STORAGE_KEY } from '@/lib/constants';
import { IDENTITY_COOKIE, verifyIdentity } from '@/lib/session/identity';
import { decide, type ProxyDecision } from '@/lib/variants/decide';
import { readCookie } from '../http/cookies';

/** Set on a request the lane has routed; proxy.ts's matcher skips such requests. */
export const ROUTED_HEADER = 'x-portal-routed';
/** Tells scripts/lib/preload.cjs that the lane now removes ROUTED_HEADER itself (on net.Server's prototype, which the preload sees too). */
const LANE_INSTALLED = Symbol.for('portal.laneInstalled');

/** Called when the request hook that runs takeRoute is installed (lib/server/lanes/request-hook installRequestHook). */
export function laneInstalled(): void {
  (net.Server.prototype as { [LANE_INSTALLED]?: boolean })[LANE_INSTALLED] = true;
}

/** What proxy.ts's matcher leaves out (the backend, Next's files, static artwork): never the lane's either. */
const NOT_PAGES = /^\/(?:api|modules|_next|covers|avatars|logos|banners|media)\/|^\/(?:favicon\.ico|icon\.svg)$/;
/** Plain paths only: anything else (encoded characters, dots, double or trailing slashes) goes through Next.js as before. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+$/;

/** proxy.ts's decision for a request, from its Host, path, query and cookies. */
export function decideRequest(
  host: string,
  pathname: string,
  search: string,
  cookieHeader: string | null,
): ProxyDecision {
  const hasSession = !!readCookie(cookieHeader, TOKEN_STORAGE_KEY);
  return decide({
    host,
    pathname,
    search,
    hasSession,
    identity: hasSession ? verifyIdentity(readCookie(cookieHeader, IDENTITY_COOKIE)) : null,
  });
}

/**
 * Routes a page request in place when the decision is a plain rewrite: req.url becomes the internal path and
 * ROUTED_HEADER is set. Returns whether it did. Any ROUTED_HEADER the client sent is removed first.
 */
export function takeRoute(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): boolean {
  delete req.headers[ROUTED_HEADER];
  const url = req.url;
  if (!url || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  // Client navigation and prefetches: Next.js tells the router about a rewrite in the response; leave them to it.
  if (req.headers.rsc !== undefined || req.headers['next-router-prefetch'] !== undefined) return false;
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  if (pathname === '/' || !PLAIN_PATH.test(pathname) || NOT_PAGES.test(pathname)) return false;
  const host = req.headers.host;
  if (!host) return false;
  const cookie = req.headers.cookie;
  const decision = decideRequest(
    host,
    pathname,
    q < 0 ? '' : url.slice(q),
    Array.isArray(cookie) ? cookie.join('; ') : (cookie ?? null),
  );
  if (decision.kind !== 'rewrite') return false;
  req.url = decision.path;
  req.headers[ROUTED_HEADER] = '1';
  return true;
}

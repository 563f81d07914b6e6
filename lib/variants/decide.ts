/**
 * What proxy.ts does with a request, as a pure function (unit-tested): SPEC 2.1 redirects,
 * the route set of the host's variant (404 outside it), the login guards of SPEC 2.3, and the
 * rewrite under the variant's path segment (DESIGN 3).
 */
import { SECTION_REDIRECTS } from './routes';
import { QUERY_ROUTES, querySegment } from './catalogue-paths';
import { findRoute, siteForHost, siteSegment, VARIANTS, type HostRule } from './index';
import type { Identity } from '@/lib/identity';

export interface ProxyInput {
  host: string;
  pathname: string;
  /** The query string including '?', or ''. */
  search: string;
  hasSession: boolean;
  identity: Identity | null;
  rules?: HostRule[];
}

export type ProxyDecision =
  | { kind: 'redirect'; location: string }
  | { kind: 'rewrite'; path: string }
  | { kind: 'notFound'; path: string };

/** Files each host serves from its own segment. */
const PER_HOST_FILES = new Set(['/sitemap.xml', '/robots.txt']);

export function decide(input: ProxyInput): ProxyDecision {
  const site = siteForHost(input.host, input.rules);
  const variant = VARIANTS[site.variant];
  const segment = siteSegment(site);
  const pathname = input.pathname.length > 1 ? input.pathname.replace(/\/+$/, '') : input.pathname;

  if (pathname === '/') return { kind: 'redirect', location: `${variant.home}${input.search}` };
  const section = SECTION_REDIRECTS[pathname];
  if (section) return { kind: 'redirect', location: `${section}${input.search}` };
  if (PER_HOST_FILES.has(pathname) || pathname.startsWith('/sitemap/')) return { kind: 'rewrite', path: `/${segment}${pathname}` };

  const route = findRoute(variant, pathname);
  if (!route) return { kind: 'notFound', path: `/${segment}/page-not-found` };

  if (pathname === '/space/creation') {
    const id = new URLSearchParams(input.search).get('id');
    if (id) {
      const own = input.identity && (String(input.identity.operatorID) === id || (input.identity.tchrId !== null && String(input.identity.tchrId) === id));
      if (!input.hasSession || !own) return { kind: 'redirect', location: `/space/teacher${input.search}` };
    }
  }
  if (route.login && !input.hasSession) {
    const back = encodeURIComponent(`${pathname}${input.search}`);
    return { kind: 'redirect', location: `/home?login=1&redirect=${back}` };
  }
  if (QUERY_ROUTES[pathname]) {
    // DESIGN 3: the parameters that select a public list or detail become a path segment (cached per site).
    const seg = querySegment(pathname, new URLSearchParams(input.search));
    return { kind: 'rewrite', path: `/${segment}${pathname}${seg ? `/${seg}` : ''}` };
  }
  return { kind: 'rewrite', path: `/${segment}${pathname}${input.search}` };
}

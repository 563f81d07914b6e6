/**
 * What proxy.ts does with a request, as a pure function (unit-tested): SPEC 2.1 redirects,
 * the route set of the host's variant (404 outside it), the login guards of SPEC 2.3, and the
 * rewrite under the variant's path segment (docs/design.md §3).
 */
import { SECTION_REDIRECTS } from './routes';
import { QUERY_ROUTES, querySegment } from './catalogue-paths';
import { findRoute, siteForHost, siteSegment, VARIANTS, type HostRule } from './index';
import type { Identity } from '@/lib/session/identity';

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
  { kind: 'redirect'; location: string } | { kind: 'rewrite'; path: string } | { kind: 'notFound'; path: string };

/** Files each host serves from its own segment. */
const PER_HOST_FILES = new Set(['/sitemap.xml', '/robots.txt', '/favicon.ico']);

/**
 * Public pages chosen by an `id` query (spaces, the new-employee series detail) are served from an id path
 * segment, so each is cached per variant like any public page (docs/design.md §3): /space/teacher?id=5 -> /space/teacher/5.
 * A plain positive id is mapped and any other parameter is left out of the internal path (a shared link's
 * `from=share`, the creation centre's `tab=videoSubmit` carried by the SPEC 2.3 redirect): the visitor's URL keeps
 * them for the page's scripts. A missing or malformed id keeps the query (the page without an id answers it).
 */
const ID_PAGES = new Set([
  '/space/teacher',
  '/space/student',
  '/space/organization',
  '/space/org',
  '/newEmployee/TrainDetail',
]);

function idPath(pathname: string, search: string): string | null {
  if (!ID_PAGES.has(pathname)) return null;
  const q = new URLSearchParams(search);
  const id = q.get('id');
  if (!id || !/^[1-9]\d{0,9}$/.test(id)) return null;
  return `${pathname}/${id}`;
}

export function decide(input: ProxyInput): ProxyDecision {
  const site = siteForHost(input.host, input.rules);
  const variant = VARIANTS[site.variant];
  const segment = siteSegment(site);
  const pathname = input.pathname.length > 1 ? input.pathname.replace(/\/+$/, '') : input.pathname;

  if (pathname === '/') return { kind: 'redirect', location: `${variant.home}${input.search}` };
  // Only into the variant's own route set: the student site has no /live/index, so its /live is a plain 404.
  const section = SECTION_REDIRECTS[pathname];
  if (section && findRoute(variant, section)) return { kind: 'redirect', location: `${section}${input.search}` };
  if (PER_HOST_FILES.has(pathname) || pathname.startsWith('/sitemap/'))
    return { kind: 'rewrite', path: `/${segment}${pathname}` };

  const route = findRoute(variant, pathname);
  if (!route || (route.testHooks && process.env.PORTAL_TEST_HOOKS !== '1'))
    return { kind: 'notFound', path: `/${segment}/page-not-found` };

  if (pathname === '/space/creation') {
    const id = new URLSearchParams(input.search).get('id');
    if (id) {
      const own =
        input.identity &&
        (String(input.identity.operatorID) === id ||
          (input.identity.tchrId !== null && String(input.identity.tchrId) === id));
      if (!input.hasSession || !own) return { kind: 'redirect', location: `/space/teacher${input.search}` };
    }
  }
  const byId = idPath(pathname, input.search);
  if (byId) return { kind: 'rewrite', path: `/${segment}${byId}` };
  if (route.login && !input.hasSession) {
    const back = encodeURIComponent(`${pathname}${input.search}`);
    return { kind: 'redirect', location: `/home?login=1&redirect=${back}` };
  }
  if (QUERY_ROUTES[pathname]) {
    // docs/design.md §3: the parameters that select a public list or detail become a path segment (cached per site).
    const seg = querySegment(pathname, new URLSearchParams(input.search));
    return { kind: 'rewrite', path: `/${segment}${pathname}${seg ? `/${seg}` : ''}` };
  }
  return { kind: 'rewrite', path: `/${segment}${pathname}${input.search}` };
}

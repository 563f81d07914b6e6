/**
 * The host lane (lib/server/lanes/host-lane): a page request routed to its site's segment before Next.js sees it. It takes
 * exactly proxy.ts's plain rewrites and leaves everything else (redirects, 404s, client navigation, the backend) to
 * proxy.ts; a client cannot skip proxy.ts by sending the lane's header.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { config } from '@/proxy';
import { decideRequest, laneInstalled, ROUTED_HEADER, takeRoute } from '@/lib/server/lanes/host-lane';
import { signIdentity } from '@/lib/session/identity';
import { TOKEN_STORAGE_KEY } from '@/lib/constants';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';

type Req = { method: string; url: string; headers: IncomingHttpHeaders };
const req = (url: string, headers: IncomingHttpHeaders = {}, method = 'GET'): Req => ({
  method,
  url,
  headers: { host: 'localhost:3000', ...headers },
});

describe('takeRoute', () => {
  it('routes a public page to its site, query segments included, and marks it', () => {
    const r = req('/course/index?t=301', { host: 'party.localhost:3000' });
    expect(takeRoute(r)).toBe(true);
    expect(r.url).toBe('/party/course/index/t-301');
    expect(r.headers[ROUTED_HEADER]).toBe('1');
    const home = req('/home', { host: 'dangxiao.localhost' });
    expect(takeRoute(home)).toBe(true);
    expect(home.url).toBe('/partySchool.dx/home');
  });

  it('routes a signed-in page as proxy.ts would, the query kept', () => {
    const r = req('/exam?id=3&from=2', { cookie: `${TOKEN_STORAGE_KEY}=${'t'.repeat(40)}` });
    expect(takeRoute(r)).toBe(true);
    expect(r.url).toBe('/main/exam?id=3&from=2');
  });

  it('takes the same decision as proxy.ts for every request it routes', () => {
    const cookie = `${TOKEN_STORAGE_KEY}=${'t'.repeat(40)}; ${IDENTITY_COOKIE}=${signIdentity({ operatorID: 7, tchrId: 3 })}`;
    for (const [url, host] of [
      ['/space/creation?id=3&tab=videoSubmit', 'localhost'],
      ['/space/teacher?id=5&from=share', 'party.localhost'],
      ['/personal/index?tab=exams', 'stu.localhost'],
      ['/courseView?courseId=3&chapterId=4', 'party.localhost'],
      ['/search/index?key=%E7%A7%91%E7%A0%94', 'localhost'],
    ]) {
      const r = req(url, { host, cookie });
      const q = url.indexOf('?');
      const expected = decideRequest(host, url.slice(0, q), url.slice(q), cookie);
      expect(expected.kind).toBe('rewrite');
      expect(takeRoute(r)).toBe(true);
      expect(r.url).toBe((expected as { path: string }).path);
    }
  });

  it.each([
    ['a redirect (SPEC 2.1)', req('/course?t=302')],
    ['the root', req('/')],
    ['a path outside the site (404 by proxy.ts)', req('/live/index', { host: 'stu.localhost:3000' })],
    ['a login-only page for a visitor (redirect to the login)', req('/personal/index')],
    [
      "another user's creation centre (redirect to the teacher space)",
      req('/space/creation?id=99', { cookie: `${TOKEN_STORAGE_KEY}=${'t'.repeat(40)}` }),
    ],
    ['client navigation (RSC)', req('/course/index?t=301', { rsc: '1' })],
    ['a prefetch', req('/course/index?t=301', { 'next-router-prefetch': '1' })],
    ['a POST', req('/home', {}, 'POST')],
    ['the backend', req('/api/course/list')],
    ["Next.js's files", req('/_next/static/chunks/x.js')],
    ['a file with a dot', req('/sitemap.xml')],
    ['a trailing slash (Next.js redirects it)', req('/home/')],
    ['an encoded path', req('/%68ome')],
    ['an internal path asked for directly', req('/main/home')],
    ['no Host', { method: 'GET', url: '/home', headers: {} }],
  ])('leaves %s to proxy.ts, unchanged and unmarked', (_what, r) => {
    const url = r.url;
    expect(takeRoute(r)).toBe(false);
    expect(r.url).toBe(url);
    expect(r.headers[ROUTED_HEADER]).toBeUndefined();
  });

  it("removes the lane's header a client sent, so proxy.ts still runs for it", () => {
    const r = req('/main/space/creation', { [ROUTED_HEADER]: '1' });
    expect(takeRoute(r)).toBe(false);
    expect(r.headers[ROUTED_HEADER]).toBeUndefined();
  });

  it("matches proxy.ts's matcher: proxy.ts skips exactly the requests carrying the lane's header", () => {
    expect(config.matcher).toEqual([expect.objectContaining({ missing: [{ type: 'header', key: ROUTED_HEADER }] })]);
  });
});

describe('scripts/lib/preload.cjs (requests that arrive while the server starts)', () => {
  const original = net.Server.prototype.emit;
  const proto = net.Server.prototype as unknown as { [k: symbol]: boolean | undefined };
  const installed = Symbol.for('portal.laneInstalled');
  afterAll(() => {
    net.Server.prototype.emit = original;
    delete proto[installed];
  });

  it("removes the lane's header until the lane is installed, then leaves it to the lane", () => {
    delete proto[installed];
    createRequire(__filename)('../../scripts/lib/preload.cjs');
    const server = new net.Server();
    const seen: IncomingHttpHeaders[] = [];
    server.on('request', (r: { headers: IncomingHttpHeaders }) => seen.push({ ...r.headers }));
    server.emit('request', { headers: { host: 'localhost', [ROUTED_HEADER]: '1' } });
    expect(seen[0][ROUTED_HEADER]).toBeUndefined();
    expect(seen[0].host).toBe('localhost');
    laneInstalled();
    server.emit('request', { headers: { host: 'localhost', [ROUTED_HEADER]: '1' } });
    expect(seen[1][ROUTED_HEADER]).toBe('1');
  });
});

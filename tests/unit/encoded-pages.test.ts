/**
 * Cached pages sent as bytes encoded once (lib/server/lanes/encoded-pages): a hit of the page cache goes out byte for
 * byte as its UTF-8, with the Content-Length Next.js computed, from one encoding kept per page string; anything else
 * (a page rendered for this request, another method, a small body) is left to Node as it was.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodedPage, encodedPagesKept, sendCachedPagesEncoded } from '@/lib/server/lanes/encoded-pages';

/** A page of Chinese text like the home page: a two-byte string well over the size worth keeping. */
const PAGE = `<!DOCTYPE html><html lang="zh-CN"><body>${'<p>继续教育网络学院：课程资源、系列专题与培训项目</p>'.repeat(400)}</body></html>`;
const SMALL = '<p>基准页</p>';

let server: http.Server;
let base: string;
let lastEndCallback = false;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    sendCachedPagesEncoded(req, res);
    const url = new URL(req.url ?? '/', 'http://x');
    const body = url.searchParams.get('small') ? SMALL : PAGE;
    // What Next.js's sendRenderResult does for a page from its cache.
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('x-nextjs-cache', url.searchParams.get('cache') ?? 'HIT');
    res.setHeader('content-length', Buffer.byteLength(body));
    if (url.searchParams.get('cb')) res.end(body, 'utf8', () => (lastEndCallback = true));
    else res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function get(query: string) {
  const res = await fetch(`${base}/home${query}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes };
}

it('sends a cache hit as the page UTF-8 bytes, with the length Next.js set, from one kept encoding', async () => {
  const before = encodedPagesKept().entries;
  const first = await get('');
  const second = await get('?cache=STALE');
  for (const { res, bytes } of [first, second]) {
    expect(res.status).toBe(200);
    expect(bytes.equals(Buffer.from(PAGE, 'utf8'))).toBe(true);
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.toString('utf8')).toBe(PAGE);
  }
  // Both requests used one entry: the page was encoded once.
  expect(encodedPagesKept().entries).toBe(before + 1);
  expect(encodedPage(PAGE)).toBe(encodedPage(PAGE));
});

it("keeps Node's own end arguments working (an encoding and a callback)", async () => {
  lastEndCallback = false;
  const { bytes } = await get('?cb=1');
  expect(bytes.toString('utf8')).toBe(PAGE);
  expect(lastEndCallback).toBe(true);
});

it.each([
  ['a page rendered for this request (MISS)', '?cache=MISS'],
  ['an on-demand revalidation', '?cache=REVALIDATED'],
  ['a small page', '?small=1'],
])('leaves %s to Node, correct and not kept', async (_name, query) => {
  const before = encodedPagesKept();
  const { res, bytes } = await get(query);
  expect(res.status).toBe(200);
  expect(bytes.toString('utf8')).toBe(query.includes('small') ? SMALL : PAGE);
  expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
  expect(encodedPagesKept()).toEqual(before);
});

it('leaves other methods alone', async () => {
  const res = new http.ServerResponse(new http.IncomingMessage(null as never));
  const end = res.end;
  sendCachedPagesEncoded(Object.assign(new http.IncomingMessage(null as never), { method: 'POST' }), res);
  expect(res.end).toBe(end);
});

it('keeps a bounded number of pages, the least recently sent dropped first', () => {
  const pages = Array.from({ length: 300 }, (_, i) => `${PAGE}<!-- ${i} -->`);
  for (const p of pages) encodedPage(p);
  const kept = encodedPagesKept();
  expect(kept.entries).toBeLessThanOrEqual(256);
  expect(kept.bytes).toBeLessThanOrEqual(64 * 1024 * 1024);
  // The newest is still kept (same bytes object); the oldest was dropped and is encoded anew.
  expect(encodedPage(pages[299])).toBe(encodedPage(pages[299]));
  const full = encodedPagesKept().entries;
  encodedPage(pages[0]);
  expect(encodedPagesKept().entries).toBe(full);
  expect(encodedPage(pages[0]).toString('utf8')).toBe(pages[0]);
});

/**
 * Invalidation names data (lib/cache-tags): a write's tags expire the pages that declared them (the page cache and
 * Next.js's revalidateTag, at once) and clear the read caches registered for them, once each; another instance's
 * broadcast does the same here (the PostgreSQL side: tests/integration/cache-broadcast).
 */
const revalidateTag = jest.fn();
jest.mock('next/cache', () => ({ revalidateTag: (...args: unknown[]) => revalidateTag(...args) }));

import { TAGS } from '@/lib/cache-tags';
import {
  applyInvalidation,
  invalidate,
  invalidateReadCaches,
  onInvalidate,
  onInvalidatePrefix,
} from '@/lib/server/cache';
import { parsePayload, payloads } from '@/lib/server/invalidation-bus';
import PageCacheHandler from '@/lib/server/page-cache/handler.cjs';

describe('lib/server/cache', () => {
  beforeEach(() => revalidateTag.mockClear());

  it('expires each tag at once and runs the clearers registered for it, once even when two tags share one', async () => {
    const clearSearch = jest.fn();
    const clearOther = jest.fn();
    onInvalidate([TAGS.courses, TAGS.news], 'test.search', clearSearch);
    onInvalidate([TAGS.trains], 'test.other', clearOther);
    await invalidate(TAGS.courses, TAGS.course(5), TAGS.news);
    expect(revalidateTag.mock.calls).toEqual([
      ['catalogue:courses', { expire: 0 }],
      ['course:5', { expire: 0 }],
      ['catalogue:news', { expire: 0 }],
    ]);
    expect(clearSearch).toHaveBeenCalledTimes(1);
    expect(clearOther).not.toHaveBeenCalled();
  });

  it('a module loaded twice registers its clearer once (the second copy replaces the first)', async () => {
    const first = jest.fn();
    const second = jest.fn();
    onInvalidate([TAGS.series], 'test.twice', first);
    onInvalidate([TAGS.series], 'test.twice', second);
    await invalidate(TAGS.series);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('families of tags and invalidations from other instances', () => {
  it("a prefix clearer gets each tag of its family; another instance's message clears here without the page step", async () => {
    const seen: string[] = [];
    onInvalidatePrefix('test-family:', 'test.family', (tag) => seen.push(tag));
    await invalidateReadCaches('test-family:7', 'unrelated');
    applyInvalidation({ tags: ['test-family:9'], pages: false });
    expect(seen).toEqual(['test-family:7', 'test-family:9']);
    expect(revalidateTag).not.toHaveBeenCalledWith('test-family:7', expect.anything());
  });

  it("splits a long broadcast into payloads under NOTIFY's limit and reads them back", () => {
    const tags = Array.from({ length: 2000 }, (_, i) => `course:${i}`);
    const out = payloads({ from: 'a', tags, pages: true });
    expect(out.length).toBeGreaterThan(1);
    expect(out.every((p) => p.length < 8000)).toBe(true);
    expect(out.flatMap((p) => parsePayload(p)?.tags ?? [])).toEqual(tags);
    expect(parsePayload('{"from":1}')).toBeNull();
    expect(parsePayload('not json')).toBeNull();
  });
});

describe('the page cache (lib/server/page-cache/handler.cjs)', () => {
  const page = (tags: string) => ({ kind: 'APP_PAGE', html: '<p>x</p>', headers: { 'x-next-cache-tags': tags } });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('serves an entry until one of its tags expires, from a local write or from another instance', async () => {
    const h = new PageCacheHandler({ maxMemoryCacheSize: 1 << 20 });
    expect(await h.get('/home-a')).toBeNull();
    await h.set('/home-a', page('catalogue:news,_N_T_/layout'), { cacheControl: { revalidate: 120 } });
    expect((await h.get('/home-a'))?.value).toEqual(page('catalogue:news,_N_T_/layout'));
    await sleep(2);
    applyInvalidation({ tags: ['catalogue:news'], pages: true });
    expect(await h.get('/home-a')).toBeNull();
    await h.set('/home-a', page('catalogue:news'), {});
    await sleep(2);
    await h.revalidateTag(['catalogue:courses']);
    expect(await h.get('/home-a')).not.toBeNull();
    await h.revalidateTag('catalogue:news', { expire: 0 });
    expect(await h.get('/home-a')).toBeNull();
  });

  it('dates an entry from the start of its render, so a write committed while it rendered expires it', async () => {
    const h = new PageCacheHandler({});
    expect(await h.get('/home-b')).toBeNull(); // the render starts
    await sleep(2);
    PageCacheHandler.expireTags(['catalogue:trains']); // another instance's write lands meanwhile
    await sleep(2);
    await h.set('/home-b', page('catalogue:trains'), {});
    expect(await h.get('/home-b')).toBeNull();
  });

  it('checks the tags a data read asks with, and drops the least recently used entry past its bound', async () => {
    const h = new PageCacheHandler({ maxMemoryCacheSize: 2000 });
    await h.set('fetch-1', { kind: 'FETCH', data: null }, { fetchCache: true, tags: ['series:1'] });
    await sleep(2);
    PageCacheHandler.expireTags('series:2');
    expect(await h.get('fetch-1', { tags: ['series:1'] })).not.toBeNull();
    expect(await h.get('fetch-1', { tags: ['series:2'] })).toBeNull();
    const big = (n: number) => ({ kind: 'APP_PAGE', html: 'x'.repeat(n), headers: {} });
    await h.set('big-1', big(900), {});
    await h.set('big-2', big(900), {});
    await h.get('big-1');
    await h.set('big-3', big(900), {});
    expect(await h.get('big-2')).toBeNull();
    expect(await h.get('big-1')).not.toBeNull();
    expect(await h.get('big-3')).not.toBeNull();
  });

  it('after a gap in the broadcast everything held before is expired', async () => {
    const h = new PageCacheHandler({});
    await h.set('/old', page(''), {});
    await sleep(2);
    PageCacheHandler.expireAll();
    expect(await h.get('/old')).toBeNull();
  });
});

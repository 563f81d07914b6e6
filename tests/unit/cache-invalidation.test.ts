/**
 * Invalidation names data (lib/cache-tags): a write's tags expire the pages that declared them (Next.js's
 * revalidateTag, at once) and clear the read caches registered for them, once each.
 */
const revalidateTag = jest.fn();
jest.mock('next/cache', () => ({ revalidateTag: (...args: unknown[]) => revalidateTag(...args) }));

import { TAGS } from '@/lib/cache-tags';
import { invalidate, onInvalidate } from '@/lib/server/cache';

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

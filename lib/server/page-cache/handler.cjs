/**
 * The rendered-page cache of this process (next.config.mjs `cacheHandler`): Next.js's incremental cache (pages,
 * route responses and the unstable_cache reads that carry page tags) kept in memory, with the expiry of each tag.
 *
 * Why not Next.js's own handler: its tag expiry lives inside Next.js and is reached only through revalidateTag()
 * inside a request. An invalidation that another instance broadcasts (lib/server/cache.ts, PostgreSQL
 * LISTEN/NOTIFY) arrives outside any request, so the expiry lives here, on globalThis, where both Next.js (this
 * file, loaded by Node itself) and the bundled backend (which imports it too) reach the same state.
 *
 * Next.js creates a handler per request; everything that lasts is in the process-wide state below.
 */
'use strict';

const STATE = Symbol.for('portal.state.pageCache');
/** The header of a cached page that lists its tags (next/dist/lib/constants NEXT_CACHE_TAGS_HEADER). */
const TAGS_HEADER = 'x-next-cache-tags';
/** Used when Next.js passes no bound (cacheMaxMemorySize); the same as its default. */
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
/** Renders that never finished (a crashed request) are forgotten past this many keys. */
const MAX_PENDING = 10_000;

/**
 * @typedef {{ value: unknown, lastModified: number, cacheControl?: unknown, tags: string[], bytes: number }} Entry
 * @typedef {{ entries: Map<string, Entry>, bytes: number, maxBytes: number, tags: Map<string, number>, flushedAt: number, pending: Map<string, number> }} State
 */

/** @returns {State} */
function state() {
  const g = /** @type {Record<symbol, State>} */ (/** @type {unknown} */ (globalThis));
  if (!g[STATE]) {
    g[STATE] = {
      entries: new Map(),
      bytes: 0,
      maxBytes: DEFAULT_MAX_BYTES,
      tags: new Map(),
      flushedAt: 0,
      pending: new Map(),
    };
  }
  return g[STATE];
}

/** Expires the tags now: every entry made before this moment that carries one of them is rendered anew. */
function expireTags(tags, now = Date.now()) {
  const s = state();
  for (const tag of typeof tags === 'string' ? [tags] : tags) s.tags.set(tag, now);
}

/** Expires every entry made before now (after a broadcast may have been missed: the listener reconnected). */
function expireAll(now = Date.now()) {
  state().flushedAt = now;
}

function isExpired(entry, extraTags) {
  const s = state();
  if (entry.lastModified < s.flushedAt) return true;
  const now = Date.now();
  for (const list of [entry.tags, extraTags]) {
    for (const tag of list || []) {
      const at = s.tags.get(tag);
      // A tag expired after the entry was made (and not in the future: `expire` in seconds may schedule it).
      if (at !== undefined && at > entry.lastModified && at <= now) return true;
    }
  }
  return false;
}

function sizeOf(key, value) {
  if (!value) return key.length + 25;
  const v = /** @type {Record<string, any>} */ (value);
  let n = 0;
  if (typeof v.html === 'string') n += v.html.length;
  if (v.rscData) n += v.rscData.length;
  if (v.body) n += v.body.length;
  if (v.segmentData) for (const [p, buf] of v.segmentData) n += p.length + (buf ? buf.length : 0);
  if (v.data !== undefined || v.pageData !== undefined) n += JSON.stringify(v.data ?? v.pageData ?? '').length;
  return key.length + Math.max(n, 1);
}

function tagsOf(value, ctxTags) {
  const v = /** @type {Record<string, any> | null} */ (value);
  const header = v && v.headers ? v.headers[TAGS_HEADER] : undefined;
  const fromHeader = typeof header === 'string' && header ? header.split(',') : [];
  return [...fromHeader, ...(ctxTags || [])];
}

class PageCacheHandler {
  constructor(options) {
    const max = options && options.maxMemoryCacheSize;
    if (typeof max === 'number' && max > 0) state().maxBytes = max;
  }

  async get(key, ctx) {
    const s = state();
    const entry = s.entries.get(key);
    const extra = ctx ? [...(ctx.tags || []), ...(ctx.softTags || [])] : [];
    if (!entry || isExpired(entry, extra)) {
      if (entry) {
        s.entries.delete(key);
        s.bytes -= entry.bytes;
      }
      // A render starts now: what it stores is as old as this moment (see set).
      if (!s.pending.has(key)) {
        if (s.pending.size >= MAX_PENDING) s.pending.clear();
        s.pending.set(key, Date.now());
      }
      return null;
    }
    // Most recently used last, so the oldest is dropped first when the bound is reached.
    s.entries.delete(key);
    s.entries.set(key, entry);
    const cc = /** @type {{ revalidate?: number | false } | undefined} */ (entry.cacheControl);
    if (
      cc &&
      typeof cc.revalidate === 'number' &&
      entry.lastModified + cc.revalidate * 1000 < Date.now() &&
      !s.pending.has(key)
    ) {
      s.pending.set(key, Date.now()); // Next.js regenerates a stale page in the background
    }
    return { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
  }

  async set(key, data, ctx) {
    const s = state();
    // The entry dates from when its render started, not from now: a tag that expired while it rendered (a write
    // committed meanwhile, here or on another instance) must expire it too, or it would show the old data.
    const started = s.pending.get(key);
    s.pending.delete(key);
    const old = s.entries.get(key);
    if (old) {
      s.entries.delete(key);
      s.bytes -= old.bytes;
    }
    const entry = {
      value: data,
      lastModified: started !== undefined ? Math.min(started, Date.now()) : Date.now(),
      cacheControl: ctx && !ctx.fetchCache ? ctx.cacheControl : undefined,
      tags: tagsOf(data, ctx && ctx.tags),
      bytes: sizeOf(key, data),
    };
    if (entry.bytes > s.maxBytes) return;
    s.entries.set(key, entry);
    s.bytes += entry.bytes;
    for (const [k, e] of s.entries) {
      if (s.bytes <= s.maxBytes) break;
      s.entries.delete(k);
      s.bytes -= e.bytes;
    }
  }

  /**
   * Next.js's revalidateTag() after a request that called it. A stale-while-revalidate profile (no `expire`) is
   * treated as an expiry now: the portal always asks for `expire: 0`, and a fresher page is never wrong.
   */
  async revalidateTag(tags, durations) {
    const now = Date.now();
    const later =
      durations && typeof durations.expire === 'number' && durations.expire > 0 ? now + durations.expire * 1000 : now;
    expireTags(tags, later);
  }

  resetRequestCache() {}
}

module.exports = PageCacheHandler;
module.exports.default = PageCacheHandler;
module.exports.expireTags = expireTags;
module.exports.expireAll = expireAll;

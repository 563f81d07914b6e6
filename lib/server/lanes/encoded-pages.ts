/**
 * Cached pages leave as bytes encoded once (issue 26). Next.js answers a hit of its page cache with the page as a
 * JavaScript string: `res.end(html)`, so Node encodes the whole page to UTF-8 on every request, and a page of Chinese
 * text is a two-byte string, the slow case of that encoding. That work grows with the page and was most of what a
 * cached home page cost beyond a small static page. The cache handler (lib/server/page-cache/handler.cjs) keeps one
 * string per page and Next.js hands that same string to `res.end` on every hit, so its bytes are kept beside it here,
 * keyed by the string itself, and sent instead. Only hits and stale hits (`x-nextjs-cache`) of GET requests are
 * taken: a page rendered for this request is a new string, seen once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Below this many UTF-16 units a page is cheap to encode and not worth an entry. */
const MIN_CHARS = 4096;
/** Bounds of the kept bytes: a string no longer served (its page was regenerated) ages out. */
const MAX_ENTRIES = 256;
const MAX_BYTES = 64 * 1024 * 1024;

const kept = new Map<string, Buffer>();
let keptBytes = 0;

/**
 * The UTF-8 bytes of a page string, encoded at most once while it stays among the most recently sent. V8 hashes a
 * long string by its length, and the string Next.js hands over is the very one kept here, so a lookup compares
 * references, not the page.
 */
export function encodedPage(html: string): Buffer {
  const hit = kept.get(html);
  if (hit) {
    // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
    kept.delete(html);
    kept.set(html, hit);
    return hit;
  }
  const bytes = Buffer.from(html, 'utf8');
  kept.set(html, bytes);
  keptBytes += bytes.length;
  for (const [key, value] of kept) {
    if (kept.size <= MAX_ENTRIES && keptBytes <= MAX_BYTES) break;
    kept.delete(key);
    keptBytes -= value.length;
  }
  return bytes;
}

/** What is kept now (for the tests and /metrics-style inspection). */
export function encodedPagesKept(): { entries: number; bytes: number } {
  return { entries: kept.size, bytes: keptBytes };
}

type End = ServerResponse['end'];

/** Sends this response's body as kept bytes when it is a page served from Next.js's page cache. */
export function sendCachedPagesEncoded(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET') return;
  const end = res.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    const chunk = args[0];
    // A string with an encoding other than UTF-8 is left to Node (Next.js never sends one).
    const utf8 = typeof args[1] !== 'string' || /^utf-?8$/i.test(args[1]);
    if (typeof chunk === 'string' && chunk.length >= MIN_CHARS && utf8 && fromPageCache(this)) {
      args[0] = encodedPage(chunk);
      if (typeof args[1] === 'string') args.splice(1, 1);
    }
    return end.apply(this, args);
  } as End;
}

function fromPageCache(res: ServerResponse): boolean {
  const state = res.getHeader('x-nextjs-cache');
  return state === 'HIT' || state === 'STALE';
}

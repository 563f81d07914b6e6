/**
 * Invalidation after a write (docs/design.md §4, 6): the tags of the data that changed (lib/cache-tags). Every cached page
 * that declared one of them is rendered anew on its next request (the page cache, lib/server/page-cache), and the
 * process's own read caches that registered for them (onInvalidate) are cleared. With PostgreSQL the tags are also
 * broadcast to the other instances (lib/server/invalidation-bus), which do the same. Outside a Next.js server
 * (tests, scripts) there is no page cache, and only the read caches are cleared.
 */
import pageCache from './page-cache/handler.cjs';
import { broadcastEnabled, publish, startListener, type Invalidation } from './invalidation-bus';
import { processState } from './process-state';
import { config } from './config';
import { metrics } from './ops/metrics';
import { errorText, log } from './ops/log';

type Clear = (tag: string) => void;
interface Clearers {
  exact: Map<string, Map<string, Clear>>;
  /** Families of tags (`sessions:` + operator id): the clearer gets the tag. */
  prefix: Map<string, Map<string, Clear>>;
}
// One registry for the process: Next.js loads a module once per kind of entry (lib/server/process-state).
const clearers = processState<Clearers>('cacheClearersByKind', () => ({ exact: new Map(), prefix: new Map() }));

function register(table: Map<string, Map<string, Clear>>, keys: readonly string[], name: string, clear: Clear): void {
  for (const key of keys) {
    let byName = table.get(key);
    if (!byName) table.set(key, (byName = new Map()));
    byName.set(name, clear);
  }
}

/** Runs `clear` whenever one of `tags` is invalidated; `name` keeps a second copy of a module from adding it twice. */
export function onInvalidate(tags: readonly string[], name: string, clear: () => void): void {
  register(clearers.exact, tags, name, () => clear());
}

/** Runs `clear(tag)` whenever a tag starting with `prefix` is invalidated (one per record: a user's sessions). */
export function onInvalidatePrefix(prefix: string, name: string, clear: (tag: string) => void): void {
  register(clearers.prefix, [prefix], name, clear);
}

/** Runs the clearers of the tags here, each once per call. */
function clearLocally(tags: readonly string[]): void {
  const done = new Set<Clear>();
  const run = (clear: Clear, tag: string, once: boolean) => {
    if (once && done.has(clear)) return;
    done.add(clear);
    try {
      clear(tag);
    } catch (err) {
      log.warn({ tag, err: errorText(err) }, 'clearing a cache failed');
    }
  };
  for (const tag of tags) {
    for (const clear of clearers.exact.get(tag)?.values() ?? []) run(clear, tag, true);
    for (const [prefix, byName] of clearers.prefix) {
      if (tag.startsWith(prefix)) for (const clear of byName.values()) run(clear, tag, false);
    }
  }
}

/** Everything this process holds, after broadcasts may have been missed. */
function clearEverything(): void {
  pageCache.expireAll();
  const all = new Set<Clear>();
  for (const byName of clearers.exact.values()) for (const clear of byName.values()) all.add(clear);
  for (const clear of all) clear('*');
  // A family's clearer is told its prefix alone: everything of that kind.
  for (const [prefix, byName] of clearers.prefix) for (const clear of byName.values()) clear(prefix);
}

/** Applies another instance's invalidation here. */
export function applyInvalidation(msg: Pick<Invalidation, 'tags' | 'pages'>): void {
  if (msg.pages) pageCache.expireTags(msg.tags);
  clearLocally(msg.tags);
}

export async function invalidate(...tags: string[]): Promise<void> {
  metrics().invalidations.inc(tags.length);
  clearLocally(tags);
  // Expired at once, outside any request too (the heartbeat's direct lane): the next request renders anew.
  pageCache.expireTags(tags);
  await publish(tags, true);
  let revalidateTag: typeof import('next/cache').revalidateTag;
  try {
    ({ revalidateTag } = await import('next/cache'));
  } catch {
    return;
  }
  for (const tag of tags) {
    try {
      // Also through Next.js, so that what the same request renders after the write is fresh too.
      revalidateTag(tag, { expire: 0 });
    } catch (err) {
      // Expected outside a request of a Next.js server (tests, the direct lane), where the page cache above was
      // expired already; say so anywhere else.
      if (config().NODE_ENV === 'production')
        log.warn({ tag, err: errorText(err) }, 'cache invalidation outside a request');
      return;
    }
  }
}

/** Like invalidate, for data no page shows (a user's sessions): the read caches of every instance only. */
export async function invalidateReadCaches(...tags: string[]): Promise<void> {
  clearLocally(tags);
  await publish(tags, false);
}

/** Starts applying the other instances' invalidations (server start, with PostgreSQL only). */
export function startInvalidationListener(): void {
  if (!broadcastEnabled()) return;
  startListener(applyInvalidation, clearEverything);
}

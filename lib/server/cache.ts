/**
 * Invalidation after a write (DESIGN 4, 6): the tags of the data that changed (lib/cache-tags). Next.js
 * regenerates every cached page that declared one of them on its next request, and the process's own read caches
 * that registered for them (onInvalidate) are cleared. Outside a Next.js server (tests, scripts) there is no page
 * cache, and only the read caches are cleared.
 */
import { processState } from './process-state';
import { config } from './config';
import { metrics } from './ops/metrics';
import { errorText, log } from './ops/log';

type Clearers = Map<string, Map<string, () => void>>;
// One registry for the process: Next.js loads a module once per kind of entry (lib/server/process-state).
const clearers = processState<Clearers>('cacheClearers', () => new Map());

/** Runs `clear` whenever one of `tags` is invalidated; `name` keeps a second copy of a module from adding it twice. */
export function onInvalidate(tags: readonly string[], name: string, clear: () => void): void {
  for (const tag of tags) {
    let byName = clearers.get(tag);
    if (!byName) clearers.set(tag, (byName = new Map()));
    byName.set(name, clear);
  }
}

export async function invalidate(...tags: string[]): Promise<void> {
  metrics().invalidations.inc(tags.length);
  const done = new Set<() => void>();
  for (const tag of tags) {
    for (const clear of clearers.get(tag)?.values() ?? []) {
      if (done.has(clear)) continue;
      done.add(clear);
      clear();
    }
  }
  let revalidateTag: typeof import('next/cache').revalidateTag;
  try {
    ({ revalidateTag } = await import('next/cache'));
  } catch {
    return;
  }
  for (const tag of tags) {
    try {
      // Expired at once: the next request renders the page anew instead of serving the old copy once more.
      revalidateTag(tag, { expire: 0 });
    } catch (err) {
      // Only expected outside a request of a Next.js server (tests); say so anywhere else.
      if (config().NODE_ENV === 'production') log.warn({ tag, err: errorText(err) }, 'cache invalidation outside a request');
      return;
    }
  }
}

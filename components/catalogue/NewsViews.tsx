'use client';

import { useEffect, useState } from 'react';
import { apiBaseUrl } from '@/lib/api/browser';
import { useHydrated } from '@/lib/ui/use-hydrated';

const viewedKey = (id: number) => `newsViewed:${id}`;

/** The count this browser session last saw for the article, or null (not read yet, or storage refused). */
function seenCount(id: number): number | null {
  try {
    const seen = sessionStorage.getItem(viewedKey(id));
    return seen === null ? null : Number(seen) || 0;
  } catch {
    return null;
  }
}

function keepSeen(id: number, views: number): void {
  try {
    sessionStorage.setItem(viewedKey(id), String(views));
  } catch {
    /* not kept: this session may count the article again */
  }
}

/**
 * 浏览N次 of a news article: the cached page's count, then, once per article in a browser session (a reload is
 * not another reader), the count after this reading. Back on the article in the same session, the count seen
 * last when the cached page's is older: it never seems to go down. A plain fetch, not the API client: a count
 * that could not be sent is not worth a message to the reader, who keeps the page's number.
 */
export function NewsViews({ id, initial, path }: { id: number; initial: number; path: string }) {
  const hydrated = useHydrated();
  const [counted, setCounted] = useState<number | null>(null);
  useEffect(() => {
    if (seenCount(id) !== null) return;
    keepSeen(id, initial);
    fetch(`${apiBaseUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
      keepalive: true,
    })
      .then((res) => res.json())
      .then((env: { code?: number; data?: { views?: unknown } }) => {
        if (env.code !== 0 || typeof env.data?.views !== 'number') return;
        keepSeen(id, env.data.views);
        setCounted(env.data.views);
      })
      .catch(() => undefined);
  }, [id, initial, path]);
  const views = Math.max(initial, counted ?? 0, (hydrated && seenCount(id)) || 0);
  return <>浏览{views}次</>;
}

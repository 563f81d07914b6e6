'use client';

import { useEffect, useState } from 'react';
import { apiBaseUrl } from '@/lib/api/browser';

const viewedKey = (id: number) => `newsViewed:${id}`;

/**
 * 浏览N次 of a news article: the cached page's count, then, once per article in a browser session (a reload is
 * not another reader), the count after this reading. A plain fetch, not the API client: a count that could not
 * be sent is not worth a message to the reader, who keeps the page's number.
 */
export function NewsViews({ id, initial, path }: { id: number; initial: number; path: string }) {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    try {
      if (sessionStorage.getItem(viewedKey(id))) return;
      sessionStorage.setItem(viewedKey(id), '1');
    } catch {
      /* storage refused: count this reading anyway */
    }
    fetch(`${apiBaseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }), keepalive: true })
      .then((res) => res.json())
      .then((env: { code?: number; data?: { views?: unknown } }) => {
        if (env.code === 0 && typeof env.data?.views === 'number') setViews(env.data.views);
      })
      .catch(() => undefined);
  }, [id, path]);
  return <>浏览{views}次</>;
}

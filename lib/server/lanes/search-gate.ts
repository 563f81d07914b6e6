/**
 * The search gate: a search page for a keyword this instance has not answered lately is rendered (and cached) on
 * request, which made new keywords the cheapest way to overload the server. The page is cached for every visitor, so
 * its render cannot know who asked; this gate sees the request first (lib/server/lanes/request-hook) and counts a new
 * keyword against its address (lib/server/services/search/search admitKeyword), answering 429 with
 * 操作过于频繁，请稍后再试 past the limit. Known keywords pass at once, without a database call.
 *
 * The search service registers the check when it loads (it holds the list of known keywords and the database), so
 * the gate opens with the first search of a process, page or API; until then requests pass as before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import SECURITY_HEADERS from '@/lib/security-headers.json';
import { cleanSearchKeyword } from '@/lib/validation/search-rule';
import { MSG_TOO_FREQUENT } from '@/lib/contract/messages';
import { clientAddress } from '../http/request-info';
import { searchGate } from '../services/search/gate-slot';

export const SEARCH_PAGE = '/search/index';

/** The client's address of a Node request, as the route handlers read it (its stamp, or TRUST_PROXY's headers). */
function addressOf(req: Pick<IncomingMessage, 'headers'>): string {
  const get = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(', ') : (v ?? null);
  };
  return clientAddress({ headers: { get } } as unknown as Request);
}

/**
 * Takes a search page request whose keyword is new (returns true): `pass` is called once the address may ask it,
 * else the gate answers 429 itself. false leaves the request as it was.
 */
export function gateSearch(
  req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
  res: ServerResponse,
  pass: () => void,
): boolean {
  const gate = searchGate();
  if (!gate || (req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith(SEARCH_PAGE)) return false;
  const q = req.url.indexOf('?');
  if (req.url.slice(0, q < 0 ? undefined : q) !== SEARCH_PAGE || q < 0) return false;
  let key: string;
  try {
    key = cleanSearchKeyword(new URLSearchParams(req.url.slice(q)).get('key'));
  } catch {
    return false;
  }
  if (!key || gate.isKnown(key)) return false;
  gate
    .admit(key, addressOf(req))
    .then(pass, (err: unknown) => {
      // Only a spent limit is refused; anything else (the database restarting) lets the page answer as before.
      if (!(err instanceof Error && err.message === MSG_TOO_FREQUENT)) return pass();
      res.statusCode = 429;
      for (const { key: name, value } of SECURITY_HEADERS) res.setHeader(name, value);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      res.setHeader('retry-after', '60');
      res.end(
        `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${MSG_TOO_FREQUENT}</title><p>${MSG_TOO_FREQUENT}</p></html>`,
      );
    })
    .catch(() => res.destroy());
  return true;
}

/**
 * The session token of a request (DESIGN 5): the x-access-token header the API client sends, else the session
 * cookie a browser sends by itself (media, downloads, uploads). One reader for every route that needs a user.
 */
import { TOKEN_STORAGE_KEY } from '@/lib/constants';

/** A cookie's value from a Cookie header; null when absent or not decodable. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function requestToken(request: Request): string | null {
  return request.headers.get('x-access-token') || readCookie(request.headers.get('cookie'), TOKEN_STORAGE_KEY);
}

/**
 * TLS in production (issue 22): when the site's public address is https (PUBLIC_ORIGIN, e.g. https://edu.example.cn),
 * every response carries HSTS and the session cookies are Secure, whatever the proxy in front forwards. Without it,
 * cookies are Secure only for a request that arrived over https (X-Forwarded-Proto or the URL), as before.
 */
import { config } from '../config';
import type { ServerResponse } from 'node:http';

/** A year, subdomains included (the party, student and column hosts are subdomains of one site). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function publicOriginIsHttps(): boolean {
  return /^https:\/\//i.test(config().PUBLIC_ORIGIN?.trim() ?? '');
}

export function secureCookies(request: Request): boolean {
  if (publicOriginIsHttps()) return true;
  return (request.headers.get('x-forwarded-proto') ?? new URL(request.url).protocol.replace(':', '')) === 'https';
}

/** Set on every response of the process (the request hook), before Next.js or a lane writes its own headers. */
export function applyTransportHeaders(res: Pick<ServerResponse, 'setHeader'>): void {
  if (publicOriginIsHttps()) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
}

/**
 * The HTTP face of the endpoint table: POST + JSON only, a size limit, the x-access-* headers,
 * the session cookie, and the envelope. Nothing here throws to Next.js: every failure is an envelope.
 */
import { requestToken } from '@/lib/server/request-token';
import { siteForHost } from '@/lib/variants';
import { callEndpoint, isKnownPath } from './dispatch';
import type { ResponseCookie } from './endpoint';
import {
  CODE_BAD_JSON,
  CODE_METHOD,
  CODE_NOT_FOUND,
  CODE_SERVER,
  CODE_TOO_LARGE,
  CODE_FORBIDDEN,
  MSG_BAD_JSON,
  MSG_CROSS_SITE,
  MSG_METHOD,
  MSG_NOT_FOUND,
  MSG_TOO_LARGE,
} from './errors';
import { SERVER_BUSY_MSG } from '@/lib/api/messages';

/** JSON bodies above this are refused before parsing (uploads use their own multipart limits). */
export const MAX_JSON_BYTES = 256 * 1024;

function envelope(code: number, msg: string, data: unknown = null, status = 200, cookies: ResponseCookie[] = [], secure = false): Response {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  for (const c of cookies) headers.append('set-cookie', serializeCookie(c, secure));
  return new Response(JSON.stringify({ code, msg, data }), { status, headers });
}

function serializeCookie(c: ResponseCookie, secure: boolean): string {
  const parts = [`${c.name}=${encodeURIComponent(c.value)}`, 'Path=/', 'SameSite=Lax'];
  if (c.httpOnly !== false) parts.push('HttpOnly');
  if (secure) parts.push('Secure');
  if (c.maxAge !== undefined) parts.push(`Max-Age=${c.maxAge}`);
  return parts.join('; ');
}

/** The page origin (x-access-origin, encoded) names the host whose variant the call serves. */
function hostOf(request: Request): string {
  const origin = request.headers.get('x-access-origin');
  if (origin) {
    try {
      return new URL(decodeURIComponent(origin)).host;
    } catch {
      /* fall through to the Host header */
    }
  }
  return request.headers.get('host') ?? '';
}

async function readBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_JSON_BYTES) return { ok: false, response: envelope(CODE_TOO_LARGE, MSG_TOO_LARGE, null, 413) };
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_JSON_BYTES) {
        await reader.cancel();
        return { ok: false, response: envelope(CODE_TOO_LARGE, MSG_TOO_LARGE, null, 413) };
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: envelope(CODE_BAD_JSON, MSG_BAD_JSON, null, 400) };
  }
}

/**
 * Cross-site requests are refused (SPEC 9 security): every endpoint is a POST, and a page on another
 * site could make a signed-in visitor's browser send one with the session cookie (SameSite=Lax stops
 * most, not a same-site sibling host). Browsers always send Origin on a cross-origin POST and a page
 * cannot forge it, so: an Origin must name the host the request was sent to (Host / X-Forwarded-Host,
 * so 127.0.0.1 with a Host header passes) or a host of PORTAL_ORIGINS / API_ALLOWED_ORIGINS; a browser
 * page's x-access-origin is its own origin, so when both come they must agree. Without Origin (curl,
 * scripts, the server transport forwarding a visitor's x-access-origin) it is not a browser's cross-site
 * request, unless Sec-Fetch-Site says cross-site.
 */
export function isCrossSite(request: Request): boolean {
  const h = request.headers;
  const origin = h.get('origin');
  if (!origin) return h.get('sec-fetch-site') === 'cross-site';
  const host = hostOfOrigin(origin);
  if (!host) return true; // 'null' (sandboxed frames, file:) or garbage
  const access = h.get('x-access-origin');
  if (access) {
    let decoded = '';
    try {
      decoded = decodeURIComponent(access);
    } catch {
      return true;
    }
    if (hostOfOrigin(decoded) !== host) return true;
  }
  const targets = [h.get('host'), h.get('x-forwarded-host')?.split(',')[0]].filter(Boolean).map((v) => v!.trim().toLowerCase());
  if (targets.includes(host)) return false;
  return !allowedOriginHosts().includes(host);
}

function hostOfOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

function allowedOriginHosts(): string[] {
  const list = `${process.env.PORTAL_ORIGINS ?? ''},${process.env.API_ALLOWED_ORIGINS ?? ''}`;
  return list
    .split(',')
    .map((part) => part.slice(part.indexOf('=') + 1).trim())
    .filter(Boolean)
    .flatMap((o) => {
      try {
        return [new URL(o).host.toLowerCase()];
      } catch {
        return [];
      }
    });
}

const ACCESS_HEADERS = [
  'x-access-origin',
  'x-access-device-mac',
  'x-access-device-type',
  'x-access-device-name',
  'x-access-device-system',
  'x-access-browser-info',
  'x-access-location-info',
];

export async function handleApiRequest(request: Request): Promise<Response> {
  try {
    const path = new URL(request.url).pathname;
    if (request.method !== 'POST') {
      return isKnownPath(path) ? envelope(CODE_METHOD, MSG_METHOD, null, 405) : envelope(CODE_NOT_FOUND, MSG_NOT_FOUND, null, 404);
    }
    if (!isKnownPath(path)) return envelope(CODE_NOT_FOUND, MSG_NOT_FOUND, null, 404);
    if (isCrossSite(request)) return envelope(CODE_FORBIDDEN, MSG_CROSS_SITE, null, 403);
    const body = await readBody(request);
    if (!body.ok) return body.response;
    const headers: Record<string, string> = {};
    for (const name of ACCESS_HEADERS) {
      const v = request.headers.get(name);
      if (v !== null) headers[name] = v.slice(0, 512);
    }
    const token = requestToken(request);
    const forwarded = request.headers.get('x-forwarded-for');
    const ip = forwarded?.split(',')[0]?.trim() || request.headers.get('x-real-ip') || '127.0.0.1';
    const result = await callEndpoint(path, body.value, { token, site: siteForHost(hostOf(request)), headers, ip });
    const secure = (request.headers.get('x-forwarded-proto') ?? new URL(request.url).protocol.replace(':', '')) === 'https';
    return envelope(result.code, result.msg, result.data, 200, result.cookies, secure);
  } catch (err) {
    console.error(`[api] unexpected: ${err instanceof Error ? err.message : String(err)}`);
    return envelope(CODE_SERVER, SERVER_BUSY_MSG, null, 200);
  }
}

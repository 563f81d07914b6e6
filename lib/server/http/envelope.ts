/**
 * What every route handler of the backend shares (docs/design.md §4): the envelope {code, msg, data} with its cookies,
 * the host a call serves (x-access-origin, else Host), a JSON body read with a size limit, and the refusal of
 * cross-site requests. lib/server/http/api-route.ts (the endpoint table) and lib/server/http/streaming.ts (uploads, files,
 * the assistant's stream) answer through these, so every failure looks the same to lib/api.
 */
import type { ResponseCookie } from '../endpoints/endpoint';
import { CODE_BAD_JSON, CODE_TOO_LARGE } from '@/lib/server/errors';
import { MSG_BAD_JSON, MSG_TOO_LARGE } from '@/lib/contract/messages';
import { config } from '../config';

/** JSON bodies above this are refused before parsing (uploads use their own multipart limits). */
export const MAX_JSON_BYTES = 256 * 1024;

export function envelope(
  code: number,
  msg: string,
  data: unknown = null,
  status = 200,
  cookies: ResponseCookie[] = [],
  secure = false,
): Response {
  const headers = new Headers({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
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
export function requestHost(request: Request): string {
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

export async function readJsonBody(
  request: Request,
  limit = MAX_JSON_BYTES,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) return { ok: false, response: envelope(CODE_TOO_LARGE, MSG_TOO_LARGE, null, 413) };
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
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
  const targets = [h.get('host'), h.get('x-forwarded-host')?.split(',')[0]]
    .filter(Boolean)
    .map((v) => v!.trim().toLowerCase());
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
  const list = `${config().PORTAL_ORIGINS ?? ''},${config().API_ALLOWED_ORIGINS ?? ''}`;
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

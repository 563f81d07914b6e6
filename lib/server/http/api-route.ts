/**
 * The HTTP face of the endpoint table: POST + JSON only, a size limit, the x-access-* headers,
 * the session cookie, and the envelope. Nothing here throws to Next.js: every failure is an envelope.
 */
import { clientAddress, requestToken } from '@/lib/server/http/request-info';
import { siteForHost } from '@/lib/variants';
import { answersGet, callEndpoint, isKnownPath } from './dispatch';
import { CODE_METHOD, CODE_NOT_FOUND, CODE_SERVER, CODE_FORBIDDEN } from '@/lib/server/errors';
import { MSG_CROSS_SITE, MSG_METHOD, MSG_NOT_FOUND, SERVER_BUSY_MSG } from '@/lib/contract/messages';
import { envelope, isCrossSite, readJsonBody, requestHost } from './envelope';
import { DEVICE_COOKIE } from '@/lib/session/device';
import { PLAY_COOKIE } from '@/lib/session/play-cookie';
import { readCookie } from './cookies';
import { secureCookies } from './transport';
import { errorText, log } from '../ops/log';

export { isCrossSite, MAX_JSON_BYTES } from './envelope';

const ACCESS_HEADERS = [
  'x-access-origin',
  'x-access-device-mac',
  'x-access-device-type',
  'x-access-device-name',
  'x-access-device-system',
  'x-access-browser-info',
  'x-access-location-info',
  // The QR-code ticket shows the phone the requesting browser and system (issue 22).
  'user-agent',
];

/** A GET's body: its query parameters, whole numbers as numbers (`?id=12` is `{ id: 12 }`); the schema checks the rest. */
export function queryBody(params: URLSearchParams): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  for (const [k, v] of params) body[k] = /^-?\d{1,15}$/.test(v) ? Number(v) : v;
  return body;
}

export async function handleApiRequest(request: Request): Promise<Response> {
  try {
    const url = new URL(request.url);
    const path = url.pathname;
    const get = request.method === 'GET' && answersGet(path);
    if (request.method !== 'POST' && !get) {
      return isKnownPath(path)
        ? envelope(CODE_METHOD, MSG_METHOD, null, 405)
        : envelope(CODE_NOT_FOUND, MSG_NOT_FOUND, null, 404);
    }
    if (!isKnownPath(path)) return envelope(CODE_NOT_FOUND, MSG_NOT_FOUND, null, 404);
    if (isCrossSite(request)) return envelope(CODE_FORBIDDEN, MSG_CROSS_SITE, null, 403);
    const body = get ? { ok: true as const, value: queryBody(url.searchParams) } : await readJsonBody(request);
    if (!body.ok) return body.response;
    const headers: Record<string, string> = {};
    for (const name of ACCESS_HEADERS) {
      const v = request.headers.get(name);
      if (v !== null) headers[name] = v.slice(0, 512);
    }
    // The host the page was served on (tenants, SPEC 7 requestSiteTenantId), as the site is chosen.
    headers.host = requestHost(request).slice(0, 256);
    const token = requestToken(request);
    // Only the cookies a service reads are passed on (the session cookie is the token above).
    const cookies: Record<string, string> = {};
    const device = readCookie(request.headers.get('cookie'), DEVICE_COOKIE);
    if (device) cookies[DEVICE_COOKIE] = device.slice(0, 256);
    const play = readCookie(request.headers.get('cookie'), PLAY_COOKIE);
    if (play) cookies[PLAY_COOKIE] = play.slice(0, 64);
    const result = await callEndpoint(path, body.value, {
      token,
      site: siteForHost(requestHost(request)),
      headers,
      ip: clientAddress(request),
      cookies,
    });
    return envelope(result.code, result.msg, result.data, 200, result.cookies, secureCookies(request));
  } catch (err) {
    log.error({ err: errorText(err) }, 'api request failed unexpectedly');
    return envelope(CODE_SERVER, SERVER_BUSY_MSG, null, 200);
  }
}

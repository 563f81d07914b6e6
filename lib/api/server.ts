/**
 * The server side of the API client (docs/design.md §4). Without API_BASE_URL, calls go to the endpoint
 * table in-process (same validation, same envelope, no HTTP hop); with it, over HTTP like the
 * browser, carrying the visitor's token and origin. Errors surface as rejected ApiError: the
 * page decides what to render, so the hooks do not message or re-login.
 */
import 'server-only';
import { callEndpoint } from '@/lib/server/http/dispatch';
import type { Site } from '@/lib/variants';
import { createApiClient, fetchDownload, fetchTransport, type ApiClient, type Transport } from './core';

function serverHeaders(token: string | null, origin: string | undefined): Record<string, string> {
  return {
    'x-access-token': token ?? '',
    'x-access-origin': encodeURIComponent(origin ?? ''),
    'x-access-device-mac': '',
    'x-access-device-type': 'WEB',
    'x-access-device-name': '',
    'x-access-device-system': '',
    'x-access-browser-info': '',
    'x-access-location-info': '',
  };
}

export function serverApi(site: Site, opts: { token?: string | null; origin?: string } = {}): ApiClient {
  const token = opts.token ?? null;
  const baseUrl = process.env.API_BASE_URL;
  const inProcess: Transport = (req) => callEndpoint(req.path, req.body, { token, site, headers: req.headers });
  return createApiClient({
    transport: baseUrl ? fetchTransport(() => baseUrl) : inProcess,
    download: baseUrl ? fetchDownload(() => baseUrl) : undefined,
    headers: () => serverHeaders(token, opts.origin),
    hooks: {
      notify: () => {},
      onSessionError: () => {},
      log: ({ path, code, msg }) => console.warn('[serverApi]', path, code ?? '-', msg),
    },
  });
}

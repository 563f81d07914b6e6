/**
 * The browser side of the API client: fetch transport, the SPEC 7 headers, and an event bus that
 * carries the client's messages and session errors to React (Toaster, shell). Server code may
 * import this module, so window and navigator are touched only inside functions.
 */
import { CODE_TOTP_ENROL, TOTP_SETTINGS_PATH } from '@/lib/contract/accounts';
import { MESSAGE_DURATION_MS } from '@/lib/constants';
import { createApiClient, fetchDownload, fetchTransport, type ApiClient, type Transport } from './core';
import { writePreviousTime } from '../session/previous-time';
import type { SessionCode } from '../contract/messages';

export type NotifyKind = 'warning' | 'error' | 'info';
export type ApiEvent =
  /** announce: false for a message the page also shows where the user is: shown, but not a second live announcement. */
  | { type: 'notify'; kind: NotifyKind; message: string; durationMs: number; announce?: false }
  /** stay: the caller said not to leave the page (SPEC 4.1 'unless told not to'). */
  | { type: 'session'; code: SessionCode; forced: boolean; stay?: boolean };
export type ApiEventListener = (event: ApiEvent) => void;

function createEventBus() {
  const listeners = new Set<ApiEventListener>();
  return {
    /** Returns the unsubscribe function, ready for a useEffect cleanup. */
    subscribe(listener: ApiEventListener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event: ApiEvent): void {
      for (const listener of [...listeners]) listener(event);
    },
  };
}

export const apiEvents = createEventBus();

/** Header values must be Latin-1 for fetch; anything else is dropped rather than failing the call. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, '').trim();

/** A short name/version from the user agent, e.g. `Chrome 120.0.0.0`; order matters, Edge also says Chrome. */
export function browserInfo(userAgent: string): string {
  const rules: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari/],
    ['IE', /(?:MSIE |Trident\/.*rv:)([\d.]+)/],
  ];
  for (const [name, pattern] of rules) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return headerSafe(userAgent.split(' ')[0] ?? '');
}

function deviceSystem(): string {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return headerSafe(nav.userAgentData?.platform || nav.platform || '');
}

/** SPEC 7. The token is empty: it lives in an HttpOnly cookie that fetch sends by itself. */
export function browserHeaders(): Record<string, string> {
  return {
    'x-access-token': '',
    'x-access-origin': encodeURIComponent(window.location.origin),
    'x-access-device-mac': '',
    'x-access-device-type': 'WEB',
    'x-access-device-name': '',
    'x-access-device-system': deviceSystem(),
    'x-access-browser-info': browserInfo(navigator.userAgent),
    'x-access-location-info': '',
  };
}

/**
 * Read at call time so the value Next.js inlines (or a test sets) is the one used. Exported for the requests that
 * bypass the client on purpose (a beacon at page hide, a news reading's count).
 */
export const apiBaseUrl = () => process.env.NEXT_PUBLIC_API_BASE_URL ?? '';

const fetchJson = fetchTransport(apiBaseUrl, { credentials: 'include' });
/** Every envelope that arrives stamps SPEC 3's "previous time" (the last time the server answered this browser). */
export const browserTransport: Transport = async (req) => {
  const env = await fetchJson(req);
  writePreviousTime();
  // A manager whose role requires the second factor and who has not enrolled (issue 38): after the message, to the
  // personal centre's 两步验证 section.
  if (env.code === CODE_TOTP_ENROL && !window.location.pathname.startsWith('/personal/index'))
    setTimeout(() => window.location.assign(TOTP_SETTINGS_PATH), MESSAGE_DURATION_MS / 2);
  return env;
};
export const browserDownload = fetchDownload(apiBaseUrl, { credentials: 'include' });

export const api: ApiClient = createApiClient({
  transport: browserTransport,
  download: browserDownload,
  headers: browserHeaders,
  hooks: {
    notify: (kind, message, durationMs, opts) => apiEvents.emit({ type: 'notify', kind, message, durationMs, ...opts }),
    onSessionError: (code, { forced, stay }) =>
      apiEvents.emit({ type: 'session', code, forced, ...(stay ? { stay } : {}) }),
    log: ({ path, code, msg }) => console.warn('[api]', path, code ?? '-', msg),
  },
});

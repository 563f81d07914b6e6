/**
 * The portal's API client (SPEC 7-8, docs/design.md §4), independent of how a call travels: the browser
 * and the server give it a transport and hooks, and the rules below live only here.
 */
import { HTTP_TIMEOUT_MS, MESSAGE_DURATION_MS, TOKEN_CHECK_CALLBACK_DELAY_MS } from '@/lib/constants';
import {
  CODE_OK,
  CODE_SESSION_NONE,
  DOWNLOAD_FAILED_MSG,
  NETWORK_ERROR_MSG,
  SERVER_BUSY_MSG,
  SESSION_MESSAGES,
  TIMEOUT_MSG,
  isSessionCode,
  type SessionCode,
} from '../contract/messages';
import type { Envelope } from '../contract/home';
import type { ApiPath, ContractBody, ContractData } from '../contract/endpoints';
import { SILENT_CALLS } from '../contract/silent';

export interface TransportRequest {
  path: string;
  body: unknown;
  headers: Record<string, string>;
  /** null: no timeout (course-file uploads). */
  timeoutMs: number | null;
  signal?: AbortSignal;
}
/** Resolves with the envelope whatever its code; throws only when no envelope arrived. */
export type Transport = (req: TransportRequest) => Promise<Envelope>;
export type DownloadTransport = (req: TransportRequest) => Promise<{ contentType: string; blob: Blob; json?: unknown }>;

export interface ClientHooks {
  /** announce: false when the caller shows the same message where the user is (see RequestOptions.shownInline). */
  notify(kind: 'warning' | 'error', message: string, durationMs: number, opts?: { announce: false }): void;
  /**
   * Re-login flow (SPEC 4.1): forced = true for the token check's silent 2002; stay = true when the
   * caller said not to leave the page (token expiry otherwise clears the session and goes to /home).
   */
  onSessionError(code: SessionCode, opts: { forced: boolean; stay?: boolean }): void;
  /** Failed calls are logged; the entry never carries the token. */
  log?(entry: { path: string; code?: number; msg: string }): void;
}

export interface RequestOptions {
  timeoutMs?: number | null;
  signal?: AbortSignal;
  /** SPEC 4.1 'unless told not to': a session error of this call re-logs in on the page, without going to /home. */
  stayOnSessionError?: boolean;
  /**
   * The caller shows an error answer's message itself, in the form (a role=alert beside the fields): the message
   * is still shown for 3 s (SPEC 8), but not announced to screen readers a second time.
   */
  shownInline?: boolean;
}

export interface ApiClient {
  /**
   * The untyped transport call, for a path outside the contract (none in the portal today) and the client's own
   * tests; the portal's code calls `call(api, path, body)`, whose types come from the contract.
   */
  request<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  download(path: string, body?: unknown, opts?: RequestOptions): Promise<Blob>;
  checkToken(callback: () => void): void;
}

/** A non-zero envelope; message is the server's msg. */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly path: string;
  constructor(path: string, code: number, msg: string, data: unknown) {
    super(msg);
    this.name = 'ApiError';
    this.path = path;
    this.code = code;
    this.data = data;
  }
}

/**
 * No envelope arrived: 'timeout', 'network' (unreachable), or 'http' (a reply that is not an
 * envelope, e.g. a proxy's 502 page). Transports throw this so that rule 7 can tell them apart
 * from a TypeError, which SPEC 8 says to ignore.
 */
export class TransportError extends Error {
  readonly kind: 'timeout' | 'network' | 'http';
  readonly status?: number;
  constructor(kind: TransportError['kind'], message: string, status?: number) {
    super(message);
    this.name = 'TransportError';
    this.kind = kind;
    this.status = status;
  }
}

export const TOKEN_CHECK_PATH = '/api/eosoperator/checkToken';
const TOKEN_CHECK_SUFFIX = '/eosoperator/checkToken';

/**
 * SPEC 8: the callers of these handle every answer themselves. Matched by suffix, so the platform and /modules forms
 * of a path are silent too; the paths are the contract's Silent ones (lib/contract/silent).
 */
export const SILENT_PATHS: readonly string[] = SILENT_CALLS.map((path) => path.replace(/^\/(api|modules)/, ''));

export function isSilentPath(path: string): boolean {
  const bare = path.split('?')[0];
  return SILENT_PATHS.some((suffix) => bare.endsWith(suffix));
}

/**
 * SPEC 1: platform hosts call `/api/platform/...` instead of `/api/...`. Typed as the path it was given: the
 * platform form is answered by the same contract entry, so a call through it keeps that entry's types.
 */
export function platformPath<P extends string>(path: P, platform: boolean): P {
  if (!platform || !path.startsWith('/api/') || path.startsWith('/api/platform/')) return path;
  return `/api/platform/${path.slice('/api/'.length)}` as P;
}

/** A call's body, which may be left out when the contract's body has no required field. */
export type BodyArg<P extends ApiPath> =
  Record<string, never> extends ContractBody<P> ? [body?: ContractBody<P>] : [body: ContractBody<P>];
export type CallArgs<P extends ApiPath> = [...BodyArg<P>, opts?: RequestOptions];

/**
 * The one typed call of an endpoint: the path must be in the contract (lib/contract/endpoints), the body is its
 * body, the answer its data. A function over the client's `request`, not a method, so that any client (the browser's,
 * the server's, a test's stand-in) serves it unchanged.
 */
export function call<P extends ApiPath>(
  client: Pick<ApiClient, 'request'>,
  path: P,
  ...args: CallArgs<P>
): Promise<ContractData<P>> {
  return client.request<ContractData<P>>(path, ...(args as unknown as [unknown?, RequestOptions?]));
}

/**
 * What a failed request tells the user: the server's message, or the client's for a failed transport (the same
 * text its toast shows), or `fallback` when there is nothing to tell (SPEC 8 ignores type errors). Forms that show a
 * failure beside their fields (RequestOptions.shownInline) use it, so the toast and the form say one thing.
 */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.message || SERVER_BUSY_MSG;
  return messageFor(err) ?? fallback;
}

function messageFor(err: unknown): string | null {
  // SPEC 8: type errors are ignored; a caller's own abort is not a failure worth telling about.
  if (err instanceof TypeError) return null;
  if ((err as { name?: unknown } | null)?.name === 'AbortError') return null;
  if (err instanceof TransportError) {
    if (err.kind === 'timeout') return TIMEOUT_MSG;
    if (err.kind === 'http') return SERVER_BUSY_MSG;
  }
  return NETWORK_ERROR_MSG;
}

export function createApiClient(cfg: {
  transport: Transport;
  download?: DownloadTransport;
  hooks: ClientHooks;
  headers: () => Record<string, string>;
}): ApiClient {
  const { hooks } = cfg;
  // SPEC 4.1: parallel calls that all meet the same expired session warn once. Holds the code last
  // warned about; a success or another error response clears it.
  let warnedCode: number | null = null;

  const toRequest = (path: string, body: unknown, opts: RequestOptions): TransportRequest => ({
    path,
    body: body ?? {},
    headers: cfg.headers(),
    timeoutMs: opts.timeoutMs === undefined ? HTTP_TIMEOUT_MS : opts.timeoutMs,
    signal: opts.signal,
  });

  const log = (path: string, code: number | undefined, msg: string) => hooks.log?.({ path, code, msg });

  /** Rule 7: no envelope arrived. */
  const transportFailed = (path: string, err: unknown, quiet: boolean, opts: RequestOptions): never => {
    log(path, undefined, err instanceof Error ? err.message : String(err));
    const message = messageFor(err);
    if (message && !quiet) {
      if (opts.shownInline) hooks.notify('error', message, MESSAGE_DURATION_MS, { announce: false });
      else hooks.notify('error', message, MESSAGE_DURATION_MS);
    }
    throw err;
  };

  /** Rules 2-5: a non-zero envelope. */
  const answerFailed = (path: string, env: Envelope, quiet: boolean, opts: RequestOptions): never => {
    const stay = opts.stayOnSessionError === true;
    const { code, msg, data } = env;
    log(path, code, msg);
    const error = new ApiError(path, code, msg, data);
    if (isSilentPath(path)) throw error;
    if (isSessionCode(code)) {
      const told = stay ? { stay: true } : {};
      if (path.endsWith(TOKEN_CHECK_SUFFIX) && code === CODE_SESSION_NONE) {
        hooks.onSessionError(code, { forced: true, ...told });
        throw error;
      }
      if (warnedCode !== code) hooks.notify('warning', SESSION_MESSAGES[code], MESSAGE_DURATION_MS);
      warnedCode = code;
      hooks.onSessionError(code, { forced: false, ...told });
      throw error;
    }
    warnedCode = null;
    if (!quiet) {
      if (opts.shownInline) hooks.notify('error', msg || SERVER_BUSY_MSG, MESSAGE_DURATION_MS, { announce: false });
      else hooks.notify('error', msg || SERVER_BUSY_MSG, MESSAGE_DURATION_MS);
    }
    throw error;
  };

  async function send<T>(path: string, body: unknown, opts: RequestOptions, quiet: boolean): Promise<T> {
    let env: Envelope;
    try {
      env = await cfg.transport(toRequest(path, body, opts));
    } catch (err) {
      return transportFailed(path, err, quiet, opts);
    }
    if (env.code !== CODE_OK) return answerFailed(path, env, quiet, opts);
    warnedCode = null;
    return env.data as T;
  }

  return {
    request: (path, body, opts = {}) => send(path, body, opts, false),

    async download(path, body, opts = {}) {
      if (!cfg.download) throw new Error('This API client has no download transport');
      let reply: Awaited<ReturnType<DownloadTransport>>;
      try {
        reply = await cfg.download(toRequest(path, body, opts));
      } catch (err) {
        return transportFailed(path, err, false, opts);
      }
      // Rule 10: the server answers a failed download with an envelope instead of the file.
      if (reply.contentType.toLowerCase().includes('application/json')) {
        const env = reply.json as Partial<Envelope> | undefined;
        const code = typeof env?.code === 'number' ? env.code : -1;
        log(path, code, env?.msg ?? DOWNLOAD_FAILED_MSG);
        hooks.notify('error', DOWNLOAD_FAILED_MSG, MESSAGE_DURATION_MS);
        throw new ApiError(path, code, DOWNLOAD_FAILED_MSG, env?.data);
      }
      return reply.blob;
    },

    checkToken(callback) {
      // Rule 9: only the session rules speak here; any other failure is ignored.
      const done = () => setTimeout(callback, TOKEN_CHECK_CALLBACK_DELAY_MS);
      send(TOKEN_CHECK_PATH, {}, {}, true).then(done, done);
    },
  };
}

/* ---- HTTP over fetch: the browser transport, and the server's when API_BASE_URL is set ---- */

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

/**
 * POSTs JSON and reads the reply within the timeout. The timeout covers the body too, since a
 * stalled body is as much a timeout as a stalled connection.
 */
async function timedPost<T>(
  url: string,
  req: TransportRequest,
  init: RequestInit,
  read: (res: Response) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const onTimeout = () => {
    timedOut = true;
    controller.abort();
  };
  const timer = req.timeoutMs === null ? undefined : setTimeout(onTimeout, req.timeoutMs);
  const forwardAbort = () => controller.abort(req.signal?.reason);
  if (req.signal?.aborted) forwardAbort();
  req.signal?.addEventListener('abort', forwardAbort);
  try {
    const res = await fetch(url, {
      ...init,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...req.headers },
      body: JSON.stringify(req.body ?? {}),
      signal: controller.signal,
    });
    return await read(res);
  } catch (err) {
    if (timedOut) throw new TransportError('timeout', `timeout of ${req.timeoutMs}ms exceeded`);
    if (req.signal?.aborted || err instanceof TransportError) throw err;
    // fetch reports an unreachable server as a TypeError; rule 7 must still tell the user.
    throw new TransportError('network', err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', forwardAbort);
  }
}

export function fetchTransport(baseUrl: () => string, init: RequestInit = {}): Transport {
  return (req) =>
    timedPost(`${baseUrl()}${req.path}`, req, init, async (res) => {
      const body: unknown = await res.json().catch(() => undefined);
      if (isEnvelope(body)) return body;
      throw new TransportError('http', `HTTP ${res.status}`, res.status);
    });
}

export function fetchDownload(baseUrl: () => string, init: RequestInit = {}): DownloadTransport {
  return (req) =>
    timedPost(`${baseUrl()}${req.path}`, req, init, async (res) => {
      const contentType = res.headers.get('content-type') ?? '';
      if (contentType.toLowerCase().includes('application/json')) {
        const text = await res.text();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        return { contentType, blob: new Blob([text], { type: contentType }), json };
      }
      if (!res.ok) throw new TransportError('http', `HTTP ${res.status}`, res.status);
      return { contentType, blob: await res.blob() };
    });
}

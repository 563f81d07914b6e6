/**
 * The request hook: the one place the portal reaches into Node's HTTP server. Installed once at start-up
 * (instrumentation.ts), it sees every request before Next.js does, and in this order: stamps the socket's address
 * (http/request-info), gives the request its id (ops/request-context: the `x-request-id` response header and every
 * log line of the request) and counts it when its response ends (ops/metrics, one log line), lets the operations
 * lane answer health and metrics (ops-lane), lets the direct lane answer its few API calls (direct-lane), holds a
 * search page for a new keyword until its address may ask it (search-gate), routes a page request to its site's
 * segment (host-lane), and sends a page from Next.js's page cache as bytes encoded once (encoded-pages).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { stampPeerAddress } from '../http/request-info';
import { applyTransportHeaders } from '../http/transport';
import { log } from '../ops/log';
import { metrics, routeKind } from '../ops/metrics';
import { serveOps } from './ops-lane';
import { requestIdOf, runWithRequestId } from '../ops/request-context';
import { serveDirect } from './direct-lane';
import { sendCachedPagesEncoded } from './encoded-pages';
import { laneInstalled, takeRoute } from './host-lane';
import { gateSearch } from './search-gate';

// Marked on net.Server's prototype, which every module realm shares (a test runner loads this module once per test
// file in one process): a mark on globalThis would let each realm wrap emit again, one wrapper inside the next.
const INSTALLED = Symbol.for('portal.requestHook');
type HookMark = { [INSTALLED]?: boolean };

/**
 * Stamps every request any HTTP(S) server of this process receives (http.Server and https.Server emit through
 * net.Server), hands the direct lane's requests to it (lib/server/lanes/direct-lane) and routes page requests to their
 * site's segment (lib/server/lanes/host-lane).
 */
export function installRequestHook(): void {
  type Emit = (this: net.Server, event: string | symbol, ...args: unknown[]) => boolean;
  const proto = net.Server.prototype as unknown as { emit: Emit } & HookMark;
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function (event, ...args) {
    if (event !== 'request') return emit.call(this, event, ...args);
    const req = args[0] as IncomingMessage;
    const res = args[1] as ServerResponse;
    stampPeerAddress(req);
    applyTransportHeaders(res);
    const requestId = requestIdOf(req);
    req.headers['x-request-id'] = requestId;
    res.setHeader('x-request-id', requestId);
    observe(req, res, requestId);
    if (serveOps(req, res)) return true;
    // Everything that runs for this request (Next.js's handling included) sees its id (ops/request-context).
    return runWithRequestId(requestId, () => {
      if (serveDirect(req, res)) return true;
      const go = () => {
        takeRoute(req);
        sendCachedPagesEncoded(req, res);
        return emit.call(this, event, ...args);
      };
      // Emitted later, once the gate has counted the new keyword (or answered 429 itself).
      if (gateSearch(req, res, () => void go())) return true;
      return go();
    });
  };
  laneInstalled();
}

/** Counts the request by kind and time when its response has gone, and logs one line (the path without its query). */
function observe(req: IncomingMessage, res: ServerResponse, reqId: string): void {
  const started = process.hrtime.bigint();
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const method = req.method;
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const kind = routeKind(path);
    const m = metrics();
    m.requests.inc({ kind, status: `${Math.floor(res.statusCode / 100)}xx` });
    m.latency.observe({ kind }, seconds);
    if (kind !== 'static')
      log.info({ reqId, method, path, status: res.statusCode, ms: Math.round(seconds * 1e4) / 10, kind }, 'request');
  });
}

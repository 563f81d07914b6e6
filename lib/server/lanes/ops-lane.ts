/**
 * The operations lane, taken by the request hook (lib/server/lanes/request-hook) before Next.js sees the request,
 * so that no session, proxy rule or page cache is involved:
 * - GET /api/health: live, `{"status":"ok"}`;
 * - GET /api/health/ready: lib/server/lanes/health, 200 when ready, 503 when not;
 * - GET /metrics: Prometheus text (lib/server/ops/metrics) for a client whose address is in METRICS_ALLOW
 *   (default the loopback addresses), a 404 for any other. The address is the socket's; a request a proxy relayed
 *   (it carries X-Forwarded-For or X-Real-IP) is judged by the address that proxy saw, the last X-Forwarded-For entry,
 *   and only when the proxy is trusted (TRUST_PROXY=1) and itself an allowed address: behind nginx the socket's
 *   address is nginx's loopback, which must not open /metrics to everyone (deploy/nginx.conf also refuses it).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { config } from '../config';
import { readiness } from './health';
import { errorText, log } from '../ops/log';
import { metrics } from '../ops/metrics';

const PATHS = new Set(['/api/health', '/api/health/ready', '/metrics']);

function send(res: ServerResponse, status: number, type: string, body: string, head: boolean): void {
  res.statusCode = status;
  res.setHeader('content-type', type);
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(head ? undefined : body);
}

const json = (res: ServerResponse, status: number, value: unknown, head: boolean) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value), head);

/** `::ffff:127.0.0.1` (an IPv4 client on a dual-stack socket) is 127.0.0.1. */
export function metricsAllowed(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return config().METRICS_ALLOW.includes(plain);
}

const header = (req: Pick<IncomingMessage, 'headers'>, name: string): string => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v.join(',') : (v ?? '')).trim();
};

/** Whether the client of a request may read /metrics: the socket's peer, or through a trusted proxy the proxy's. */
export function metricsAllowedFor(req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean {
  const peer = req.socket?.remoteAddress;
  if (!metricsAllowed(peer)) return false;
  const forwarded = header(req, 'x-forwarded-for');
  const relayed = forwarded !== '' || header(req, 'x-real-ip') !== '';
  if (!relayed) return true;
  // A relayed request without a trusted proxy cannot say who asked: refused, whatever its headers claim.
  if (!config().TRUST_PROXY) return false;
  const client =
    forwarded
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1) || header(req, 'x-real-ip');
  return metricsAllowed(client);
}

/** Answers the request when it is the lane's (returns true); false leaves it to the others. */
export function serveOps(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!PATHS.has(path)) return false;
  const head = req.method === 'HEAD';
  if (path === '/api/health') {
    json(res, 200, { status: 'ok' }, head);
    return true;
  }
  if (path === '/api/health/ready') {
    readiness()
      .then((r) => json(res, r.status === 'ready' ? 200 : 503, r, head))
      .catch((err) => json(res, 503, { status: 'not ready', error: errorText(err) }, head));
    return true;
  }
  if (!metricsAllowedFor(req)) {
    send(res, 404, 'text/plain; charset=utf-8', 'Not Found', head);
    return true;
  }
  const { registry } = metrics();
  registry
    .metrics()
    .then((text) => send(res, 200, registry.contentType, text, head))
    .catch((err) => {
      log.error({ err: errorText(err) }, 'metrics failed');
      send(res, 500, 'text/plain; charset=utf-8', 'metrics failed', head);
    });
  return true;
}

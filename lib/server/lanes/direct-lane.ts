/**
 * The direct lane: the study heartbeat (/api/study/submit) goes from Node's HTTP server straight to the endpoint
 * table, without Next.js's router. Every learner who watches a course sends one every few seconds, so it is the
 * portal's most frequent request by far, and Next.js's request pipeline (routing, its request and async-storage
 * setup, web-stream piping) costs more CPU than the heartbeat itself: an endpoint that touches no database
 * answers about 700/s through it on this 2-core machine. The calls that bring a learner's own part of the
 * cached player and personal centre (their progress, their archive, a course's 收藏 state) take it too: each is
 * the whole per-learner cost of opening those pages. The lane runs the same handler the route handler runs
 * (lib/server/http/api-route handleApiRequest: same validation, session, throttling, envelope) and adds the response
 * headers next.config.mjs gives every other response.
 *
 * The handler registers itself when the API route module loads (app/api/[...path]/route.ts), so the lane opens
 * after the first API request of a process and uses that module's one copy of the database; until then, and for
 * any request it does not take, Next.js serves as usual. Only POSTs to the exact paths registered are taken, and
 * only endpoints that need nothing of Next.js's request context (no revalidateTag, no cookies()) may be.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import SECURITY_HEADERS from '@/lib/security-headers.json';
import { MAX_JSON_BYTES } from '../http/envelope';

type Handler = (request: Request) => Promise<Response>;
type Lane = { paths: ReadonlySet<string>; handler: Handler };

const LANE = Symbol.for('portal.directLane');
type LaneGlobals = { [LANE]?: Lane };

/** Opens the lane for these paths of the endpoint table (those with `direct: true`: dispatch directPaths). */
export function openDirectLane(handler: Handler, paths: readonly string[]): void {
  (globalThis as LaneGlobals)[LANE] = { paths: new Set(paths), handler };
}

export function closeDirectLane(): void {
  delete (globalThis as LaneGlobals)[LANE];
}

/** Takes the request when it is the lane's (answers it and returns true); false leaves it to Next.js. */
export function serveDirect(req: IncomingMessage, res: ServerResponse): boolean {
  const lane = (globalThis as LaneGlobals)[LANE];
  if (!lane || req.method !== 'POST' || !req.url) return false;
  const q = req.url.indexOf('?');
  if (!lane.paths.has(q < 0 ? req.url : req.url.slice(0, q))) return false;
  readBody(req, MAX_JSON_BYTES + 1)
    .then((body) => {
      const headers = new Headers();
      for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
      const proto = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
      // The URL's host is not read (lib/server/http/envelope requestHost reads the Host header), so any Host passes.
      return lane.handler(
        new Request(`${proto}://localhost${req.url}`, { method: 'POST', headers, body: new Uint8Array(body) }),
      );
    })
    .then(async (response) => {
      const body = Buffer.from(await response.arrayBuffer());
      res.statusCode = response.status;
      for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') res.setHeader(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) res.setHeader('set-cookie', cookies);
      res.setHeader('content-length', body.length);
      res.end(body);
    })
    // handleApiRequest answers every failure with an envelope: this is a broken socket
    .catch(() => res.destroy());
  return true;
}

/** The body, or its first `limit` bytes when longer (the handler then refuses it as too large); the rest is left unread. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', done);
      req.off('error', reject);
      resolve(Buffer.concat(chunks, Math.min(size, limit)));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) {
        req.pause();
        done();
      }
    };
    req.on('data', onData);
    req.on('end', done);
    req.on('error', reject);
  });
}

/**
 * What a request says about its sender. The session token (DESIGN 5): the x-access-token header the API client
 * sends, else the session cookie a browser sends by itself (media, downloads, uploads). The client's address, for
 * throttling: the socket's, or with TRUST_PROXY=1 what the proxy in front forwards.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { TOKEN_STORAGE_KEY } from '@/lib/constants';
import { serveDirect } from './direct-lane';
import { laneInstalled, takeRoute } from './host-lane';
import { readCookie } from './read-cookie';

export function requestToken(request: Request): string | null {
  return request.headers.get('x-access-token') || readCookie(request.headers.get('cookie'), TOKEN_STORAGE_KEY);
}

/*
 * A route handler gets a Web Request without the socket, and Next.js copies the socket's address into
 * X-Forwarded-For only when the client sent none, so that header proves nothing. stampPeerAddresses (run once by
 * instrumentation.ts) writes the socket's address into PEER_HEADER of every incoming request, beside a secret of
 * this process that a client cannot know, so a forged PEER_HEADER is ignored.
 */
const PEER_HEADER = 'x-portal-peer';
const SECRET = Symbol.for('portal.peerSecret');
const STAMPED = Symbol.for('portal.peerStamped');
type PeerGlobals = { [SECRET]?: string; [STAMPED]?: boolean };

function peerSecret(): string {
  const g = globalThis as PeerGlobals;
  return (g[SECRET] ??= randomBytes(18).toString('base64url'));
}

export function stampPeerAddress(req: Pick<IncomingMessage, 'headers' | 'socket'>): void {
  req.headers[PEER_HEADER] = `${peerSecret()} ${req.socket?.remoteAddress ?? ''}`;
}

/**
 * Stamps every request any HTTP(S) server of this process receives (http.Server and https.Server emit through
 * net.Server), hands the direct lane's requests to it (lib/server/direct-lane) and routes page requests to their
 * site's segment (lib/server/host-lane).
 */
export function stampPeerAddresses(): void {
  const g = globalThis as PeerGlobals;
  if (g[STAMPED]) return;
  g[STAMPED] = true;
  type Emit = (this: net.Server, event: string | symbol, ...args: unknown[]) => boolean;
  const proto = net.Server.prototype as unknown as { emit: Emit };
  const emit = proto.emit;
  proto.emit = function (event, ...args) {
    if (event === 'request') {
      stampPeerAddress(args[0] as IncomingMessage);
      if (serveDirect(args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
      takeRoute(args[0] as IncomingMessage);
    }
    return emit.call(this, event, ...args);
  };
  laneInstalled();
}

/**
 * The client's address: the socket's; with TRUST_PROXY=1 (the server runs behind a proxy of its own) the last
 * X-Forwarded-For entry, the one that proxy added, else X-Real-IP. '' when unknown.
 */
export function clientAddress(request: Request): string {
  const h = request.headers;
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = (h.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean).at(-1) || h.get('x-real-ip')?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const [secret, address] = (h.get(PEER_HEADER) ?? '').split(' ');
  return secret === peerSecret() && address ? address : '';
}

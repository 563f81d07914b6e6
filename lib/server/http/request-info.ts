/**
 * What a request says about its sender. The session token (docs/design.md §5): the x-access-token header the API client
 * sends, else the session cookie a browser sends by itself (media, downloads, uploads). The client's address, for
 * throttling: the socket's, or with TRUST_PROXY=1 what the proxy in front forwards.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TOKEN_STORAGE_KEY } from '@/lib/constants';
import { readCookie } from './cookies';
import { config } from '../config';

export function requestToken(request: Request): string | null {
  return request.headers.get('x-access-token') || readCookie(request.headers.get('cookie'), TOKEN_STORAGE_KEY);
}

/*
 * A route handler gets a Web Request without the socket, and Next.js copies the socket's address into
 * X-Forwarded-For only when the client sent none, so that header proves nothing. The request hook (lib/server/lanes/request-hook) writes the socket's address into PEER_HEADER of every incoming request, beside a secret of
 * this process that a client cannot know, so a forged PEER_HEADER is ignored.
 */
const PEER_HEADER = 'x-portal-peer';
const SECRET = Symbol.for('portal.peerSecret');
type PeerGlobals = { [SECRET]?: string };

function peerSecret(): string {
  const g = globalThis as PeerGlobals;
  return (g[SECRET] ??= randomBytes(18).toString('base64url'));
}

export function stampPeerAddress(req: Pick<IncomingMessage, 'headers' | 'socket'>): void {
  req.headers[PEER_HEADER] = `${peerSecret()} ${req.socket?.remoteAddress ?? ''}`;
}

/**
 * The socket's address alone, whatever X-Forwarded-For says, even with TRUST_PROXY=1: for callers that talk to an
 * instance directly and are admitted by their address (the live ingest's callbacks). '' when unknown.
 */
export function peerAddress(request: Request): string {
  const [secret, address] = (request.headers.get(PEER_HEADER) ?? '').split(' ');
  return secret === peerSecret() && address ? address : '';
}

/**
 * The client's address: the socket's; with TRUST_PROXY=1 (the server runs behind a proxy of its own) the last
 * X-Forwarded-For entry, the one that proxy added, else X-Real-IP. '' when unknown.
 */
export function clientAddress(request: Request): string {
  const h = request.headers;
  if (config().TRUST_PROXY) {
    const forwarded =
      (h.get('x-forwarded-for') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .at(-1) || h.get('x-real-ip')?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  return peerAddress(request);
}

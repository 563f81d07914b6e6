/**
 * The request hook: the one place the portal reaches into Node's HTTP server. Installed once at start-up
 * (instrumentation.ts), it sees every request before Next.js does, and in this order: stamps the socket's address
 * (http/request-info), lets the direct lane answer its few API calls (direct-lane), holds a search page for a new
 * keyword until its address may ask it (search-gate), and routes a page request to its site's segment (host-lane).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { stampPeerAddress } from '../http/request-info';
import { applyTransportHeaders } from '../http/transport';
import { serveDirect } from './direct-lane';
import { laneInstalled, takeRoute } from './host-lane';
import { gateSearch } from './search-gate';

const STAMPED = Symbol.for('portal.peerStamped');
type HookGlobals = { [STAMPED]?: boolean };

/**
 * Stamps every request any HTTP(S) server of this process receives (http.Server and https.Server emit through
 * net.Server), hands the direct lane's requests to it (lib/server/lanes/direct-lane) and routes page requests to their
 * site's segment (lib/server/lanes/host-lane).
 */
export function installRequestHook(): void {
  const g = globalThis as HookGlobals;
  if (g[STAMPED]) return;
  g[STAMPED] = true;
  type Emit = (this: net.Server, event: string | symbol, ...args: unknown[]) => boolean;
  const proto = net.Server.prototype as unknown as { emit: Emit };
  const emit = proto.emit;
  proto.emit = function (event, ...args) {
    if (event === 'request') {
      stampPeerAddress(args[0] as IncomingMessage);
      applyTransportHeaders(args[1] as ServerResponse);
      if (serveDirect(args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
      const go = () => {
        takeRoute(args[0] as IncomingMessage);
        return emit.call(this, event, ...args);
      };
      // Emitted later, once the gate has counted the new keyword (or answered 429 itself).
      if (gateSearch(args[0] as IncomingMessage, args[1] as ServerResponse, () => void go())) return true;
      return go();
    }
    return emit.call(this, event, ...args);
  };
  laneInstalled();
}


/**
 * The broadcast of invalidations between the instances that share one PostgreSQL database (docs/design.md §6): a write's
 * tags go out with NOTIFY, and every instance LISTENs on one dedicated connection of its own and applies them
 * (lib/server/cache). On PGlite a process is the whole site, and nothing here runs.
 *
 * Why LISTEN/NOTIFY and not Redis: the database is already there and every instance already talks to it, so
 * there is nothing more to run, secure or watch; a notification is delivered to every listener within
 * milliseconds, which is well inside the one second asked; and the pages stay cached where they are served, in
 * each process's memory, so a cached page costs no network round trip. A listener that lost its connection may
 * have missed messages, so on reconnecting it expires everything it holds.
 */
import { config } from './config';
import { randomUUID } from 'node:crypto';
import { processState } from './process-state';

export const CHANNEL = 'portal_invalidate';
/** NOTIFY's payload must stay under 8000 bytes: tags go out in batches well below that. */
const MAX_PAYLOAD = 7000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;
/** A connection that silently died (a dropped route, a frozen server) is found by a ping this often. */
const PING_MS = 10_000;

export interface Invalidation {
  /** The instance that made the write; it applied the tags itself already. */
  from: string;
  tags: string[];
  /** True when the tags also name rendered pages (else only read caches, e.g. sessions). */
  pages: boolean;
}

interface Listener {
  stopped: boolean;
  connected: boolean;
  client: import('pg').Client | null;
  stop: () => Promise<void>;
}

/** This process's name in the broadcast, so it can skip its own messages. */
export const INSTANCE_ID = processState('instanceId', () => randomUUID());

export function broadcastEnabled(): boolean {
  return Boolean(config().DATABASE_URL);
}

/** Splits the tags into payloads under NOTIFY's limit. */
export function payloads(msg: Invalidation): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  const encode = (tags: string[]) => JSON.stringify({ ...msg, tags });
  for (const tag of msg.tags) {
    if (batch.length && encode([...batch, tag]).length > MAX_PAYLOAD) {
      out.push(encode(batch));
      batch = [];
    }
    batch.push(tag);
  }
  if (batch.length) out.push(encode(batch));
  return out;
}

export function parsePayload(text: string): Invalidation | null {
  try {
    const v = JSON.parse(text) as Partial<Invalidation>;
    if (typeof v.from !== 'string' || !Array.isArray(v.tags) || !v.tags.every((t) => typeof t === 'string'))
      return null;
    return { from: v.from, tags: v.tags, pages: v.pages !== false };
  } catch {
    return null;
  }
}

/**
 * Tells the other instances. A failure is logged, not thrown: the write itself is done, and the other instances
 * still catch up by their pages' own revalidation time and the session cache's short life.
 */
export async function publish(tags: readonly string[], pages: boolean): Promise<void> {
  if (!broadcastEnabled() || tags.length === 0) return;
  try {
    const { db } = await import('./db');
    const { sql } = await import('drizzle-orm');
    const d = await db();
    for (const payload of payloads({ from: INSTANCE_ID, tags: [...tags], pages })) {
      await d.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    }
  } catch (err) {
    console.warn(`[cache] broadcast of ${tags.join(', ')} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * Listens for the other instances' invalidations on a connection of its own (not the pool's: a pooled connection
 * is handed to other work, and LISTEN belongs to the session). Reconnects with back-off; on every connection
 * `onGap` runs, since messages sent while it was away are lost. One listener per process.
 */
export function startListener(
  onMessage: (msg: Invalidation) => void,
  onGap: () => void,
  url = config().DATABASE_URL,
): Listener {
  const existing = processState<{ current: Listener | null }>('invalidationListener', () => ({ current: null }));
  if (existing.current && !existing.current.stopped) return existing.current;
  let delay = RECONNECT_MIN_MS;
  let ping: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  const listener: Listener = {
    stopped: false,
    connected: false,
    client: null,
    stop: async () => {
      listener.stopped = true;
      clearInterval(ping);
      clearTimeout(retry);
      const c = listener.client;
      listener.client = null;
      listener.connected = false;
      await c?.end().catch(() => undefined);
    },
  };
  existing.current = listener;

  const lost = (client: import('pg').Client, why: string) => {
    if (listener.client !== client) return;
    listener.client = null;
    listener.connected = false;
    clearInterval(ping);
    client.end().catch(() => undefined);
    if (listener.stopped) return;
    console.warn(`[cache] invalidation listener lost its connection (${why}); reconnecting`);
    retry = setTimeout(connect, delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    if (listener.stopped || !url) return;
    const { Client } = await import('pg');
    const client = new Client({ connectionString: url, keepAlive: true, application_name: 'portal-invalidation' });
    listener.client = client;
    client.on('error', (err) => lost(client, err.message));
    client.on('end', () => lost(client, 'closed'));
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      const msg = parsePayload(n.payload);
      if (msg && msg.from !== INSTANCE_ID) onMessage(msg);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost(client, err instanceof Error ? err.message : String(err));
      return;
    }
    if (listener.stopped || listener.client !== client) return;
    listener.connected = true;
    delay = RECONNECT_MIN_MS;
    // Messages sent before this connection (while away, or before the first) are lost: start afresh.
    onGap();
    ping = setInterval(() => {
      const timer = setTimeout(() => lost(client, 'no answer to a ping'), PING_MS);
      client.query('select 1').then(
        () => clearTimeout(timer),
        (err: Error) => (clearTimeout(timer), lost(client, err.message)),
      );
    }, PING_MS);
    ping.unref();
  };
  void connect();
  return listener;
}

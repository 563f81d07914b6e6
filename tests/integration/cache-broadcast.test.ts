/**
 * The invalidation broadcast between instances (lib/server/invalidation-bus, docs/design.md §6), on PostgreSQL only (on
 * PGlite a process is the whole site and nothing is broadcast): a write's tags go out with NOTIFY, another
 * instance's message is applied here within a second, and a listener whose connection was cut reconnects and
 * expires everything it held, since it may have missed messages.
 */
import { Client } from 'pg';
import {
  invalidate,
  invalidateReadCaches,
  onInvalidate,
  onInvalidatePrefix,
  startInvalidationListener,
} from '@/lib/server/cache';
import { closeDb } from '@/lib/server/db';
import { CHANNEL, INSTANCE_ID, startListener } from '@/lib/server/invalidation-bus';
import PageCacheHandler from '@/lib/server/page-cache/handler.cjs';

const url = process.env.DATABASE_URL;
const onPostgres = url ? describe : describe.skip;

async function until(check: () => boolean, ms = 1000): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}

onPostgres('invalidation broadcast (PostgreSQL LISTEN/NOTIFY)', () => {
  let other: Client;
  const heard: string[] = [];

  beforeAll(async () => {
    other = new Client({ connectionString: url });
    await other.connect();
    await other.query(`LISTEN ${CHANNEL}`);
    other.on('notification', (n) => heard.push(n.payload ?? ''));
    startInvalidationListener();
    const listener = startListener(
      () => undefined,
      () => undefined,
    );
    await until(() => listener.connected, 5000);
  });

  afterAll(async () => {
    await startListener(
      () => undefined,
      () => undefined,
    ).stop();
    await other.end();
    await closeDb();
  });

  it('a write here is sent to the others, marked as from this instance', async () => {
    heard.length = 0;
    await invalidate('catalogue:news');
    await invalidateReadCaches('sessions:42');
    await until(() => heard.length >= 2);
    expect(heard.map((p) => JSON.parse(p))).toEqual([
      { from: INSTANCE_ID, tags: ['catalogue:news'], pages: true },
      { from: INSTANCE_ID, tags: ['sessions:42'], pages: false },
    ]);
  });

  it("another instance's write clears the read caches and expires the pages here within a second", async () => {
    const cleared: string[] = [];
    onInvalidate(['catalogue:trains'], 'test.broadcast', () => cleared.push('trains'));
    onInvalidatePrefix('sessions:', 'test.broadcast.sessions', (tag) => cleared.push(tag));
    const page = new PageCacheHandler({});
    await page.set(
      '/train/index',
      { kind: 'APP_PAGE', html: 'x', headers: { 'x-next-cache-tags': 'catalogue:trains' } },
      {},
    );
    await new Promise((r) => setTimeout(r, 5));
    await other.query('select pg_notify($1, $2)', [
      CHANNEL,
      JSON.stringify({ from: 'another-instance', tags: ['catalogue:trains'], pages: true }),
    ]);
    await other.query('select pg_notify($1, $2)', [
      CHANNEL,
      JSON.stringify({ from: 'another-instance', tags: ['sessions:7'], pages: false }),
    ]);
    await until(() => cleared.length >= 2);
    expect(cleared).toEqual(['trains', 'sessions:7']);
    expect(await page.get('/train/index')).toBeNull();
  });

  it('its own messages are not applied twice', async () => {
    let runs = 0;
    onInvalidate(['catalogue:series'], 'test.own', () => runs++);
    await invalidate('catalogue:series');
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(1);
  });

  it('a listener whose connection is cut reconnects, expires what it held, and hears again', async () => {
    const cleared: string[] = [];
    onInvalidate(['catalogue:courses'], 'test.gap', () => cleared.push('courses'));
    onInvalidatePrefix('chapter:', 'test.gap.chapter', (tag) => cleared.push(tag));
    const listener = startListener(
      () => undefined,
      () => undefined,
    );
    await other.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'portal-invalidation' and pid <> pg_backend_pid()`,
    );
    // On reconnecting, every read cache is cleared (a family is told its prefix alone).
    await until(() => cleared.includes('chapter:'), 10_000);
    await until(() => listener.connected, 5000);
    cleared.length = 0;
    await other.query('select pg_notify($1, $2)', [
      CHANNEL,
      JSON.stringify({ from: 'another-instance', tags: ['chapter:12'], pages: false }),
    ]);
    await until(() => cleared.includes('chapter:12'));
  });
});

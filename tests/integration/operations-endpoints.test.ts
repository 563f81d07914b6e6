/**
 * Operations (issue 23): /api/health, /api/health/ready and /metrics served by the request hook before Next.js,
 * the request id on every response and log line, and the counters others feed (cache invalidations, heartbeats).
 */
import net from 'node:net';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { invalidate } from '@/lib/server/cache';
import { resetConfigForTests } from '@/lib/server/config';
import { closeDb, db } from '@/lib/server/db';
import { installRequestHook } from '@/lib/server/lanes/request-hook';
import { log } from '@/lib/server/ops/log';
import { metrics } from '@/lib/server/ops/metrics';

let server: http.Server;
let port: number;
// The hook wraps net.Server's emit, which every test file of this process shares: put it back afterwards.
const originalEmit = net.Server.prototype.emit;
const proto = net.Server.prototype as unknown as { [k: symbol]: boolean | undefined };

beforeAll(async () => {
  await db(); // created and seeded first: readiness gives a database that is still being made 5 s
  installRequestHook();
  server = http.createServer((req, res) => {
    log.info({ where: 'handler' }, 'inside a request');
    res.end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}, 120_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeDb();
  net.Server.prototype.emit = originalEmit;
  delete proto[Symbol.for('portal.requestHook')];
  delete proto[Symbol.for('portal.laneInstalled')];
});

afterEach(() => {
  delete process.env.METRICS_ALLOW;
  resetConfigForTests();
});

function get(
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('health', () => {
  it('GET /api/health answers live without a session', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/health/ready checks the database, the migrations and the store', async () => {
    const res = await get('/api/health/ready');
    const body = JSON.parse(res.body);
    expect(res.status).toBe(200);
    expect(body.status).toBe('ready');
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.migrations).toMatchObject({ ok: true });
    expect(body.checks.migrations.applied).toBeGreaterThanOrEqual(body.checks.migrations.expected);
    expect(body.checks.store.ok).toBe(true);
  }, 120_000);

  it('answers 503 when the store cannot be written', async () => {
    const saved = process.env.UPLOAD_DIR;
    // a folder inside a file cannot exist
    const file = path.join(tmpdir(), `portal-not-a-folder-${process.pid}`);
    writeFileSync(file, '');
    process.env.UPLOAD_DIR = path.join(file, 'uploads');
    try {
      const res = await get('/api/health/ready');
      expect(res.status).toBe(503);
      const body = JSON.parse(res.body);
      expect(body.status).toBe('not ready');
      expect(body.checks.store.ok).toBe(false);
      expect(body.checks.database.ok).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.UPLOAD_DIR;
      else process.env.UPLOAD_DIR = saved;
    }
  });
});

describe('metrics', () => {
  it('gives Prometheus text to an allowed address', async () => {
    await get('/some/page');
    await invalidate('test:ops-metrics');
    metrics().heartbeats.inc(0);
    const res = await get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/portal_http_requests_total\{kind="page",status="2xx"\} \d+/);
    expect(res.body).toContain('portal_http_request_duration_seconds_bucket');
    expect(res.body).toMatch(/portal_cache_invalidations_total [1-9]/);
    expect(res.body).toContain('portal_heartbeats_accepted_total');
    expect(res.body).toContain('portal_uploads_total');
    expect(res.body).toContain('portal_jobs_total');
    expect(res.body).toContain('portal_db_pool_connections');
  });

  it('is a 404 for an address outside METRICS_ALLOW', async () => {
    process.env.METRICS_ALLOW = '10.1.2.3';
    const res = await get('/metrics');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('portal_');
  });

  it('judges a relayed request by the address its proxy saw, and only behind a trusted proxy (issue 38)', async () => {
    // Behind nginx the socket is loopback: without TRUST_PROXY the real client is unknown, so it is refused.
    expect((await get('/metrics', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await get('/metrics', { 'x-real-ip': '127.0.0.1' })).status).toBe(404);
    process.env.TRUST_PROXY = '1';
    resetConfigForTests();
    try {
      // The last entry is the one the proxy appended; an earlier one is whatever the client sent.
      expect((await get('/metrics', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).status).toBe(404);
      const allowed = await get('/metrics', { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' });
      expect(allowed.status).toBe(200);
      expect(allowed.body).toContain('portal_http_requests_total');
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });
});

describe('request id', () => {
  it('is on every response, taken from a sane incoming one, and on the log lines of the request', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const fresh = await get('/a/page');
      expect(fresh.body).toBe('next');
      const id = String(fresh.headers['x-request-id']);
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const inside = info.mock.calls.map((c) => JSON.parse(String(c[0]))).find((l) => l.msg === 'inside a request');
      expect(inside?.reqId).toBe(id);

      const given = await get('/a/page', { 'x-request-id': 'nginx-0123456789abcdef' });
      expect(given.headers['x-request-id']).toBe('nginx-0123456789abcdef');
      const odd = await get('/a/page', { 'x-request-id': '<script>' });
      expect(odd.headers['x-request-id']).not.toBe('<script>');
      expect((await get('/api/health')).headers['x-request-id']).toBeTruthy();
    } finally {
      info.mockRestore();
    }
  });
});

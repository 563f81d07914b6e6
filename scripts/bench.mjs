#!/usr/bin/env node
/**
 * npm run bench: builds when needed, starts `next start` on port 3200 (BENCH_PORT to change; requests go to 127.0.0.1) with a fresh DATA_DIR
 * (data/bench-<stamp>-<pid>, deleted at the end), warms every URL, then runs autocannon against each target
 * (32 connections, BENCH_WARM_S seconds unmeasured then BENCH_DURATION seconds, defaults 2 and 10) and prints req/s, p50, p99, the ratio of req/s to the
 * baseline page and whether the targets are met. Results also go to bench-results/<stamp>.json.
 * The server is stopped at the end, also on failure or Ctrl-C. BENCH_ONLY=<regex> measures a subset (see below);
 * BENCH_NODE_ARGS are given to the server's node (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it).
 */
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from './lib/build.mjs';
import { ROOT, stamp } from './lib/proc.mjs';
import { httpRequest, scratchRun, startServer, stopServer } from './lib/server.mjs';
import { firstLoad, firstLoadTable } from './lib/first-load.mjs';
import * as catalogueBench from './bench/catalogue.mjs';
import * as accountsBench from './bench/accounts.mjs';
import * as learningBench from './bench/learning.mjs';
import * as spacesBench from './bench/spaces.mjs';
import * as mediaBench from './bench/media.mjs';

/** Each domain adds its own targets and measurements in scripts/bench/<domain>.mjs. */
const DOMAINS = [catalogueBench, accountsBench, learningBench, spacesBench, mediaBench];

/** Every host's home page is as fast as the static page (issue 26); other public pages: scripts/bench/<domain>.mjs. */
const HOME = { ratio: 0.9, p99: 60 };

/**
 * What is measured. One entry per URL: name, path, and optionally host (Host header; default localhost),
 * method (default GET), body (sent as JSON), ratio (minimum req/s relative to the baseline) and p99
 * (maximum p99 latency in ms). An entry without ratio and p99 is measured and printed, with no target.
 * `baseline: true` marks the plain static page every ratio is computed against.
 */
export const TARGETS = [
  { name: 'baseline (static page)', path: '/bench/baseline', baseline: true },
  { name: 'home main', path: '/home', host: 'localhost', ...HOME },
  { name: 'home party', path: '/home', host: 'party.localhost', ...HOME },
  { name: 'home student', path: '/home', host: 'stu.localhost', ...HOME },
  { name: 'home party school (dx)', path: '/home', host: 'dangxiao.localhost', ...HOME },
  { name: 'POST /api/course/homeList', path: '/api/course/homeList', method: 'POST', body: {} },
  // Floors of the framework on this machine, for reading the per-request targets (no targets of their own): a page
  // rendered on every request with no data and no shell, the same inside the portal's shell, and an endpoint that
  // touches no database, through Next.js's router (heartbeats take the direct lane: lib/server/lanes/direct-lane.ts).
  { name: 'floor: bare dynamic page', path: '/bench/dyn' },
  { name: 'floor: dynamic page with the shell', path: '/bench/shell' },
  {
    name: 'floor: endpoint without database',
    path: '/api/study/benchHook',
    method: 'POST',
    body: { action: 'memory' },
  },
  ...DOMAINS.flatMap((d) => d.TARGETS),
];

const PORT = Number(process.env.BENCH_PORT || 3200);
/**
 * Requests go to 127.0.0.1. The server itself is started without `-H` (all interfaces), like npm start:
 * with `-H 127.0.0.1` Next.js 16 treats the proxy's rewrites as external and proxies them to localhost,
 * which fails.
 */
const HOSTNAME = '127.0.0.1';
const CONNECTIONS = 32;
const DURATION = Number(process.env.BENCH_DURATION || 10);
const WARM_REQUESTS = 3;
/**
 * BENCH_ONLY=<regex> measures only the targets and extra measurements whose names match (case-insensitive),
 * plus the baseline every ratio needs: e.g. BENCH_ONLY='search|heartbeat' to re-measure one change quickly.
 */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const wants = (name) => !ONLY || ONLY.test(name);
const SELECTED = TARGETS.filter((t) => t.baseline || wants(t.name));

function requestOf(t) {
  const headers = { host: `${t.host || 'localhost'}:${PORT}` };
  if (t.body !== undefined) headers['content-type'] = 'application/json';
  return { method: t.method || 'GET', headers, body: t.body === undefined ? undefined : JSON.stringify(t.body) };
}

async function warm(t) {
  const statuses = [];
  for (let i = 0; i < WARM_REQUESTS; i++) {
    const { method, headers, body } = requestOf(t);
    try {
      const res = await httpRequest({
        port: PORT,
        hostname: HOSTNAME,
        path: t.path,
        method,
        headers,
        body,
        timeoutMs: 30000,
      });
      statuses.push(res.status);
    } catch (err) {
      statuses.push(`error: ${err.message}`);
    }
  }
  return statuses;
}

/**
 * Seconds of load on each target before it is measured, not counted (BENCH_WARM_S): the first seconds under load
 * after a start compile the server's hot paths, and their pauses would land in the first target's p99.
 */
const WARM_SECONDS = Number(process.env.BENCH_WARM_S ?? 2);

async function measure(t) {
  const { method, headers, body } = requestOf(t);
  const url = `http://${HOSTNAME}:${PORT}${t.path}`;
  // Not for a target that asks a new URL each time: its warm-up would use up the URLs nobody asked before.
  if (WARM_SECONDS > 0 && !t.nextPath) {
    await autocannon({ url, connections: CONNECTIONS, duration: WARM_SECONDS, method, headers, body });
  }
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    method,
    headers,
    body,
    // A target with nextPath asks for a different URL each time (e.g. a new search query).
    ...(t.nextPath ? { requests: [{ setupRequest: (req) => ({ ...req, path: t.nextPath() }) }] } : {}),
  });
  return {
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

function verdict(t, r, baseline) {
  if (t.ratio === undefined && t.p99 === undefined) return { ok: null, why: '' };
  const why = [];
  if (!r.requests) why.push('no responses');
  else if (r.non2xx || r.errors) why.push(`${r.non2xx} non-2xx, ${r.errors} errors`);
  if (t.ratio !== undefined && r.ratio === null) why.push('no baseline');
  else if (t.ratio !== undefined && !(r.ratio >= t.ratio)) why.push(`ratio < ${t.ratio}`);
  if (t.p99 !== undefined && !(r.p99 < t.p99)) why.push(`p99 >= ${t.p99} ms`);
  return { ok: why.length === 0 && baseline.ok !== false, why: why.join('; ') };
}

function table(rows) {
  const head = ['target', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'goal', 'result'];
  const body = rows.map((r) => [
    r.name,
    r.reqPerSec.toFixed(0),
    String(r.p50),
    String(r.p99),
    r.ratio === null ? '-' : r.ratio.toFixed(2),
    [r.target.ratio !== undefined ? `>=${r.target.ratio}` : '', r.target.p99 !== undefined ? `p99<${r.target.p99}` : '']
      .filter(Boolean)
      .join(' ') || '-',
    (r.ok === null ? '-' : r.ok ? 'ok' : 'MISS') +
      (r.why ? ` (${r.why})` : '') +
      (r.ok === null && (r.non2xx || r.errors) ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

const FRESHNESS_TARGET_S = 60;

/** Pages whose first load is printed besides the GET targets: the player as a visitor sees it (trial). */
const FIRST_LOAD_EXTRA = [{ name: 'player /courseView (visitor)', path: '/courseView?courseId=3' }];

/** The first-load table (scripts/lib/first-load.mjs) of every page measured, as a visitor loads it. */
async function measureFirstLoad() {
  const pages = [
    ...SELECTED.filter((t) => (t.method || 'GET') === 'GET' && !t.path.startsWith('/api/')),
    ...FIRST_LOAD_EXTRA,
  ];
  const rows = [];
  for (const t of pages) {
    const fetchHtml = (p) =>
      httpRequest({
        port: PORT,
        hostname: HOSTNAME,
        path: p,
        headers: { host: `${t.host || 'localhost'}:${PORT}` },
        timeoutMs: 30000,
      });
    rows.push({ name: t.name, path: t.path, host: t.host || 'localhost', ...(await firstLoad(fetchHtml, t.path)) });
  }
  console.log(
    `\n[bench] first load of each page (no target; Next.js 16's build no longer prints it):\n${firstLoadTable(rows)}\n`,
  );
  const missing = rows.flatMap((r) => r.missing);
  if (missing.length)
    console.log(`[bench] scripts not found in .next/static (stale build?): ${[...new Set(missing)].join(' ')}`);
  return rows;
}

async function api(path, body, cookie) {
  const headers = { host: `localhost:${PORT}`, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  const res = await httpRequest({
    port: PORT,
    hostname: HOSTNAME,
    path,
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    timeoutMs: 30000,
  });
  return res;
}

/**
 * A write to a home module reaches the cached home page: a manager publishes a notice
 * (captcha answer through the PORTAL_TEST_HOOKS hook), then /home is polled until it shows it.
 */
async function measureFreshness() {
  const cap = JSON.parse((await api('/modules/imgCode/detail', {})).body).data;
  const login = await api('/modules/eosoperator/login', {
    userID: 'manager',
    password: 'Manager_2026',
    code: cap.answer,
    codeUuid: cap.uuid,
  });
  const cookie = []
    .concat(login.headers['set-cookie'] || [])
    .map((c) => c.split(';')[0])
    .join('; ');
  const title = `基准测试公告 ${Date.now()}`;
  const saved = JSON.parse((await api('/api/msgMessageinfo/save', { title, isTop: true }, cookie)).body);
  if (saved.code !== 0) return { ok: false, why: `publish failed: ${saved.msg}` };
  const t0 = Date.now();
  while (Date.now() - t0 < 90_000) {
    const res = await httpRequest({
      port: PORT,
      hostname: HOSTNAME,
      path: '/home',
      method: 'GET',
      headers: { host: `localhost:${PORT}` },
      timeoutMs: 30000,
    });
    if (res.body.includes(title)) {
      const seconds = (Date.now() - t0) / 1000;
      const ok = seconds < FRESHNESS_TARGET_S;
      console.log(
        `[bench] a new notice showed on /home after ${seconds.toFixed(1)} s (target < ${FRESHNESS_TARGET_S} s): ${ok ? 'ok' : 'MISS'}`,
      );
      return { ok, seconds };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`[bench] a new notice did not show on /home within 90 s: MISS`);
  return { ok: false, seconds: null };
}

async function main() {
  await buildIfNeeded();
  const { dataDir, hold, cleanup } = scratchRun('bench');
  try {
    const db = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.relative(ROOT, dataDir)}`;
    console.log(`[bench] next start on port ${PORT} (requests to ${HOSTNAME}), ${db}`);
    if (!process.env.DATABASE_URL) {
      // The first start creates and seeds the embedded database: PGlite's initdb and the seed grow WebAssembly
      // memory that a process never gives back. Measure a server started on an existing database, as every
      // start after the first is.
      const first = await startServer({
        port: PORT,
        env: { DATA_DIR: dataDir },
        stdio: ['ignore', 'ignore', 'inherit'],
        waitPath: '/home',
        waitHost: 'localhost',
        timeoutMs: 180000,
      });
      await httpRequest({
        port: PORT,
        hostname: HOSTNAME,
        path: '/api/course/homeList',
        method: 'POST',
        headers: { host: `localhost:${PORT}`, 'content-type': 'application/json' },
        body: '{}',
      });
      await stopServer(first.child);
    }
    const server = hold(
      await startServer({
        port: PORT,
        env: { DATA_DIR: dataDir, PORTAL_TEST_HOOKS: '1', RATE_LIMITS: 'off' },
        nodeArgs: (process.env.BENCH_NODE_ARGS || '').split(' ').filter(Boolean),
        stdio: ['ignore', 'ignore', 'inherit'],
        waitPath: '/home',
        waitHost: 'localhost',
        timeoutMs: 180000,
      }),
    );
    for (const t of SELECTED) {
      const statuses = await warm(t);
      const bad = statuses.filter((s) => typeof s !== 'number' || s >= 400);
      console.log(
        `[bench] warm ${t.method || 'GET'} ${t.host || 'localhost'}${t.path}: ${statuses.join(' ')}${bad.length ? '  <- not 2xx/3xx' : ''}`,
      );
    }
    const firstLoads = wants('first load') ? await measureFirstLoad() : [];
    console.log(`[bench] autocannon: ${CONNECTIONS} connections, ${DURATION} s per target, ${SELECTED.length} targets`);
    const measured = [];
    for (const t of SELECTED) {
      process.stdout.write(`[bench] ${t.name} ... `);
      const r = await measure(t);
      console.log(`${r.reqPerSec.toFixed(0)} req/s`);
      measured.push({ t, r });
    }
    const base = measured.find((m) => m.t.baseline);
    const baseOk = base && !base.r.non2xx && !base.r.errors && base.r.reqPerSec > 0;
    if (!baseOk) console.log('[bench] the baseline page did not answer 2xx: ratios are not meaningful');
    const rows = measured.map(({ t, r }) => {
      const ratio = base && !t.baseline && base.r.reqPerSec > 0 ? r.reqPerSec / base.r.reqPerSec : null;
      const row = { name: t.name, ...r, ratio, target: { ratio: t.ratio, p99: t.p99 } };
      return { ...row, ...verdict(t, row, { ok: baseOk }) };
    });
    console.log(`\n${table(rows)}\n`);
    const outDir = path.join(ROOT, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `${stamp()}.json`);
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      results: rows.map((row, i) => ({ ...SELECTED[i], ...row, body: SELECTED[i].body })),
      firstLoad: firstLoads,
    };
    writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
    const freshness = wants('home freshness') ? await measureFreshness() : { ok: true, skipped: true };
    report.freshness = freshness;
    writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
    const extras = [];
    for (const d of DOMAINS) {
      const out = await d.extra({
        port: PORT,
        hostname: HOSTNAME,
        api,
        httpRequest,
        baseline: base ? base.r.reqPerSec : 0,
        serverPid: server.pid,
        wants,
      });
      for (const row of out) {
        console.log(`[bench] ${row.name}: ${row.detail} ${row.ok === false ? 'MISS' : row.ok ? 'ok' : ''}`.trimEnd());
        extras.push(row);
      }
    }
    report.extra = extras;
    writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
    const misses =
      rows.filter((r) => r.ok === false).length + (freshness.ok ? 0 : 1) + extras.filter((r) => r.ok === false).length;
    console.log(
      `[bench] ${misses ? `${misses} target(s) missed` : 'all targets met'}; results in ${path.relative(ROOT, file)}`,
    );
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`[bench] ${err.message}`);
    process.exit(1);
  },
);

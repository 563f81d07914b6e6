#!/usr/bin/env node
/**
 * Figures of the cluster (issue 23; `node scripts/bench/cluster.mjs`): the cluster of npm run cluster (nginx in front
 * of 3 instances on PostgreSQL, port 3780 by CLUSTER_BENCH_PORT) under autocannon, 32 connections:
 * - the cached home page through nginx against the same page from one instance without nginx (target ratio 0.8);
 * - heartbeats through nginx (scripts/bench/learning.mjs's, BENCH_LEARNERS learners; target 1000/s, none lost);
 * - one instance's resident memory after CLUSTER_BENCH_MEMORY_S seconds (default 600) of mixed load through nginx
 *   against its figure after the first 60 (target within 20%).
 * BENCH_DURATION seconds per throughput run (default 10). Writes bench-results/cluster-<time>.json.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startCluster } from '../cluster.mjs';
import { ROOT, stamp } from '../lib/proc.mjs';
import { httpRequest } from '../lib/server.mjs';
import * as learningBench from './learning.mjs';

const PORT = Number(process.env.CLUSTER_BENCH_PORT || 3780);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const MEMORY_S = Number(process.env.CLUSTER_BENCH_MEMORY_S || 600);
const FIRST_S = Math.min(60, MEMORY_S);
const CONNECTIONS = 32;

const rssMb = (pid) => {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return NaN;
  }
};

async function pageRate(port, label) {
  for (let i = 0; i < 5; i++) await httpRequest({ port, path: '/home', host: 'localhost' });
  const r = await autocannon({
    url: `http://127.0.0.1:${port}/home`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { host: `localhost:${port}` },
  });
  console.log(
    `[bench] ${label}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`,
  );
  return { reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

/** Mixed load through nginx: cached pages of several kinds, searches for new words, the player's call and heartbeats. */
async function mixedLoad(port, seconds, learner, setup) {
  let beat = 0;
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 16,
    duration: seconds,
    requests: [
      { method: 'GET', path: '/home', headers: { host: `localhost:${port}` } },
      { method: 'GET', path: '/course/index', headers: { host: `localhost:${port}` } },
      { method: 'GET', path: '/home', headers: { host: `party.localhost:${port}` } },
      { method: 'GET', path: '/notice/index', headers: { host: `localhost:${port}` } },
      // A word nobody asked before: a page rendered and cached (the cache grows to its bound).
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path: `/search/index?keyword=${encodeURIComponent(`课程${Math.random().toString(36).slice(2, 7)}`)}`,
          headers: { host: `localhost:${port}` },
        }),
      },
      {
        method: 'POST',
        path: '/api/study/submit',
        setupRequest: (req) => {
          const l = setup.learners[beat++ % setup.learners.length];
          return {
            ...req,
            headers: { host: `localhost:${port}`, 'content-type': 'application/json', 'x-access-token': l.token },
            body: JSON.stringify({
              submitId: randomUUID(),
              courseId: setup.courseId,
              chapterId: setup.chapterId,
              position: 1,
              from: 0,
              to: 1,
              watched: 1,
            }),
          };
        },
      },
      {
        method: 'POST',
        path: '/api/course/progress',
        headers: { host: `localhost:${port}`, 'content-type': 'application/json', cookie: learner },
        body: JSON.stringify({ courseId: 3 }),
      },
    ],
  });
  return r;
}

/** One instance's memory from its test hook (MB): resident, JS heap, and what is live after a full collection. */
async function memoryOf(port) {
  const r = await httpRequest({
    port,
    path: '/api/study/benchHook',
    method: 'POST',
    host: 'localhost',
    body: { action: 'memory' },
    headers: { 'content-type': 'application/json' },
  });
  return JSON.parse(r.body).data;
}

async function main() {
  // Heartbeats' own figure compares with PostgreSQL's target (learning.mjs reads DATABASE_URL for it).
  const cluster = await startCluster({
    port: PORT,
    testHooks: true,
    nodeArgs: (process.env.CLUSTER_BENCH_NODE_ARGS ?? '--max-old-space-size=256').split(' ').filter(Boolean),
    database: 'portal_cluster_bench',
    log: (m) => console.log(m),
  });
  process.env.DATABASE_URL = cluster.databaseUrl;
  const rows = [];
  const stop = async () => {
    await cluster.stop();
  };
  process.on('SIGINT', () => stop().then(() => process.exit(130)));
  try {
    const api = (p, body, cookie) =>
      httpRequest({
        port: cluster.port,
        path: p,
        method: 'POST',
        host: 'localhost',
        body,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      });

    const direct = await pageRate(cluster.instances[0].port, 'home from one instance, without nginx');
    const proxied = await pageRate(cluster.port, `home through nginx to ${cluster.instances.length} instances`);
    const ratio = proxied.reqPerSec / direct.reqPerSec;
    rows.push({
      name: `cached home: nginx + ${cluster.instances.length} instances / one instance`,
      ok: ratio >= 0.8,
      detail: `${proxied.reqPerSec.toFixed(0)} / ${direct.reqPerSec.toFixed(0)} req/s = ${ratio.toFixed(2)} (target >= 0.80)`,
      proxied,
      direct,
      ratio,
    });

    const hb = await learningBench.extra({
      port: cluster.port,
      hostname: '127.0.0.1',
      api,
      httpRequest,
      wants: (k) => /heartbeats/.test(k),
    });
    for (const r of hb) rows.push({ ...r, name: `${r.name} through nginx` });

    if (MEMORY_S > 0) {
      const setup = JSON.parse((await api('/api/study/benchHook', { action: 'setup', count: 200 })).body).data;
      const cap = JSON.parse((await api('/modules/imgCode/detail', {})).body).data;
      const login = await api('/modules/eosoperator/login', {
        userID: 'learner',
        password: 'Learner_2026',
        code: cap.answer,
        codeUuid: cap.uuid,
      });
      const cookie = []
        .concat(login.headers['set-cookie'] || [])
        .map((c) => c.split(';')[0])
        .join('; ');
      const pid = cluster.instances[0].child.pid;
      console.log(
        `[bench] mixed load through nginx for ${MEMORY_S} s; instance 1 (pid ${pid}) at ${rssMb(pid).toFixed(0)} MB`,
      );
      const first = await mixedLoad(cluster.port, FIRST_S, cookie, setup);
      const atFirst = rssMb(pid);
      console.log(
        `[bench] after ${FIRST_S} s: ${atFirst.toFixed(0)} MB (${first.requests.average.toFixed(0)} req/s, non-2xx ${first.non2xx})`,
      );
      // A curve, not two points: the page cache fills to its bound first, so growth that levels off is a fill and
      // growth that keeps its slope is a leak. heapLive is the heap after a full collection when the instances run
      // with --expose-gc (CLUSTER_BENCH_NODE_ARGS; the default is the deployed heap bound).
      const curve = [{ s: FIRST_S, ...(await memoryOf(cluster.instances[0].port)) }];
      const sampler = setInterval(async () => {
        const m = await memoryOf(cluster.instances[0].port).catch(() => null);
        if (!m) return;
        curve.push({ s: curve[curve.length - 1].s + 60, ...m });
        console.log(`[bench] memory at ${curve[curve.length - 1].s} s: ${JSON.stringify(m)}`);
      }, 60_000);
      const rest = MEMORY_S - FIRST_S > 0 ? await mixedLoad(cluster.port, MEMORY_S - FIRST_S, cookie, setup) : null;
      clearInterval(sampler);
      const atEnd = rssMb(pid);
      const growth = atEnd / atFirst - 1;
      rows.push({
        name: `instance memory after ${MEMORY_S} s of mixed load vs after ${FIRST_S} s`,
        ok: Math.abs(growth) <= 0.2,
        detail: `${atFirst.toFixed(0)} MB -> ${atEnd.toFixed(0)} MB (${(growth * 100).toFixed(0)}%, target within 20%)${rest ? `, ${rest.requests.average.toFixed(0)} req/s, non-2xx ${rest.non2xx}` : ''}`,
        atFirst,
        atEnd,
        curve,
      });
    }
  } finally {
    await stop();
  }
  console.log('\n=== cluster figures');
  for (const r of rows) console.log(`${r.ok === undefined ? '    ' : r.ok ? 'ok  ' : 'MISS'}  ${r.name}: ${r.detail}`);
  const dir = path.join(ROOT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `cluster-${stamp()}.json`);
  writeFileSync(
    file,
    JSON.stringify({ at: new Date().toISOString(), duration: DURATION, memorySeconds: MEMORY_S, rows }, null, 2),
  );
  console.log(`[bench] written ${path.relative(ROOT, file)}`);
}

main().catch((err) => {
  console.error(`[bench] ${err.stack || err.message}`);
  process.exit(1);
});

#!/usr/bin/env node
/**
 * The unit report's figures (issue 25), standalone on PostgreSQL: `node scripts/bench/reports.mjs` (builds when
 * needed). A database of its own (REPORT_BENCH_DB, default portal_report_bench: dropped and created afresh
 * on the PostgreSQL of REPORT_BENCH_PG, default postgres://postgres:postgres@127.0.0.1:5432) seeded with the demo
 * data and SEED_LEARNERS (default 50000) extra learners; one server on REPORT_BENCH_PORT (3130).
 * Measures, as the demo `manager` (every power over the whole institution):
 *   - the unit report (POST /api/manage/unitReport, first page of 20 with totals and months): median and worst of
 *     REPORT_BENCH_RUNS requests, target < 1000 ms;
 *   - the learners' export as CSV and as xlsx (every learner): time to the last byte, target < 10 s; the server's
 *     resident memory sampled every 100 ms during it (before, peak, after), and the health check's worst answer time
 *     meanwhile (the server is not blocked).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { startServer, stopServer, httpRequest } from '../lib/server.mjs';
import { buildIfNeeded } from '../lib/build.mjs';

const PORT = Number(process.env.REPORT_BENCH_PORT || 3130);
const PG = process.env.REPORT_BENCH_PG || 'postgres://postgres:postgres@127.0.0.1:5432';
const DB = process.env.REPORT_BENCH_DB || 'portal_report_bench';
const LEARNERS = Number(process.env.SEED_LEARNERS || 50000);
const RUNS = Number(process.env.REPORT_BENCH_RUNS || 10);

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: `${PG}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  await admin.end();
}

const rssMb = (pid) => {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
};

async function post(path, body, token) {
  const t0 = performance.now();
  const res = await httpRequest({
    port: PORT,
    path,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    body,
    timeoutMs: 120000,
  });
  return { ms: performance.now() - t0, json: JSON.parse(res.body) };
}

async function signIn() {
  const cap = (await post('/modules/imgCode/detail', {})).json.data;
  const login = (
    await post('/modules/eosoperator/login', {
      userID: 'manager',
      password: 'Manager_2026',
      code: cap.answer,
      codeUuid: cap.uuid,
    })
  ).json;
  if (login.code !== 0) throw new Error(`sign-in failed: ${login.code} ${login.msg}`);
  return login.data.token;
}

/** Downloads an export, counting bytes and lines, while sampling the server's memory and the health check. */
function download(path, token, pid) {
  return new Promise((resolve, reject) => {
    const samples = [];
    let worstHealth = 0;
    let done = false;
    const sampler = setInterval(() => samples.push(rssMb(pid)), 100);
    const health = async () => {
      while (!done) {
        const t0 = performance.now();
        await httpRequest({ port: PORT, path: '/api/health' }).catch(() => undefined);
        worstHealth = Math.max(worstHealth, performance.now() - t0);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    void health();
    const before = rssMb(pid);
    const t0 = performance.now();
    const req = http.get({ host: '127.0.0.1', port: PORT, path, headers: { 'x-access-token': token } }, (res) => {
      let bytes = 0;
      let lines = 0;
      let first = 0;
      res.on('data', (c) => {
        if (!first) first = performance.now() - t0;
        bytes += c.length;
        for (const b of c) if (b === 10) lines++;
      });
      res.on('end', () => {
        done = true;
        clearInterval(sampler);
        const ms = performance.now() - t0;
        setTimeout(() => {
          resolve({
            status: res.statusCode,
            ms,
            firstByteMs: first,
            bytes,
            lines,
            rssBefore: before,
            rssPeak: Math.max(before, ...samples),
            rssAfter: rssMb(pid),
            worstHealthMs: worstHealth,
          });
        }, 300);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const fmt = (n) => Math.round(n);

async function main() {
  await buildIfNeeded({ log: (m) => console.log(`[reports] ${m}`) });
  await freshDatabase();
  console.log(`[reports] database ${DB}: seeding the demo data and ${LEARNERS} extra learners on first request`);
  const seedStart = performance.now();
  const server = await startServer({
    port: PORT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      DATABASE_URL: `${PG}/${DB}`,
      SEED: 'demo',
      SEED_LEARNERS: String(LEARNERS),
      PORTAL_TEST_HOOKS: '1',
      RATE_LIMITS: 'off',
      DATA_DIR: undefined,
    },
    waitPath: '/api/health/ready',
    timeoutMs: 900000,
  });
  // Interrupted: the server goes too (it would keep the port).
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => stopServer(server.child).then(() => process.exit(130)));
  try {
    // /api/health/ready answers 503 until the database is migrated and seeded.
    for (;;) {
      const ready = await httpRequest({ port: PORT, path: '/api/health/ready', timeoutMs: 900000 }).catch(() => null);
      if (ready?.status === 200) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    // What autovacuum does after a bulk load, at once: planner statistics and the visibility map (index-only scans).
    const client = new pg.Client({ connectionString: `${PG}/${DB}` });
    await client.connect();
    await client.query('vacuum analyze operators, study_records');
    await client.end();
    const token = await signIn();
    console.log(`[reports] ready after ${fmt((performance.now() - seedStart) / 1000)} s`);
    const first = await post('/api/manage/unitReport', { pageNum: 1, pageSize: 20 }, token);
    if (first.json.code !== 0) throw new Error(`unitReport: ${first.json.code} ${first.json.msg}`);
    const learners = first.json.data.totals.learners;
    console.log(
      `[reports] unit report: ${learners} learners, ${first.json.data.totals.met} met (first call ${fmt(first.ms)} ms)`,
    );
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await post('/api/manage/unitReport', { pageNum: 1 + (i % 5), pageSize: 20 }, token);
      if (r.json.code !== 0) throw new Error(`unitReport: ${r.json.code} ${r.json.msg}`);
      times.push(r.ms);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const worst = times[times.length - 1];
    const filtered = await post('/api/manage/unitReport', { met: false, positionLevel: 1, pageNum: 3 }, token);
    const rows = [
      [
        'unit report, page of 20 with totals and months',
        `median ${fmt(median)} ms, worst ${fmt(worst)} ms`,
        '< 1000 ms',
        worst < 1000,
      ],
      ['unit report, filtered (not met, 副县处级), page 3', `${fmt(filtered.ms)} ms`, '< 1000 ms', filtered.ms < 1000],
    ];
    // First a CSV export of one organisation (a few thousand learners): memory that grew with the rows would grow
    // by far less here than in the export of every learner below.
    const orgId = first.json.data.orgs[0].id;
    const small = await download(`/api/manage/export?table=learners&format=csv&orgId=${orgId}`, token, server.pid);
    rows.push([
      `export csv of one organisation (${small.lines - 1} rows): RSS`,
      `${small.rssBefore} -> peak ${small.rssPeak} MB (+${small.rssPeak - small.rssBefore} MB) in ${(small.ms / 1000).toFixed(1)} s`,
      'compare',
      true,
    ]);
    for (const format of ['csv', 'xlsx']) {
      const e = await download(`/api/manage/export?table=learners&format=${format}`, token, server.pid);
      if (e.status !== 200) throw new Error(`export ${format}: HTTP ${e.status}`);
      rows.push([
        `export ${format}, ${learners} learners (${(e.bytes / 1048576).toFixed(1)} MB${format === 'csv' ? `, ${e.lines - 1} rows` : ''})`,
        `${(e.ms / 1000).toFixed(1)} s (first byte ${fmt(e.firstByteMs)} ms)`,
        '< 10 s',
        e.ms < 10000,
      ]);
      rows.push([
        `  server RSS during the ${format} export`,
        `${e.rssBefore} -> peak ${e.rssPeak} -> ${e.rssAfter} MB (+${e.rssPeak - e.rssBefore} MB)`,
        'flat',
        e.rssPeak - e.rssBefore < 100,
      ]);
      rows.push([
        `  worst /api/health answer during it`,
        `${fmt(e.worstHealthMs)} ms`,
        'not blocked',
        e.worstHealthMs < 1000,
      ]);
    }
    console.log('\n| figure | measured | target | met |\n| --- | --- | --- | --- |');
    for (const [name, got, target, met] of rows)
      console.log(`| ${name} | ${got} | ${target} | ${met ? 'yes' : 'NO'} |`);
    process.exitCode = rows.every((r) => r[3]) ? 0 : 1;
  } finally {
    await stopServer(server.child);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

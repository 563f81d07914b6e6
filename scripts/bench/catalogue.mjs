/**
 * The catalogue domain's part of `npm run bench` (scripts/bench.mjs).
 * TARGETS: the public catalogue pages on the main host (>= 0.60 of the baseline, p99 < 100 ms) and search
 * (per query: >= 0.25, p99 < 200 ms), plus search with a new query on every request (no target).
 * extra(): (1) an edit to a course shows on its cached detail page within 60 s; (2) list throughput at 10x
 * the demo catalogue: a second server seeded with SEED_SCALE=10 (port BENCH_PORT+5), the ratio of its
 * list-page and list-API req/s to the 1x server's (target >= 0.8); (3) search at 10x (searchAtScale).
 */
import autocannon from 'autocannon';
import { freshDataDir, removeDataDir, startServer, stopServer } from '../lib/server.mjs';

const PAGE = { ratio: 0.6, p99: 100 };
const SEARCH = { ratio: 0.25, p99: 200 };
const COURSE_ID = 5;
const NEWS_ID = 3;

const QUERY_CHARS = '科研管理党建创新数据安全政策教育培训人才技术经济法律国际文化历史生态能源信息网络工程医学农业';
let queries = 0;
/** The next of all two-character queries over QUERY_CHARS. */
function freshQuery() {
  const n = QUERY_CHARS.length;
  const i = queries++;
  return `/search/index?key=${encodeURIComponent(QUERY_CHARS[i % n] + QUERY_CHARS[Math.floor(i / n) % n])}`;
}

export const TARGETS = [
  { name: 'course list main', path: '/course/index', ...PAGE },
  { name: 'course list t=302 page 2', path: '/course/index?t=302&page=2', ...PAGE },
  { name: 'course detail main', path: `/course/detail?id=${COURSE_ID}`, ...PAGE },
  { name: 'train list main', path: '/train/index', ...PAGE },
  { name: 'news detail main', path: `/notice/newsDetail?id=${NEWS_ID}`, ...PAGE },
  // Each query's results page is cached per site like the lists; the target is on a query asked again.
  { name: 'search 科研 (per query)', path: `/search/index?key=${encodeURIComponent('科研')}`, ...SEARCH },
  // No target: a query nobody asked before, rendered for its first visitor (2116 two-character queries in turn).
  { name: 'search, a new query each time', path: freshQuery(), nextPath: freshQuery },
  {
    name: 'POST /api/course/list',
    path: '/api/course/list',
    method: 'POST',
    body: { categoryCode: 302, pageNum: 2, pageSize: 12 },
  },
];

const DURATION = Number(process.env.BENCH_DURATION || 10);
const FRESHNESS_TARGET_S = 60;

async function rate(port, hostname, t) {
  const headers = { host: `localhost:${port}`, ...(t.body ? { 'content-type': 'application/json' } : {}) };
  const r = await autocannon({
    url: `http://${hostname}:${port}${t.path}`,
    connections: 32,
    duration: DURATION,
    method: t.method || 'GET',
    headers,
    body: t.body ? JSON.stringify(t.body) : undefined,
  });
  return { reqPerSec: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors };
}

async function warm(httpRequest, port, hostname, t) {
  for (let i = 0; i < 3; i++) {
    await httpRequest({
      port,
      hostname,
      path: t.path,
      method: t.method || 'GET',
      headers: { host: `localhost:${port}`, ...(t.body ? { 'content-type': 'application/json' } : {}) },
      body: t.body ? JSON.stringify(t.body) : undefined,
      timeoutMs: 60000,
    });
  }
}

async function courseFreshness({ port, hostname, api, httpRequest }) {
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
  const title = `基准测试课程标题 ${Date.now()}`;
  const saved = JSON.parse((await api('/api/course/manage/update', { id: COURSE_ID, title }, cookie)).body);
  if (saved.code !== 0) return { name: 'course edit -> detail page', ok: false, detail: `edit failed: ${saved.msg}` };
  const t0 = Date.now();
  while (Date.now() - t0 < 90_000) {
    const res = await httpRequest({
      port,
      hostname,
      path: `/course/detail?id=${COURSE_ID}`,
      headers: { host: `localhost:${port}` },
      timeoutMs: 30000,
    });
    if (res.body.includes(title)) {
      const s = (Date.now() - t0) / 1000;
      return {
        name: 'course edit -> detail page',
        ok: s < FRESHNESS_TARGET_S,
        detail: `shown after ${s.toFixed(1)} s (target < ${FRESHNESS_TARGET_S} s)`,
      };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { name: 'course edit -> detail page', ok: false, detail: 'not shown within 90 s' };
}

async function scaleRatio({ port, hostname, httpRequest }) {
  const lists = [
    { name: 'course list page', path: '/course/index?t=302&page=2' },
    { name: 'train list page', path: '/train/index?month=0' },
    {
      name: 'course list API',
      path: '/api/course/list',
      method: 'POST',
      body: { categoryCode: 302, pageNum: 2, pageSize: 12 },
    },
    { name: 'train list API', path: '/api/train/list', method: 'POST', body: { month: 0, pageNum: 2, pageSize: 10 } },
  ];
  const one = {};
  for (const t of lists) {
    await warm(httpRequest, port, hostname, t);
    one[t.name] = await rate(port, hostname, t);
  }
  const port10 = port + 5;
  const dataDir = freshDataDir('bench10x');
  let server;
  const rows = [];
  try {
    server = await startServer({
      port: port10,
      env: { DATA_DIR: dataDir, SEED_SCALE: '10', RATE_LIMITS: 'off' },
      stdio: ['ignore', 'ignore', 'inherit'],
      waitPath: '/home',
      waitHost: 'localhost',
      timeoutMs: 300000,
    });
    for (const t of lists) {
      await warm(httpRequest, port10, hostname, t);
      const ten = await rate(port10, hostname, t);
      const ratio = ten.reqPerSec / one[t.name].reqPerSec;
      rows.push({
        name: `10x/1x ${t.name}`,
        ok: t.path.startsWith('/api/') ? null : ratio >= 0.8,
        detail: `${one[t.name].reqPerSec.toFixed(0)} -> ${ten.reqPerSec.toFixed(0)} req/s, ratio ${ratio.toFixed(2)} (p99 ${one[t.name].p99} -> ${ten.p99} ms${ten.bad ? `, ${ten.bad} bad` : ''})${t.path.startsWith('/api/') ? '' : ' target >= 0.8'}`,
      });
    }
  } catch (err) {
    rows.push({ name: '10x catalogue', ok: false, detail: `failed: ${err.message}` });
  } finally {
    if (server) await stopServer(server.child);
    removeDataDir(dataDir);
  }
  return rows;
}

/** Keywords of the search measurements at 10x: exact, pinyin, initials, near misses, mixed. */
const SEARCH_KEYS = ['党史', '科研', '人工智能', 'dangshi', 'rgzn', '人工只能', 'Python 科学计算', '学习党史'];
const SEARCH_10X = { ratio: 0.5, p99: 100 };

/**
 * Search at 10x the demo catalogue (SEED_SCALE=10, port BENCH_PORT+6) against that server's home page: a
 * keyword's results page asked again (target >= 0.5 of the home page, p99 < 100 ms), and with no target the
 * search API over several keywords in turn and a results page for a keyword nobody asked before.
 */
async function searchAtScale({ port, hostname, httpRequest }) {
  const port10 = port + 6;
  const dataDir = freshDataDir('bench10xsearch');
  let server;
  const rows = [];
  try {
    server = await startServer({
      port: port10,
      env: { DATA_DIR: dataDir, SEED_SCALE: '10', RATE_LIMITS: 'off' },
      stdio: ['ignore', 'ignore', 'inherit'],
      waitPath: '/home',
      waitHost: 'localhost',
      timeoutMs: 300000,
    });
    const home = { name: 'home', path: '/home' };
    await warm(httpRequest, port10, hostname, home);
    const base = await rate(port10, hostname, home);
    rows.push({ name: '10x home main', ok: null, detail: `${base.reqPerSec.toFixed(0)} req/s, p99 ${base.p99} ms` });
    for (const key of SEARCH_KEYS) {
      await warm(httpRequest, port10, hostname, { path: `/search/index?key=${encodeURIComponent(key)}` });
    }
    const page = { name: 'search page', path: `/search/index?key=${encodeURIComponent('党史')}` };
    const r = await rate(port10, hostname, page);
    const ratio = r.reqPerSec / base.reqPerSec;
    rows.push({
      name: '10x search 党史 (per query)',
      ok: ratio >= SEARCH_10X.ratio && r.p99 < SEARCH_10X.p99,
      detail: `${r.reqPerSec.toFixed(0)} req/s, ratio ${ratio.toFixed(2)} of home, p99 ${r.p99} ms${r.bad ? `, ${r.bad} bad` : ''} (target >= ${SEARCH_10X.ratio}, p99 < ${SEARCH_10X.p99} ms)`,
    });
    // The API over the keywords in turn (each answered from the search cache after its first request).
    let k = 0;
    const api = await autocannon({
      url: `http://${hostname}:${port10}/api/search/full`,
      connections: 32,
      duration: DURATION,
      method: 'POST',
      headers: { host: `localhost:${port10}`, 'content-type': 'application/json' },
      requests: [
        { setupRequest: (req) => ({ ...req, body: JSON.stringify({ key: SEARCH_KEYS[k++ % SEARCH_KEYS.length] }) }) },
      ],
    });
    rows.push({
      name: '10x POST /api/search/full, keywords in turn',
      ok: null,
      detail: `${api.requests.average.toFixed(0)} req/s, ratio ${(api.requests.average / base.reqPerSec).toFixed(2)} of home, p99 ${api.latency.p99} ms`,
    });
    // A keyword nobody asked before on every request: the index's own cost (the page renders four searches).
    let q = 0;
    const fresh = await autocannon({
      url: `http://${hostname}:${port10}/search/index`,
      connections: 8,
      duration: DURATION,
      headers: { host: `localhost:${port10}` },
      requests: [
        {
          setupRequest: (req) => {
            const n = QUERY_CHARS.length;
            const i = q++;
            const key = QUERY_CHARS[i % n] + QUERY_CHARS[Math.floor(i / n) % n];
            return { ...req, path: `/search/index?key=${encodeURIComponent(key)}` };
          },
        },
      ],
    });
    rows.push({
      name: '10x search, a new query each time',
      ok: null,
      detail: `${fresh.requests.average.toFixed(0)} req/s, p50 ${fresh.latency.p50} ms, p99 ${fresh.latency.p99} ms${fresh.non2xx + fresh.errors ? `, ${fresh.non2xx + fresh.errors} bad` : ''}${fresh.requests.total > QUERY_CHARS.length ** 2 ? ' (queries repeated: lengthen QUERY_CHARS)' : ''}`,
    });
  } catch (err) {
    rows.push({ name: '10x search', ok: false, detail: `failed: ${err.message}` });
  } finally {
    if (server) await stopServer(server.child);
    removeDataDir(dataDir);
  }
  return rows;
}

export async function extra(ctx) {
  const wants = ctx.wants ?? (() => true);
  return [
    ...(wants('course edit freshness') ? [await courseFreshness(ctx)] : []),
    ...(wants('10x catalogue') ? await scaleRatio(ctx) : []),
    ...(wants('10x search') ? await searchAtScale(ctx) : []),
  ];
}

#!/usr/bin/env node
/**
 * node scripts/bench/memory-rounds.mjs: is the server's memory a leak or a bound? Builds when needed, starts
 * `next start --expose-gc` on port 3206 (MEMORY_PORT) with a fresh seeded PGlite DATA_DIR (deleted at the end), signs
 * in the demo learner, then runs rounds of load (16 connections, ROUND_SECONDS each, default 12): new search queries
 * (each a new cached page), the player, the personal centre, course list pages. After each round it prints the
 * server's resident memory, heap and the heap still live after a full collection (the bench hook, PORTAL_TEST_HOOKS=1).
 * A leak shows as live heap growing round after round of the same load.
 */
import autocannon from 'autocannon';
import { buildIfNeeded } from '../lib/build.mjs';
import { scratchRun, startServer } from '../lib/server.mjs';

const port = Number(process.env.MEMORY_PORT || 3206);
const seconds = Number(process.env.ROUND_SECONDS || 12);
const ROUNDS = ['search', 'search', 'player', 'player', 'personal', 'personal', 'lists', 'lists'];

await buildIfNeeded();
const { dataDir, hold, cleanup } = scratchRun('memory');
try {
  hold(
    await startServer({
      port,
      env: { DATA_DIR: dataDir, DATABASE_URL: undefined, PORTAL_TEST_HOOKS: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
      waitPath: '/home',
      waitHost: 'localhost',
      timeoutMs: 180000,
      nodeArgs: ['--expose-gc'],
    }),
  );
  const host = `localhost:${port}`;
  const post = async (p, body, cookie) => {
    const r = await fetch(`http://127.0.0.1:${port}${p}`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { json: await r.json(), cookies: r.headers.getSetCookie() };
  };
  const memory = async (label) => {
    const m = (await post('/api/study/benchHook', { action: 'memory' })).json.data;
    console.log(
      `${label.padEnd(16)} rss ${m.rss} MB, heap ${m.heapUsed} of ${m.heapTotal} MB, live after GC ${m.heapLive} MB, outside the heap ${m.external} MB`,
    );
  };
  const cap = (await post('/modules/imgCode/detail', {})).json.data;
  const login = await post('/modules/eosoperator/login', {
    userID: 'learner',
    password: 'Learner_2026',
    code: cap.answer,
    codeUuid: cap.uuid,
  });
  if (login.json.code !== 0) throw new Error(`sign-in failed: ${login.json.msg}`);
  const cookie = login.cookies.map((c) => c.split(';')[0]).join('; ');
  let n = 0;
  const load = (path, headers, next) =>
    autocannon({
      url: `http://127.0.0.1:${port}${path}`,
      connections: 16,
      duration: seconds,
      headers: { host, ...headers },
      requests: next ? [{ setupRequest: (r) => ({ ...r, path: next() }) }] : undefined,
    });
  const view = (page, call, body) =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 16,
      duration: seconds,
      headers: { host, cookie },
      requests: [
        { method: 'GET', path: page },
        {
          method: 'POST',
          path: call,
          headers: { host, cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      ],
    });
  await memory('start');
  for (const round of ROUNDS) {
    if (round === 'search')
      await load('/search/index', {}, () => `/search/index?key=${encodeURIComponent(`课程${n++}`)}`);
    // A learner's view of the player or the personal centre: the cached page, then the call with their own part.
    if (round === 'player') await view('/courseView?courseId=3', '/api/course/progress', { courseId: 3 });
    if (round === 'personal') await view('/personal/index', '/api/personal/archive', { section: 'archive' });
    if (round === 'lists')
      await load('/course/index', {}, () => `/course/index?t=30${1 + (n % 6)}&page=${1 + (n++ % 20)}`);
    await memory(`after ${round}`);
  }
} finally {
  await cleanup();
}

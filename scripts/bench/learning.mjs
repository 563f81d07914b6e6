/**
 * The learning domain's part of `npm run bench` (scripts/bench.mjs).
 * TARGETS: entries like those of bench.mjs (name, path, host, method, body, ratio, p99), measured with the rest.
 * extra(ctx): optional measurements of their own after the autocannon runs; ctx = { port, hostname, api, httpRequest, baseline }
 * where api(path, body, cookie) posts JSON to localhost and baseline is the baseline's req/s. Return
 * [{ name, ok, detail }] rows; ok false counts as a missed target.
 *
 * Measured here (issue 5 point 7):
 * - /api/study/submit heartbeats of 500 simulated learners (distinct sessions, through the PORTAL_TEST_HOOKS bench hook),
 *   each with a fresh submit id and a position moving forward: accepted submits per second, p99, and every accepted
 *   submit counted in the database afterwards (none lost). Target: >= 300/s on PGlite, >= 1000/s on PostgreSQL.
 * - the player page and the personal centre of a signed-in learner against the static baseline: at least 25% of its
 *   req/s and p99 under 200 ms. Each page is the same for every learner (cached) and the learner's own part comes from
 *   one call the browser makes after it: a view here is both, in series (see perUserPages).
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';

export const TARGETS = [];

const LEARNERS = Number(process.env.BENCH_LEARNERS || 500);
const CONNECTIONS = 32;
const DURATION = Number(process.env.BENCH_DURATION || 10);
const PAGE = { ratio: 0.25, p99: 200 };

function parse(res) {
  try {
    return JSON.parse(res.body);
  } catch {
    return null;
  }
}

async function heartbeats({ port, hostname, api }) {
  const setup = parse(await api('/api/study/benchHook', { action: 'setup', count: LEARNERS }));
  if (!setup || setup.code !== 0)
    return [{ name: 'heartbeats: setup', ok: false, detail: setup?.msg ?? 'no answer (is PORTAL_TEST_HOOKS=1 set?)' }];
  const { courseId, chapterId, duration, learners } = setup.data;
  const positions = learners.map(() => 0);
  let next = 0;
  let accepted = 0;
  let refused = 0;
  const refusals = new Map();
  const result = await autocannon({
    url: `http://${hostname}:${port}/api/study/submit`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const i = next++ % learners.length;
          let from = positions[i];
          if (from + 5 > duration) from = 0;
          positions[i] = from + 5;
          return {
            ...req,
            headers: {
              host: `localhost:${port}`,
              'content-type': 'application/json',
              'x-access-token': learners[i].token,
            },
            body: JSON.stringify({
              submitId: randomUUID(),
              courseId,
              chapterId,
              position: from + 5,
              from,
              to: from + 5,
              watched: 5,
            }),
          };
        },
        onResponse: (status, body) => {
          try {
            const env = JSON.parse(body);
            if (env.code === 0 && env.data?.accepted && !env.data.duplicate) accepted++;
            else {
              refused++;
              refusals.set(env.msg, (refusals.get(env.msg) ?? 0) + 1);
            }
          } catch {
            refused++;
          }
        },
      },
    ],
  });
  const counted = parse(
    await api('/api/study/benchHook', { action: 'count', operatorIds: learners.map((l) => l.operatorId) }),
  );
  const inDb = counted?.data?.accepted ?? -1;
  const perSec = accepted / DURATION;
  const target = process.env.DATABASE_URL ? 1000 : 300;
  // Responses still in flight when autocannon stops are not counted as accepted, but reach the database.
  const lost = Math.max(0, accepted - inDb);
  const why = [
    // Issue 5 sets a rate and no loss; p99 is reported, not a target.
    perSec >= target ? '' : `accepted/s < ${target}`,
    lost === 0 ? '' : `${lost} accepted submits missing in the database`,
  ].filter(Boolean);
  const detail = `${learners.length} learners, ${accepted} accepted (${perSec.toFixed(0)}/s), ${refused} refused${refusals.size ? ` [${[...refusals].map(([m, n]) => `${m}: ${n}`).join('; ')}]` : ''}, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, in database ${inDb} (lost ${lost}; the database may hold a few more: answers in flight at the stop)`;
  console.log(`[bench] heartbeats: ${detail}: ${why.length ? `MISS (${why.join('; ')})` : 'ok'}`);
  return [
    {
      name: 'POST /api/study/submit (500 learners)',
      ok: why.length === 0,
      detail,
      reqPerSec: perSec,
      p99: result.latency.p99,
      accepted,
      inDb,
    },
  ];
}

/** The p-th percentile of the values (nearest rank). */
function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * A learner's visit of each page as the browser makes it: the page (cached, the same for every learner) and then the
 * call that brings the learner's own part, one after the other on each connection. A view counts once both have
 * answered, and its time is from the page's request to the call's answer: the ratio compares views per second (two
 * requests each) with the baseline's requests per second.
 */
async function perUserPages({ port, hostname, api, httpRequest, baseline }) {
  const cap = parse(await api('/modules/imgCode/detail', {})).data;
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
  const headers = { host: `localhost:${port}`, cookie };
  const rows = [];
  for (const [name, path, call, body] of [
    ['player /courseView (per user)', '/courseView?courseId=3', '/api/course/progress', { courseId: 3 }],
    ['personal centre /personal/index (per user)', '/personal/index', '/api/personal/archive', { section: 'archive' }],
  ]) {
    const json = { ...headers, 'content-type': 'application/json' };
    for (let i = 0; i < 3; i++) {
      await httpRequest({ port, hostname, path, method: 'GET', headers, timeoutMs: 30000 });
      await httpRequest({ port, hostname, path: call, method: 'POST', headers: json, body, timeoutMs: 30000 });
    }
    const views = [];
    let failed = 0;
    const r = await autocannon({
      url: `http://${hostname}:${port}`,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method: 'GET',
          path,
          headers,
          // Its status is checked (non-2xx), not its body: reading every page's HTML would cost this process the CPU
          // the server shares with it.
          setupRequest: (req, context) => ((context.start = performance.now()), req),
        },
        {
          method: 'POST',
          path: call,
          headers: json,
          body: JSON.stringify(body),
          onResponse: (status, resBody, context) => {
            if (parse({ body: resBody })?.code !== 0) failed++;
            else if (context.start !== undefined) views.push(performance.now() - context.start);
          },
        },
      ],
    });
    const perSec = views.length / DURATION;
    const ratio = baseline ? perSec / baseline : null;
    const p99 = percentile(views, 99);
    const why = [
      r.non2xx || failed ? `${r.non2xx} non-2xx, ${failed} failed` : '',
      ratio !== null && ratio >= PAGE.ratio ? '' : `ratio < ${PAGE.ratio}`,
      p99 < PAGE.p99 ? '' : `p99 >= ${PAGE.p99} ms`,
    ].filter(Boolean);
    const detail = `${perSec.toFixed(0)} views/s (page + ${call}), view p50 ${percentile(views, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, ratio ${ratio === null ? '-' : ratio.toFixed(2)}`;
    console.log(`[bench] ${name}: ${detail}: ${why.length ? `MISS (${why.join('; ')})` : 'ok'}`);
    rows.push({ name, ok: why.length === 0, detail, reqPerSec: perSec, p99, ratio });
  }
  return rows;
}

export async function extra(ctx) {
  const wants = ctx.wants ?? (() => true);
  return [
    ...(wants('per-user pages player personal') ? await perUserPages(ctx) : []),
    ...(wants('heartbeats') ? await heartbeats(ctx) : []),
  ];
}

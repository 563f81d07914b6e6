/**
 * The accounts domain's part of `npm run bench` (scripts/bench.mjs).
 * TARGETS: entries like those of bench.mjs (name, path, host, method, body, ratio, p99), measured with the rest.
 * extra(ctx): optional measurements of their own after the autocannon runs; ctx = { port, hostname, api, httpRequest, baseline }
 * where api(path, body, cookie) posts JSON to localhost and baseline is the baseline's req/s. Return
 * [{ name, ok, detail }] rows; ok false counts as a missed target.
 */
export const TARGETS = [
  // The captcha is fetched each time the login dialog opens: an insert and an SVG, no page rendering.
  { name: 'POST /modules/imgCode/detail', path: '/modules/imgCode/detail', method: 'POST', body: {} },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * A whole password sign-in as the dialog does it (captcha, then login with its scrypt check) and the
 * user info after it, timed sequentially; the slow hash is on purpose, the target keeps it usable.
 */
export async function extra({ api, wants = () => true }) {
  if (!wants('accounts sign-in')) return [];
  const logins = [];
  const infos = [];
  for (let i = 0; i < 8; i++) {
    const cap = JSON.parse((await api('/modules/imgCode/detail', {})).body).data;
    if (!cap?.answer)
      return [
        { name: 'accounts: sign-in round trip', ok: false, detail: 'no captcha answer (PORTAL_TEST_HOOKS=1 not set?)' },
      ];
    const t0 = performance.now();
    const res = await api('/modules/eosoperator/login', {
      userID: 'learner',
      password: 'Learner_2026',
      code: cap.answer,
      codeUuid: cap.uuid,
    });
    logins.push(performance.now() - t0);
    if (JSON.parse(res.body).code !== 0)
      return [{ name: 'accounts: sign-in round trip', ok: false, detail: JSON.parse(res.body).msg }];
    const cookie = []
      .concat(res.headers['set-cookie'] || [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const t1 = performance.now();
    await api('/api/eosoperator/myInfo', {}, cookie);
    infos.push(performance.now() - t1);
  }
  const login = median(logins);
  const info = median(infos);
  return [
    {
      name: 'accounts: password login (median of 8)',
      ok: login < 500,
      detail: `${login.toFixed(0)} ms (target < 500 ms; scrypt N=2^14 included)`,
    },
    {
      name: 'accounts: myInfo after login (median of 8)',
      ok: info < 100,
      detail: `${info.toFixed(0)} ms (target < 100 ms)`,
    },
  ];
}

/**
 * npm run probe:security — the attacker's probes of the security issues (throttling under parallel requests, rate
 * limits, the SMS code, the captcha's proof of work, operations routes), run against a production server
 * (`next start` of the current build) that this script starts on a fresh database with the demo accounts. It
 * prints one line per probe with what it measured; docs/security.md keeps the figures with their date.
 *
 * The server runs with TRUST_PROXY=1, so each probe speaks from addresses of its own (X-Forwarded-For), as clients
 * behind the shipped nginx would. DATABASE_URL (PostgreSQL) is passed on when set; PGlite otherwise.
 * Variables: PROBE_PORT (default 3190).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error -- plain ESM helpers of the scripts, without types
import { freshDataDir, removeDataDir, startServer } from '../lib/server.mjs';

const PORT = Number(process.env.PROBE_PORT || 3190);
const BASE = `http://127.0.0.1:${PORT}`;

interface Answer {
  code: number;
  msg: string;
  data: unknown;
  cookies: string[];
}

async function post(urlPath: string, body: unknown, from: string, extra: Record<string, string> = {}): Promise<Answer> {
  // A connection the server closed under the burst is counted as such, not retried (a retry could count twice).
  const res = await fetch(BASE + urlPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...extra },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (!res) return { code: -1, msg: 'connection closed', data: null, cookies: [] };
  const json = (await res.json().catch(() => ({ code: -res.status, msg: `HTTP ${res.status}`, data: null }))) as Answer;
  return { ...json, cookies: res.headers.getSetCookie() };
}

/** A captcha answered by its proof of work, as a script can: the SHA-256 of `uuid:n` tried for each n. */
async function captcha(from: string): Promise<{ code: string; codeUuid: string }> {
  const c = await post('/modules/imgCode/detail', {}, from);
  if (c.code !== 0) throw new Error(`captcha refused: ${c.msg}`);
  const { uuid, pow } = c.data as { uuid: string; pow: { challenge: string; max: number } };
  for (let n = 0; n < pow.max; n++)
    if (createHash('sha256').update(`${uuid}:${n}`).digest('hex') === pow.challenge)
      return { code: `#${n}`, codeUuid: uuid };
  throw new Error('no proof of work found');
}

/** Captchas from many addresses (captchas are limited per address, and the probe is about the sign-in). */
const captchas = (n: number, tag: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => captcha(`203.0.${tag}.${1 + (i % 200)}`)));

const tally = (answers: Answer[]) => {
  const by = new Map<string, number>();
  for (const a of answers) by.set(a.code === 0 ? 'ok' : a.msg, (by.get(a.code === 0 ? 'ok' : a.msg) ?? 0) + 1);
  return [...by].map(([k, v]) => `${v}× ${k}`).join('; ');
};

const lines: string[] = [];
const say = (probe: string, figure: string) => {
  lines.push(`| ${probe} | ${figure} |`);
  console.log(`[probe] ${probe}: ${figure}`);
};

async function main() {
  const dataDir = freshDataDir('probe-security');
  const server = await startServer({
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: 'https://portal.example.cn',
      PORTAL_TEST_HOOKS: undefined,
    },
    stdio: 'ignore',
    waitPath: '/api/health',
  });
  try {
    // 1. 100 wrong passwords at once, one account, one address.
    const owner = await post(
      '/modules/eosoperator/login',
      { userID: 'teacher', password: 'Teacher_2026', ...(await captcha('198.51.100.50')) },
      '198.51.100.50',
    );
    const device = owner.cookies.find((c) => c.startsWith('ce-device='))?.split(';')[0] ?? '';
    const caps = await captchas(100, 1);
    const wrong = await Promise.all(
      caps.map((c) =>
        post('/modules/eosoperator/login', { userID: 'teacher', password: 'Wrong_pass_1', ...c }, '198.51.100.1'),
      ),
    );
    const checked = wrong.filter((a) => a.msg === '账号或密码错误').length;
    say('100 wrong passwords at once (one account, one address)', `${checked} checked; ${tally(wrong)}`);
    const right = await post(
      '/modules/eosoperator/login',
      { userID: 'teacher', password: 'Teacher_2026', ...(await captcha('198.51.100.1')) },
      '198.51.100.1',
    );
    say(
      'the right password from that address afterwards',
      right.code === 0 ? 'signed in (NOT locked)' : `refused: ${right.msg}`,
    );
    const back = await post(
      '/modules/eosoperator/login',
      { userID: 'teacher', password: 'Teacher_2026', ...(await captcha('198.51.100.50')) },
      '198.51.100.50',
      { cookie: device },
    );
    say("the owner's browser (device cookie) meanwhile", back.code === 0 ? 'signed in' : `refused: ${back.msg}`);

    // 2. Four bursts of 50 from rotating addresses on another account.
    let burstChecked = 0;
    for (let b = 0; b < 4; b++) {
      const cs = await captchas(50, 10 + b);
      const answers = await Promise.all(
        cs.map((c, i) =>
          post(
            '/modules/eosoperator/login',
            { userID: 'curator', password: 'Wrong_pass_1', ...c },
            `198.51.${101 + b}.${1 + i}`,
          ),
        ),
      );
      burstChecked += answers.filter((a) => a.msg === '账号或密码错误').length;
    }
    say('4 bursts of 50 wrong passwords from 200 addresses (one account)', `${burstChecked} checked`);

    // 3. Lookups, captchas, new search keywords and password checks from one address.
    const lookups = [];
    for (let i = 0; i < 300; i++)
      lookups.push(await post('/api/register/valid', { email: `probe${i}@example.org` }, '198.51.110.1'));
    say('300 register lookups from one address', tally(lookups));
    const caps100 = [];
    for (let i = 0; i < 100; i++) caps100.push(await post('/modules/imgCode/detail', {}, '198.51.111.1'));
    say('100 captchas from one address', tally(caps100));
    const searches = [];
    for (let i = 0; i < 100; i++) searches.push(await post('/api/search/full', { key: `探测${i}号` }, '198.51.112.1'));
    say('100 new search keywords from one address', tally(searches));
    const party = await post(
      '/modules/eosoperator/login',
      { userID: 'party', password: 'Party_2026', ...(await captcha('198.51.113.1')) },
      '198.51.113.1',
    );
    const token = (party.data as { token?: string } | null)?.token ?? '';
    const changes = [];
    for (let i = 0; i < 30; i++)
      changes.push(
        await post(
          '/api/eosoperator/changePassword',
          { oldPassword: `Wrong_old_${i}`, newPassword: 'New_pass_2026', confirmPassword: 'New_pass_2026' },
          '198.51.113.1',
          { 'x-access-token': token },
        ),
      );
    say('30 wrong old passwords in 账号设置', tally(changes));

    // 4. The SMS code: unknown numbers from one address, then 1,000 wrong guesses at once on a real code.
    const known = await post('/api/smsCode/sendForgetPasswordCode', { mobile: '13800000001' }, '198.51.120.1');
    const unknown = await post('/api/smsCode/sendForgetPasswordCode', { mobile: '13700000000' }, '198.51.120.2');
    say(
      'SMS send: a registered and an unregistered number',
      `${JSON.stringify([known.code, known.data])} / ${JSON.stringify([unknown.code, unknown.data])}`,
    );
    const strangers = [];
    for (let i = 0; i < 300; i++)
      strangers.push(
        await post(
          '/api/smsCode/sendForgetPasswordCode',
          { mobile: `1370000${String(1000 + i).padStart(4, '0')}` },
          '198.51.121.1',
        ),
      );
    say('300 unregistered numbers from one address', tally(strangers));
    const outbox = path.join(dataDir, 'outbox');
    const texts = readdirSync(outbox).filter((f) => f.endsWith('.sms'));
    const sent = texts.map((f) => readFileSync(path.join(outbox, f), 'utf8')).join('\n');
    const code =
      /(\d{6})/.exec(
        sent
          .split('\n')
          .reverse()
          .find((l) => /\d{6}/.test(l)) ?? '',
      )?.[1] ?? '';
    say('texts written to the outbox (only the registered number)', `${texts.length}`);
    const reset = { mobile: '13800000001', newPassword: 'Probe_pass_2026', newPasswordConfirm: 'Probe_pass_2026' };
    const guesses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => {
        const g = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
        return post(
          '/api/eosoperator/forgetPassword',
          { ...reset, code: g },
          `198.51.${130 + (i % 50)}.${1 + Math.floor(i / 50)}`,
        );
      }),
    );
    const afterBurst = await post('/api/eosoperator/forgetPassword', { ...reset, code }, '198.51.129.1');
    say('1,000 wrong SMS codes at once', tally(guesses));
    say('the right SMS code after that burst', afterBurst.code === 0 ? 'ACCEPTED' : `refused: ${afterBurst.msg}`);

    // 5. Transport and operations routes.
    const home = await fetch(`${BASE}/home`, { headers: { 'x-forwarded-for': '198.51.140.1' } });
    say('HSTS with PUBLIC_ORIGIN on https', home.headers.get('strict-transport-security') ?? 'missing');
    const metrics = await fetch(`${BASE}/metrics`, { headers: { 'x-forwarded-for': '198.51.140.2' } });
    say('/metrics relayed for an outside address', `HTTP ${metrics.status}`);
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
  console.log(`\n| probe | figure (${new Date().toISOString().slice(0, 10)}) |\n| --- | --- |\n${lines.join('\n')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

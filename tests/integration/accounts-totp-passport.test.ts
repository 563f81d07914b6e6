/**
 * The TOTP second factor after the passport (issue 38): the authorization-code round trip against the real OpenID
 * Connect server of the passport tests (`oidc-provider`, scripts/passport.mjs, on a port of its own), for an account
 * linked to a passport identity that has enrolled: the passport's answer is the second step, not a session, and the
 * code then signs in. The other first factors are in accounts-totp.test.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { startLocalPassport } from '../support/passport';
import { eq, inArray } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { closeDb, db, getDbHandle } from '@/lib/server/db';
import { operators, operatorTotp, passportFlows } from '@/lib/server/db/schema';
import { hashPassword } from '@/lib/server/services/accounts/password';
import { accountsClient, ok, tokenOf } from './accounts-support';

jest.setTimeout(120_000);
const PORT = 3129;
const ISSUER = `http://127.0.0.1:${PORT}`;
const REDIRECT = 'http://localhost:3110/home';
const PASS = 'Totp_pass_2026';
const uniq = Date.now().toString(36);
const { call, login } = accountsClient('10.38.9.1');
let passport: ChildProcess;
let userId = '';
let operatorId = 0;

const codeOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

beforeAll(async () => {
  passport = await startLocalPassport({ port: PORT, issuer: ISSUER, redirect: REDIRECT });
  await getDbHandle();
  userId = `totp-passport-${uniq}`;
  // Linked to the demo identity 'nomatch2' (passport-nobody2), which no seeded account uses.
  const [row] = await (
    await db()
  )
    .insert(operators)
    .values({
      userId,
      name: '通行证两步验证',
      passwordHash: await hashPassword(PASS),
      isActivated: true,
      esUserId: 'passport-nobody2',
    })
    .returning({ id: operators.id });
  operatorId = row.id;
}, 240_000);

afterAll(async () => {
  passport?.kill('SIGTERM');
  const d = await db();
  await d.delete(operators).where(eq(operators.userId, userId));
  await d.delete(passportFlows).where(inArray(passportFlows.kind, ['state', 'login']));
  for (const k of [
    'PASSPORT_ISSUER',
    'PASSPORT_HTTP_CLIENT_ID',
    'PASSPORT_HTTPS_CLIENT_ID',
    'PASSPORT_CLIENT_SECRET',
    'PASSPORT_REDIRECT_URI',
  ])
    delete process.env[k];
  await closeDb();
});

/** A browser's trip through the passport: follow redirects, keep its cookies, pick the identity on its login page. */
async function roundTrip(authorizeUrl: string, loginName: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorizeUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(REDIRECT)) {
      const back = new URL(url);
      const iss = back.searchParams.get('iss');
      return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, ...(iss ? { iss } : {}) };
    }
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    init = {};
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).toString();
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`unexpected passport page (${res.status}): ${html.slice(0, 200)}`);
    url = new URL(action, url).toString();
    init = {
      method: 'POST',
      body: new URLSearchParams({ login: loginName }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('too many redirects');
}

it('a linked account with TOTP: the passport answers the second step; the code signs in', async () => {
  const token = tokenOf(await login(userId, PASS));
  const { secret } = ok(await call('/api/eosoperator/totp/begin', {}, { token })) as { secret: string };
  ok(await call('/api/eosoperator/totp/confirm', { code: codeOf(secret) }, { token }));

  const { url } = ok(await call('/modules/eosoperator/loginByESObtainRedirectUri')) as { url: string };
  const first = ok(await call('/modules/eosoperator/loginByES', await roundTrip(url, 'nomatch2')));
  expect(first).toMatchObject({ type: 'login', secondFactor: 'totp' });
  expect(first.token).toBeUndefined();

  // the code of the enrolment's step was taken: forget it, as the next period would
  await (await db()).update(operatorTotp).set({ lastStep: null }).where(eq(operatorTotp.operatorId, operatorId));
  const res = await call('/modules/eosoperator/loginBySecondFactor', {
    ticket: String(first.totpTicket),
    code: codeOf(secret),
  });
  const data = ok(res) as { token: string; operatorResult: { userID: string } };
  expect(data.operatorResult.userID).toBe(userId);
  expect(ok(await call('/api/eosoperator/myInfo', {}, { token: data.token }))).toMatchObject({ userID: userId });
});

/**
 * Single sign-on with the passport (issue 3 point 6; the OpenID Connect client of issue 26): the whole
 * authorization-code round trip against a real OpenID Connect server (`oidc-provider`, scripts/passport.mjs)
 * started on loopback, for a linked, a multi-account, a single-match and an unmatched passport user. The portal
 * reaches the passport through a proxy of the test's own, which can alter the ID token on its way back, as an
 * attacker between the two could: a token whose signature, or whose claims under the signature, were altered is
 * refused.
 */
import type { ChildProcess } from 'node:child_process';
import { startLocalPassport } from '../support/passport';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { CallResult } from '@/lib/server/http/dispatch';
import { testClient } from '../support/client';
import { closeDb, db, getDbHandle } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { createCaptcha } from '@/lib/server/services/accounts/captcha';
import { createSession } from '@/lib/server/services/accounts/sessions';

const PORT = 3119;
const PROXY_PORT = 3118;
const ISSUER = `http://127.0.0.1:${PROXY_PORT}`;
const REDIRECT = 'http://localhost:3110/home';
const { call } = testClient({ ip: '10.7.0.1' });
const ok = (res: CallResult) => {
  if (res.code !== 0) throw new Error(`expected success, got ${res.code} ${res.msg}`);
  return res.data as Record<string, unknown>;
};

let passport: ChildProcess;
let proxy: http.Server;
/** How the proxy alters the token endpoint's ID token: not at all, its signature, or its subject (signature kept). */
let tamper: 'none' | 'signature' | 'subject' = 'none';

function altered(idToken: string): string {
  const [header, payload, signature] = idToken.split('.');
  if (tamper === 'signature') {
    const flipped = signature[5] === 'A' ? 'B' : 'A';
    return `${header}.${payload}.${signature.slice(0, 5)}${flipped}${signature.slice(6)}`;
  }
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  claims.sub = 'passport-teacher'; // someone else's identity, linked to the seeded teacher
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

function startProxy(): Promise<void> {
  proxy = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: PORT, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          let body = Buffer.concat(chunks);
          const headers = { ...up.headers };
          if (req.url === '/token' && tamper !== 'none' && up.statusCode === 200) {
            const json = JSON.parse(body.toString());
            json.id_token = altered(json.id_token);
            body = Buffer.from(JSON.stringify(json));
            headers['content-length'] = String(body.length);
          }
          res.writeHead(up.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    req.pipe(upstream);
    upstream.on('error', () => res.destroy());
  });
  return new Promise((r) => proxy.listen(PROXY_PORT, '127.0.0.1', () => r()));
}

beforeAll(async () => {
  await startProxy();
  passport = await startLocalPassport({
    port: PORT,
    issuer: ISSUER,
    redirect: REDIRECT,
    env: { PASSPORT_PUBLIC_ISSUER: ISSUER },
  });
  await getDbHandle();
}, 120_000);

afterAll(async () => {
  passport?.kill('SIGTERM');
  await new Promise((r) => proxy?.close(r));
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
async function roundTrip(authorizeUrl: string, login: string): Promise<{ code: string; state: string; iss?: string }> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  let url = authorizeUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(REDIRECT)) {
      const back = new URL(url);
      // What the browser's page sends on (components/shell/LazyDialogs): code, state and the answer's issuer.
      const iss = back.searchParams.get('iss');
      return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, ...(iss ? { iss } : {}) };
    }
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    keep(res);
    init = {};
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).toString();
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`unexpected passport page (${res.status}): ${html.slice(0, 200)}`);
    expect(html).toContain('theme: full');
    url = new URL(action, url).toString();
    init = {
      method: 'POST',
      body: new URLSearchParams({ login }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('too many redirects');
}

async function passportLogin(login: string, token: string | null = null) {
  const { url } = ok(await call('/modules/eosoperator/loginByESObtainRedirectUri')) as { url: string };
  const back = await roundTrip(url, login);
  return call('/modules/eosoperator/loginByES', back, { token });
}

const captcha = async () => {
  const c = await createCaptcha();
  return { code: c.answer, codeUuid: c.uuid };
};

describe('passport single sign-on against a real OIDC server', () => {
  it('the authorise address carries code, the redirect address, the client id by protocol and theme full', async () => {
    const { url, registerUrl } = ok(await call('/modules/eosoperator/loginByESObtainRedirectUri')) as {
      url: string;
      registerUrl: string;
    };
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(`${ISSUER}/auth`);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      response_type: 'code',
      redirect_uri: REDIRECT,
      client_id: 'portal-http',
      theme: 'full',
      code_challenge_method: 'S256',
    });
    expect(u.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(registerUrl).toBe(`${ISSUER}/register`);
    process.env.PASSPORT_REDIRECT_URI = 'https://edu.example.cn/home';
    try {
      const https = new URL(String(ok(await call('/modules/eosoperator/loginByESObtainRedirectUri')).url));
      expect(https.searchParams.get('client_id')).toBe('portal-https');
    } finally {
      process.env.PASSPORT_REDIRECT_URI = REDIRECT;
    }
  });

  it('a linked account signs in', async () => {
    const res = await passportLogin('linked');
    const data = ok(res);
    expect(data.type).toBe('login');
    expect(data.operatorResult).toMatchObject({ userID: 'teacher' });
    expect(res.cookies?.length).toBeGreaterThan(0);
  });

  it('several matching accounts -> 14; choosing one -> 15; its password login links it', async () => {
    const data = ok(await passportLogin('zhangwei'));
    expect(data.type).toBe(14);
    const list = data.list as { userID: string; operatorName: string }[];
    expect(list.map((m) => m.userID).sort()).toEqual(['zhangwei1', 'zhangwei2']);
    const esLoginIO = String(data.esLoginIO);
    expect((await call('/modules/eosoperator/loginByESChoose', { esLoginIO, userID: 'learner' })).msg).toBe(
      '所选账号与科技云通行证不匹配',
    );
    expect(ok(await call('/modules/eosoperator/loginByESChoose', { esLoginIO, userID: 'zhangwei2' }))).toEqual({
      userID: 'zhangwei2',
      password: '',
    });
    const login = await call('/modules/eosoperator/login', {
      userID: 'zhangwei2',
      password: 'Zhangwei_2026',
      esLoginIO,
      ...(await captcha()),
    });
    expect(ok(login).hasES).toBe(1);
    // now linked: the next round trip signs in directly
    const again = ok(await passportLogin('zhangwei'));
    expect(again.type).toBe('login');
    expect(again.operatorResult).toMatchObject({ userID: 'zhangwei2' });
    // the code is single-use
    expect(
      (
        await call('/modules/eosoperator/login', {
          userID: 'zhangwei1',
          password: 'Zhangwei_2026',
          esLoginIO,
          ...(await captcha()),
        })
      ).code,
    ).not.toBe(0);
  });

  it('one match -> 15 with that user ID', async () => {
    const data = ok(await passportLogin('single'));
    expect(data).toMatchObject({ type: 15, userID: 'student' });
  });

  it('no match -> 16; logging in to match links; a signed-in user coming back links (12)', async () => {
    const data = ok(await passportLogin('nomatch'));
    expect(data.type).toBe(16);
    const d = await db();
    const [learner] = await d.select().from(operators).where(eq(operators.userId, 'learner'));
    const token = await createSession(learner.id);
    expect(
      ok(await call('/modules/eosoperator/relateES', { esLoginIO: data.esLoginIO as string }, { token })),
    ).toBeTruthy();
    const [linked] = await d.select({ es: operators.esUserId }).from(operators).where(eq(operators.id, learner.id));
    expect(linked.es).toBe('passport-nobody');
    // the same identity cannot be linked to a second account
    const manager = await d.select().from(operators).where(eq(operators.userId, 'manager'));
    const other = await createSession(manager[0].id);
    expect((await passportLogin('nomatch', other)).msg).toBe('该科技云通行证账号已关联其他账号');
    // a signed-in, unlinked user coming back from "link" gets type 12
    const [party] = await d.select().from(operators).where(eq(operators.userId, 'party'));
    expect(ok(await passportLogin('single', await createSession(party.id))).type).toBe(12);
  });

  it('a replayed or forged state is refused', async () => {
    const { url } = ok(await call('/modules/eosoperator/loginByESObtainRedirectUri')) as { url: string };
    const back = await roundTrip(url, 'linked');
    ok(await call('/modules/eosoperator/loginByES', back));
    expect((await call('/modules/eosoperator/loginByES', back)).msg).toBe('科技云通行证登录信息已失效，请重新登录');
    expect((await call('/modules/eosoperator/loginByES', { code: back.code, state: 'f'.repeat(32) })).code).not.toBe(0);
    // a wrong code for a valid state: the passport refuses the exchange
    const { url: url2 } = ok(await call('/modules/eosoperator/loginByESObtainRedirectUri')) as { url: string };
    const state = new URL(url2).searchParams.get('state')!;
    expect((await call('/modules/eosoperator/loginByES', { code: 'not-a-code', state, iss: ISSUER })).msg).toBe(
      '科技云通行证登录失败，请重试',
    );
  });

  it('an ID token altered on its way back is refused with a Chinese message, and nobody signs in', async () => {
    for (const mode of ['signature', 'subject'] as const) {
      tamper = mode;
      try {
        const res = await passportLogin('nomatch2');
        expect(res.code).not.toBe(0);
        expect(res.msg).toBe('科技云通行证的登录凭证校验失败，请重新登录');
        expect(res.cookies ?? []).toHaveLength(0);
      } finally {
        tamper = 'none';
      }
    }
    // the same identity, untouched, goes on as before (no match: 16)
    expect(ok(await passportLogin('nomatch2')).type).toBe(16);
  });

  it('the authorise address carries a nonce and the flow is bound to it', async () => {
    const { url } = ok(await call('/modules/eosoperator/loginByESObtainRedirectUri')) as { url: string };
    expect(new URL(url).searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
  });
});

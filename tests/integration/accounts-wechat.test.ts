/**
 * WeChat open-platform website login (login type 17; SPEC 7 getWXCode, getToken; issue 26) against the stand-in
 * speaking WeChat's HTTP API (tests/support/wechat-server.mjs): the qrconnect address, the first login that binds
 * the WeChat identity by signing in to the portal account, the next one that signs straight in, a replayed code,
 * a wrong or replayed state, a wrong secret, and WeChat login off. The bindings made here are removed at the end.
 */
import { and, eq, gte, inArray, like } from 'drizzle-orm';
import { closeDb, db, getDbHandle } from '@/lib/server/db';
import { operationLogs, operators, passportFlows } from '@/lib/server/db/schema';
import { startStandIn } from '../support/standin';
import { accountsClient, ok } from './accounts-support';
import { hashPassword } from '@/lib/server/services/accounts/password';
import { WECHAT_NOT_CONFIGURED_MSG } from '@/lib/contract/accounts';

const { call, callRaw, login } = accountsClient('10.26.17.2');
let wx: Awaited<ReturnType<typeof startStandIn>>;

beforeAll(async () => {
  wx = await startStandIn('wechat-server.mjs');
  Object.assign(process.env, {
    WECHAT_APPID: 'wx-test-appid',
    WECHAT_SECRET: 'wx-test-secret',
    WECHAT_OPEN_URL: wx.url,
    WECHAT_API_URL: wx.url,
  });
  await getDbHandle();
}, 60_000);

afterAll(async () => {
  wx?.stop();
  const d = await db();
  await d.update(operators).set({ wxUnionId: null }).where(like(operators.wxUnionId, 'u-test-unionid-%'));
  await d.delete(passportFlows).where(inArray(passportFlows.kind, ['wx-state', 'wx-bind']));
  for (const k of ['WECHAT_APPID', 'WECHAT_SECRET', 'WECHAT_OPEN_URL', 'WECHAT_API_URL']) delete process.env[k];
  await closeDb();
});

interface Qr {
  enabled: true;
  url: string;
  state: string;
  redirect_uri: string;
}

/** The QR page as the frame shows it, then the phone's confirmation as WeChat user `uid`: back with code and state. */
async function scan(uid: string) {
  const qr = ok(await call('/api/eosoperator/getWXCode')) as unknown as Qr;
  const page = await fetch(qr.url);
  const html = await page.text();
  expect(html).toContain('请使用微信扫描二维码登录');
  const href = new RegExp(`href="([^"]*uid=${uid}[^"]*)"`).exec(html)![1].replace(/&amp;/g, '&');
  const res = await fetch(new URL(href, wx.url), { redirect: 'manual' });
  const back = new URL(res.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, back };
}

describe('WeChat QR login against a stand-in of its HTTP API', () => {
  it('getWXCode gives the qrconnect address with appid, redirect_uri, code, snsapi_login and a state', async () => {
    const qr = ok(await call('/api/eosoperator/getWXCode')) as unknown as Qr;
    expect(qr.enabled).toBe(true);
    const u = new URL(qr.url);
    expect(`${u.origin}${u.pathname}`).toBe(`${wx.url}/connect/qrconnect`);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      appid: 'wx-test-appid',
      response_type: 'code',
      scope: 'snsapi_login',
      state: qr.state,
      redirect_uri: qr.redirect_uri,
    });
    expect(u.hash).toBe('#wechat_redirect');
    expect(new URL(qr.redirect_uri).pathname).toBe('/home');
    expect(new URL(qr.redirect_uri).searchParams.get('wxLogin')).toBe('1');
    expect(qr.state).toMatch(/^[\w-]{32}$/);
  });

  it('first time: bind by signing in to the portal account; then WeChat signs straight in', async () => {
    const since = new Date(Date.now() - 1000);
    const first = await scan('wx1');
    expect(first.back.searchParams.get('wxLogin')).toBe('1');
    const bind = ok(await call('/api/eosoperator/getToken', { code: first.code, state: first.state })) as {
      type: string;
      wxLoginIO: string;
      nickname: string;
    };
    expect(bind).toMatchObject({ type: 'bind', nickname: '微信用户一' });
    const signed = ok(await login('student', 'Student_2026', '10.26.17.2', { wxLoginIO: bind.wxLoginIO })) as {
      operatorResult: { userID: string };
    };
    expect(signed.operatorResult.userID).toBe('student');
    // the binding is used once
    const again = await login('learner', 'Learner_2026', '10.26.17.2', { wxLoginIO: bind.wxLoginIO });
    expect(again.msg).toBe('微信登录信息已失效，请重新扫码');

    const next = await scan('wx1');
    const res = ok(await call('/api/eosoperator/getToken', { code: next.code, state: next.state })) as {
      type: string;
      token: string;
      operatorResult: { userID: string };
    };
    expect(res.type).toBe('login');
    expect(res.operatorResult.userID).toBe('student');
    const me = ok(await call('/api/eosoperator/myInfo', {}, { token: res.token })) as { userID: string };
    expect(me.userID).toBe('student');
    // the operations log: the WeChat sign-in, and no sign-in for the binding step that signed nobody in
    const logged = await (
      await db()
    )
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.detail, 'wechat'), gte(operationLogs.at, since), eq(operationLogs.ip, '10.26.17.2')));
    expect(logged.map((r) => [r.userId, r.outcome])).toEqual([['student', 'ok']]);
  });

  it('a WeChat identity bound to one account cannot be bound to another', async () => {
    const a = await scan('wx2');
    const bindA = ok(await call('/api/eosoperator/getToken', a)) as { wxLoginIO: string };
    const b = await scan('wx2');
    const bindB = ok(await call('/api/eosoperator/getToken', { code: b.code, state: b.state })) as {
      wxLoginIO: string;
    };
    ok(await login('party', 'Party_2026', '10.26.17.2', { wxLoginIO: bindA.wxLoginIO }));
    // An account of this test's own: the demo accounts' passwords are changed by other suites on a shared database.
    const d = await db();
    const userId = `wx-other-${Date.now().toString(36)}`;
    const [own] = await d
      .insert(operators)
      .values({ userId, name: '微信测试', passwordHash: await hashPassword('Wx_other_2026'), isActivated: true })
      .returning({ id: operators.id });
    try {
      const other = await login(userId, 'Wx_other_2026', '10.26.17.2', { wxLoginIO: bindB.wxLoginIO });
      expect(other.code).not.toBe(0);
      expect(other.msg).toBe('该微信已绑定其他账号');
    } finally {
      await d.delete(operators).where(eq(operators.id, own.id));
    }
  });

  it('a replayed code, a replayed or made-up state and a wrong secret are refused in Chinese', async () => {
    const s = await scan('wx3');
    ok(await call('/api/eosoperator/getToken', { code: s.code, state: s.state }));
    const replay = await call('/api/eosoperator/getToken', { code: s.code, state: s.state });
    expect(replay.msg).toBe('微信登录信息已失效，请重新扫码');
    // the used code with a fresh state: WeChat refuses it (40163)
    const fresh = ok(await call('/api/eosoperator/getWXCode')) as unknown as Qr;
    const used = await call('/api/eosoperator/getToken', { code: s.code, state: fresh.state });
    expect(used.msg).toBe('微信登录失败，请重新扫码');
    const made = await call('/api/eosoperator/getToken', { code: 'abc', state: 'z'.repeat(32) });
    expect(made.msg).toBe('微信登录信息已失效，请重新扫码');
    const missing = await callRaw('/api/eosoperator/getToken', { state: 'z'.repeat(32) });
    expect(missing.code).not.toBe(0);
    expect(missing.msg).toContain('code');
    process.env.WECHAT_SECRET = 'not-the-secret';
    try {
      const t = await scan('wx3');
      const wrong = await call('/api/eosoperator/getToken', { code: t.code, state: t.state });
      expect(wrong.msg).toBe('微信登录失败，请重新扫码');
    } finally {
      process.env.WECHAT_SECRET = 'wx-test-secret';
    }
  });

  it('without WECHAT_APPID: getWXCode says off (the portal QR stays) and getToken refuses', async () => {
    delete process.env.WECHAT_APPID;
    try {
      expect(ok(await call('/api/eosoperator/getWXCode'))).toEqual({ enabled: false });
      const r = await call('/api/eosoperator/getToken', { code: 'abc', state: 'z'.repeat(32) });
      expect(r.msg).toBe(WECHAT_NOT_CONFIGURED_MSG);
    } finally {
      process.env.WECHAT_APPID = 'wx-test-appid';
    }
  });
});

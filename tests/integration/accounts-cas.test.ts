/**
 * CAS single sign-on (protocol 3.0, issue 26) against the stand-in CAS server the test starts
 * (tests/support/cas-server.mjs): the login address, the login form's round trip back to the service with a
 * ticket, serviceValidate, the account by CAS user or by a configured attribute, an unknown user, a replayed
 * ticket, a ticket issued for another service, a forged ticket, an expired state, and CAS off.
 */
import { eq } from 'drizzle-orm';
import { inArray } from 'drizzle-orm';
import { closeDb, db, getDbHandle } from '@/lib/server/db';
import { operationLogs, passportFlows } from '@/lib/server/db/schema';
import { parseServiceResponse } from '@/lib/server/services/accounts/cas';
import { startStandIn } from '../support/standin';
import { accountsClient, ok } from './accounts-support';

const { call, callRaw } = accountsClient('10.26.17.1');
let cas: Awaited<ReturnType<typeof startStandIn>>;

beforeAll(async () => {
  cas = await startStandIn('cas-server.mjs');
  process.env.CAS_URL = cas.url;
  await getDbHandle();
}, 60_000);

afterAll(async () => {
  cas?.stop();
  delete process.env.CAS_URL;
  delete process.env.CAS_USER_ATTRIBUTE;
  // the one-time rows of these trips (states, used tickets)
  await (await db()).delete(passportFlows).where(inArray(passportFlows.kind, ['cas-state', 'cas-ticket']));
  await closeDb();
});

/** The browser's trip: the CAS login address, the form posted as `username`, back to the service with a ticket. */
async function throughCas(username: string, password = 'Cas_2026') {
  const { url } = ok(await call('/modules/eosoperator/loginByCasObtainRedirectUri')) as { url: string };
  const service = new URL(url).searchParams.get('service')!;
  const form = await fetch(url);
  expect(form.status).toBe(200);
  expect(await form.text()).toContain('统一身份认证（本地测试）');
  const res = await fetch(`${cas.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ service, username, password }).toString(),
  });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  return {
    service,
    ticket: back.searchParams.get('ticket')!,
    casState: back.searchParams.get('casState')!,
    back,
  };
}

describe('CAS single sign-on against a protocol 3.0 stand-in', () => {
  it('isCas follows CAS_URL; the login address carries our service address with a one-time state', async () => {
    expect(ok(await call('/api/eosoperator/isCas'))).toBe(true);
    const { url } = ok(await call('/modules/eosoperator/loginByCasObtainRedirectUri')) as { url: string };
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(`${cas.url}/login`);
    const service = new URL(u.searchParams.get('service')!);
    expect(service.pathname).toBe('/home');
    expect(service.searchParams.get('casState')).toMatch(/^[\w-]{32}$/);
  });

  it('a CAS user with an account is signed in, and the sign-in is in the operations log', async () => {
    const { ticket, casState, back } = await throughCas('learner');
    expect(back.pathname).toBe('/home');
    expect(ticket).toMatch(/^ST-/);
    const res = await call('/modules/eosoperator/loginByCas', { ticket, casState });
    const data = ok(res) as { token: string; operatorResult: { userID: string; operatorName: string } };
    expect(data.operatorResult).toMatchObject({ userID: 'learner', operatorName: '王晓明' });
    // the session works
    const me = ok(await call('/api/eosoperator/myInfo', {}, { token: data.token })) as { userID: string };
    expect(me.userID).toBe('learner');
    const d = await db();
    const logged = await d.select().from(operationLogs).where(eq(operationLogs.detail, 'cas'));
    expect(logged.some((r) => r.userId === 'learner' && r.outcome === 'ok')).toBe(true);
  });

  it('a replayed ticket is refused, with its state or with a fresh one', async () => {
    const first = await throughCas('learner');
    ok(await call('/modules/eosoperator/loginByCas', { ticket: first.ticket, casState: first.casState }));
    const again = await call('/modules/eosoperator/loginByCas', { ticket: first.ticket, casState: first.casState });
    expect(again.code).not.toBe(0);
    expect(again.msg).toBe('统一身份认证登录信息已失效，请重新登录');
    // a new state (the attacker's own trip) with the used ticket: the portal remembers the ticket
    const other = await throughCas('learner');
    const replay = await call('/modules/eosoperator/loginByCas', { ticket: first.ticket, casState: other.casState });
    expect(replay.code).not.toBe(0);
    expect(replay.msg).toBe('统一身份认证的登录凭证已使用过，请重新登录');
  });

  it('a ticket issued for another service, or a forged one, is refused by the CAS server', async () => {
    const mine = await throughCas('learner');
    // a ticket the CAS server gave to another application, brought here with our state
    const res = await fetch(`${cas.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        service: 'https://other-app.example.org/cas',
        username: 'learner',
        password: 'Cas_2026',
      }).toString(),
    });
    const foreign = new URL(res.headers.get('location')!).searchParams.get('ticket')!;
    const r1 = await call('/modules/eosoperator/loginByCas', { ticket: foreign, casState: mine.casState });
    expect(r1.code).not.toBe(0);
    expect(r1.msg).toBe('统一身份认证登录失败：登录凭证无效或已过期，请重新登录');
    const fresh = await throughCas('learner');
    const r2 = await call('/modules/eosoperator/loginByCas', { ticket: 'ST-forged-ticket', casState: fresh.casState });
    expect(r2.msg).toBe('统一身份认证登录失败：登录凭证无效或已过期，请重新登录');
  });

  it('a CAS user without an account gets a message naming it; an attribute may name the account instead', async () => {
    const outsider = await throughCas('outsider');
    const r = await call('/modules/eosoperator/loginByCas', { ticket: outsider.ticket, casState: outsider.casState });
    expect(r.code).not.toBe(0);
    expect(r.msg).toBe('统一身份认证账号“outsider”在本平台没有对应的账号，请联系管理员开通');
    // by cas:user the staff number T2026001 is no account; by its mail attribute it is the teacher's
    const byUser = await throughCas('T2026001');
    const r2 = await call('/modules/eosoperator/loginByCas', { ticket: byUser.ticket, casState: byUser.casState });
    expect(r2.msg).toBe('统一身份认证账号“T2026001”在本平台没有对应的账号，请联系管理员开通');
    process.env.CAS_USER_ATTRIBUTE = 'mail';
    try {
      const byMail = await throughCas('T2026001');
      const data = ok(
        await call('/modules/eosoperator/loginByCas', { ticket: byMail.ticket, casState: byMail.casState }),
      ) as { operatorResult: { userID: string } };
      expect(data.operatorResult.userID).toBe('teacher');
    } finally {
      delete process.env.CAS_USER_ATTRIBUTE;
    }
  });

  it('bad input names the field; a made-up state is refused; wrong CAS password stays at CAS', async () => {
    const missing = await callRaw('/modules/eosoperator/loginByCas', { casState: 'x'.repeat(32) });
    expect(missing.code).not.toBe(0);
    expect(missing.msg).toContain('ticket');
    const made = await call('/modules/eosoperator/loginByCas', { ticket: 'ST-1', casState: 'y'.repeat(32) });
    expect(made.msg).toBe('统一身份认证登录信息已失效，请重新登录');
    const res = await fetch(`${cas.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        service: 'http://localhost/home',
        username: 'learner',
        password: 'wrong',
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('用户名或密码错误');
  });

  it('reads CAS 3.0 answers: success with attributes, and failure codes', () => {
    expect(
      parseServiceResponse(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess>
        <cas:user>u1</cas:user><cas:attributes><cas:mail>a@b.c</cas:mail><cas:group>g1</cas:group><cas:group>g2</cas:group>
        </cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`),
    ).toEqual({ user: 'u1', attributes: { mail: 'a@b.c', group: 'g1' } });
    expect(
      parseServiceResponse(
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>`,
      ),
    ).toEqual({ failure: 'INVALID_TICKET' });
    expect(parseServiceResponse('not xml <<<')).toHaveProperty('failure');
  });

  it('without CAS_URL: isCas is false and the CAS calls say it is not configured', async () => {
    delete process.env.CAS_URL;
    try {
      expect(ok(await call('/api/eosoperator/isCas'))).toBe(false);
      const r = await call('/modules/eosoperator/loginByCasObtainRedirectUri');
      expect(r.msg).toBe('未配置统一身份认证登录');
    } finally {
      process.env.CAS_URL = cas.url;
    }
  });
});

/**
 * The TOTP second factor (issue 38): enrolment (QR code, secret shown once, confirmed by a code, ten recovery codes),
 * the second step after every first factor (password, QR code, CAS and WeChat stand-ins; the passport against the real
 * OpenID Connect server is in accounts-totp-passport.test.ts), wrong codes throttled like passwords, a code and a
 * recovery code accepted once, the remembered browser, the role policy refusing management calls until the factor is
 * passed, the reset by an administrator, and every step in the operations log. Codes are computed here with the
 * same library from the secret the enrolment showed.
 */
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { CODE_TOTP_CODE_NEEDED, CODE_TOTP_ENROL, CODE_TOTP_REQUIRED, TOTP_MSG } from '@/lib/contract/accounts';
import { closeDb, db, getDbHandle } from '@/lib/server/db';
import { operationLogs, operators, operatorTotp, passportFlows, roleGrants, roles } from '@/lib/server/db/schema';
import { CODE_THROTTLED } from '@/lib/server/errors';
import { hashPassword } from '@/lib/server/services/accounts/password';
import { THROTTLED_MSG } from '@/lib/contract/accounts';
import { TOTP_REMEMBER_COOKIE } from '@/lib/server/services/accounts/totp';
import { startStandIn } from '../support/standin';
import { accountsClient, ok, tokenOf } from './accounts-support';

jest.setTimeout(120_000);
const { call, login } = accountsClient('10.38.0.1');
const PASS = 'Totp_pass_2026';
const uniq = Date.now().toString(36);
let cas: Awaited<ReturnType<typeof startStandIn>>;
let wx: Awaited<ReturnType<typeof startStandIn>>;
const made: string[] = [];
let testRole = 0;

async function account(prefix: string): Promise<{ userId: string; id: number }> {
  const userId = `${prefix}${uniq}`;
  const [row] = await (
    await db()
  )
    .insert(operators)
    .values({ userId, name: '两步验证测试', passwordHash: await hashPassword(PASS), isActivated: true })
    .returning({ id: operators.id });
  made.push(userId);
  return { userId, id: row.id };
}

/** The code of the step `offset` steps from now, as an authenticator app would show it. */
const codeOf = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

/** A code the server will take: the last accepted step forgotten first (a code is accepted once per step). */
async function freshCode(operatorId: number, secret: string) {
  await (await db()).update(operatorTotp).set({ lastStep: null }).where(eq(operatorTotp.operatorId, operatorId));
  return codeOf(secret);
}

/** Enrols an account through the personal centre's calls; answers its secret and recovery codes. */
async function enrol(userId: string, ip = '10.38.0.9') {
  const token = tokenOf(await login(userId, PASS, ip));
  const begun = ok(await call('/api/eosoperator/totp/begin', {}, { token })) as {
    secret: string;
    uri: string;
    qr: string;
  };
  const confirmed = ok(await call('/api/eosoperator/totp/confirm', { code: codeOf(begun.secret) }, { token })) as {
    recoveryCodes: string[];
  };
  return { token, secret: begun.secret, begun, recoveryCodes: confirmed.recoveryCodes };
}

async function logged(userId: string, action: string) {
  return (await db())
    .select()
    .from(operationLogs)
    .where(and(eq(operationLogs.action, action), eq(operationLogs.userId, userId)));
}

const challengeOf = (data: Record<string, unknown>) => {
  expect(data).toMatchObject({ secondFactor: 'totp' });
  expect(data.token).toBeUndefined();
  return String(data.totpTicket);
};

beforeAll(async () => {
  await getDbHandle();
  cas = await startStandIn('cas-server.mjs');
  wx = await startStandIn('wechat-server.mjs');
  Object.assign(process.env, {
    CAS_URL: cas.url,
    WECHAT_APPID: 'wx-test-appid',
    WECHAT_SECRET: 'wx-test-secret',
    WECHAT_OPEN_URL: wx.url,
    WECHAT_API_URL: wx.url,
  });
  const [r] = await (
    await db()
  )
    .insert(roles)
    .values({ name: `两步验证测试角色${uniq}`, powers: ['role-manage'], requireTotp: false })
    .returning({ id: roles.id });
  testRole = r.id;
}, 240_000);

afterAll(async () => {
  cas?.stop();
  wx?.stop();
  const d = await db();
  await d.delete(roles).where(eq(roles.id, testRole));
  await d.delete(operationLogs).where(like(operationLogs.userId, `totp-%${uniq}`));
  await d.delete(operators).where(inArray(operators.userId, made));
  await d.delete(passportFlows).where(inArray(passportFlows.kind, ['cas-state', 'cas-ticket', 'wx-state', 'wx-bind']));
  for (const k of ['CAS_URL', 'WECHAT_APPID', 'WECHAT_SECRET', 'WECHAT_OPEN_URL', 'WECHAT_API_URL'])
    delete process.env[k];
  await closeDb();
});

describe('enrolment in the personal centre', () => {
  it('a QR code of an otpauth URI and the secret as text; confirmed by a code; ten recovery codes shown once', async () => {
    const { userId, id } = await account('totp-enrol-');
    const token = tokenOf(await login(userId, PASS));
    expect(ok(await call('/api/eosoperator/totp/status', {}, { token }))).toMatchObject({
      enrolled: false,
      required: false,
    });
    const begun = ok(await call('/api/eosoperator/totp/begin', {}, { token })) as Record<string, string>;
    expect(begun.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(begun.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(begun.uri).searchParams.get('secret')).toBe(begun.secret);
    expect(decodeURIComponent(begun.uri)).toContain(userId);
    expect(begun.qr).toMatch(/^data:image\/png;base64,/);
    // the secret is stored encrypted, not as given
    const [row] = await (await db()).select().from(operatorTotp).where(eq(operatorTotp.operatorId, id));
    expect(row.secretEnc).not.toContain(begun.secret);

    const wrong = await call('/api/eosoperator/totp/confirm', { code: codeOf(begun.secret, 5) }, { token });
    expect(wrong.msg).toBe(TOTP_MSG.wrongCode);
    const confirmed = ok(await call('/api/eosoperator/totp/confirm', { code: codeOf(begun.secret) }, { token }));
    const codes = confirmed.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(ok(await call('/api/eosoperator/totp/status', {}, { token }))).toMatchObject({
      enrolled: true,
      recoveryLeft: 10,
      passed: true,
    });
    // once confirmed, the secret is never given again
    expect((await call('/api/eosoperator/totp/begin', {}, { token })).msg).toBe(TOTP_MSG.alreadyEnrolled);
    expect((await logged(userId, 'totp-enrol')).map((r) => r.outcome).sort()).toEqual(['failed', 'ok']);
  });
});

describe('the second step after every first factor', () => {
  it('password: no session until the code; then the sign-in the password would have given', async () => {
    const { userId, id } = await account('totp-pw-');
    const { secret } = await enrol(userId);
    const first = ok(await login(userId, PASS, '10.38.1.1', { redirect: '/personal/index' }));
    const ticket = challengeOf(first);
    // without a code, from a browser that is not remembered: the code is asked for
    const bare = await call('/modules/eosoperator/loginBySecondFactor', { ticket });
    expect(bare.code).toBe(CODE_TOTP_CODE_NEEDED);
    const res = await call(
      '/modules/eosoperator/loginBySecondFactor',
      { ticket, code: await freshCode(id, secret) },
      { ip: '10.38.1.1' },
    );
    const data = ok(res) as { token: string; redirectsUrl: string; operatorResult: { userID: string } };
    expect(data.operatorResult.userID).toBe(userId);
    expect(data.redirectsUrl).toContain('/personal/index');
    expect(ok(await call('/api/eosoperator/myInfo', {}, { token: data.token }))).toMatchObject({ userID: userId });
    expect(res.cookies?.some((c) => c.name === TOTP_REMEMBER_COOKIE)).toBe(false);
    // the ticket is taken once
    const again = await call('/modules/eosoperator/loginBySecondFactor', { ticket, code: codeOf(secret, 1) });
    expect(again.msg).toBe(TOTP_MSG.ticketExpired);
    expect((await logged(userId, 'totp-verify')).some((r) => r.outcome === 'ok' && r.detail === 'password code')).toBe(
      true,
    );
  });

  it('a code is accepted once: the same code again is refused', async () => {
    const { userId, id } = await account('totp-replay-');
    const { secret } = await enrol(userId);
    const code = await freshCode(id, secret);
    ok(
      await call('/modules/eosoperator/loginBySecondFactor', {
        ticket: challengeOf(ok(await login(userId, PASS))),
        code,
      }),
    );
    const replay = await call('/modules/eosoperator/loginBySecondFactor', {
      ticket: challengeOf(ok(await login(userId, PASS))),
      code,
    });
    expect(replay.msg).toBe(TOTP_MSG.wrongCode);
  });

  it('QR code: the phone confirms, the desktop poll answers the second step, the code signs the desktop in', async () => {
    const { userId, id } = await account('totp-qr-');
    const { secret } = await enrol(userId);
    const phone = ok(
      await call('/modules/eosoperator/loginBySecondFactor', {
        ticket: challengeOf(ok(await login(userId, PASS, '10.38.2.1'))),
        code: await freshCode(id, secret),
      }),
    ).token as string;
    const { randNum } = ok(await call('/modules/eosoperator/loginGetQRRandNum')) as { randNum: string };
    ok(await call('/modules/eosoperator/qrConfirm', { randNum }, { token: phone }));
    const poll = ok(await call('/modules/eosoperator/loginByQRRandNum', { randNum }));
    expect(poll.status).toBe('confirmed');
    const ticket = challengeOf(poll);
    const desktop = ok(
      await call('/modules/eosoperator/loginBySecondFactor', { ticket, code: await freshCode(id, secret) }),
    ).token as string;
    expect(ok(await call('/api/eosoperator/myInfo', {}, { token: desktop }))).toMatchObject({ userID: userId });
    // the phone's session was kept, as a QR login keeps it
    expect((await call('/api/eosoperator/checkToken', {}, { token: phone })).code).toBe(0);
  });

  it('CAS: the ticket back from the CAS stand-in answers the second step', async () => {
    const { userId, id } = await account('totp-cas-');
    const { secret } = await enrol(userId);
    // The stand-in's user with no portal account names this one by its e-mail attribute.
    await (await db()).update(operators).set({ email: 'outsider@example.org' }).where(eq(operators.id, id));
    process.env.CAS_USER_ATTRIBUTE = 'mail';
    const { url } = ok(await call('/modules/eosoperator/loginByCasObtainRedirectUri')) as { url: string };
    const service = new URL(url).searchParams.get('service')!;
    const res = await fetch(`${cas.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ service, username: 'outsider', password: 'Cas_2026' }).toString(),
    });
    const back = new URL(res.headers.get('location')!);
    const first = ok(
      await call('/modules/eosoperator/loginByCas', {
        ticket: back.searchParams.get('ticket')!,
        casState: back.searchParams.get('casState')!,
      }),
    );
    const data = ok(
      await call('/modules/eosoperator/loginBySecondFactor', {
        ticket: challengeOf(first),
        code: await freshCode(id, secret),
      }),
    );
    expect(data.operatorResult).toMatchObject({ userID: userId });
    expect((await logged(userId, 'totp-verify')).some((r) => r.detail === 'cas code')).toBe(true);
    delete process.env.CAS_USER_ATTRIBUTE;
    await (await db()).update(operators).set({ email: null }).where(eq(operators.id, id));
  });

  it('WeChat: an account bound to the WeChat identity answers the second step', async () => {
    const { userId, id } = await account('totp-wx-');
    const { secret } = await enrol(userId);
    await (await db()).update(operators).set({ wxUnionId: 'u-test-unionid-3' }).where(eq(operators.id, id));
    try {
      const qr = ok(await call('/api/eosoperator/getWXCode')) as { url: string };
      const html = await (await fetch(qr.url)).text();
      const href = /href="([^"]*uid=wx3[^"]*)"/.exec(html)![1].replace(/&amp;/g, '&');
      const back = new URL((await fetch(new URL(href, wx.url), { redirect: 'manual' })).headers.get('location')!);
      const first = ok(
        await call('/api/eosoperator/getToken', {
          code: back.searchParams.get('code')!,
          state: back.searchParams.get('state')!,
        }),
      );
      expect(first.type).toBe('login');
      const data = ok(
        await call('/modules/eosoperator/loginBySecondFactor', {
          ticket: challengeOf(first),
          code: await freshCode(id, secret),
        }),
      );
      expect(data.operatorResult).toMatchObject({ userID: userId });
    } finally {
      await (await db()).update(operators).set({ wxUnionId: null }).where(eq(operators.id, id));
    }
  });

  it('an account without the factor signs in with the first factor alone, as before', async () => {
    const { userId } = await account('totp-none-');
    const data = ok(await login(userId, PASS));
    expect(typeof data.token).toBe('string');
    expect(data.secondFactor).toBeUndefined();
  });
});

describe('throttled, recovery codes, remembered browsers', () => {
  it('wrong codes are throttled like passwords: the sixth from one address is refused, even with the right code', async () => {
    const { userId, id } = await account('totp-throttle-');
    const { secret } = await enrol(userId);
    const ip = '10.38.3.1';
    const ticket = challengeOf(ok(await login(userId, PASS, ip)));
    const wrong = codeOf(secret, 10);
    for (let i = 0; i < 5; i++) {
      const r = await call('/modules/eosoperator/loginBySecondFactor', { ticket, code: wrong }, { ip });
      expect(r.msg).toBe(TOTP_MSG.wrongCode);
    }
    const locked = await call(
      '/modules/eosoperator/loginBySecondFactor',
      { ticket, code: await freshCode(id, secret) },
      { ip },
    );
    expect(locked).toMatchObject({ code: CODE_THROTTLED, msg: THROTTLED_MSG });
    expect((await logged(userId, 'totp-verify')).filter((r) => r.outcome === 'failed')).toHaveLength(5);
  });

  it('parallel wrong codes: at most five are checked', async () => {
    const { userId, id } = await account('totp-burst-');
    const { secret } = await enrol(userId);
    const ip = '10.38.3.2';
    const ticket = challengeOf(ok(await login(userId, PASS, ip)));
    const wrong = codeOf(secret, 10);
    await freshCode(id, secret);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        call('/modules/eosoperator/loginBySecondFactor', { ticket, code: wrong }, { ip }),
      ),
    );
    expect(answers.filter((a) => a.msg === TOTP_MSG.wrongCode).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.code === CODE_THROTTLED).length).toBeGreaterThanOrEqual(25);
  });

  it('a recovery code signs in once; used again it is refused', async () => {
    const { userId } = await account('totp-recovery-');
    const { recoveryCodes, token } = await enrol(userId);
    const code = recoveryCodes[3];
    const data = ok(
      await call('/modules/eosoperator/loginBySecondFactor', {
        ticket: challengeOf(ok(await login(userId, PASS))),
        recoveryCode: code.toLowerCase(),
      }),
    );
    expect(data.operatorResult).toMatchObject({ userID: userId });
    const twice = await Promise.all(
      [0, 1].map(async () =>
        call('/modules/eosoperator/loginBySecondFactor', {
          ticket: challengeOf(ok(await login(userId, PASS))),
          recoveryCode: code,
        }),
      ),
    );
    expect(twice.map((r) => r.msg)).toEqual([TOTP_MSG.wrongRecovery, TOTP_MSG.wrongRecovery]);
    void token;
    const fresh = tokenOf(
      await call('/modules/eosoperator/loginBySecondFactor', {
        ticket: challengeOf(ok(await login(userId, PASS))),
        recoveryCode: recoveryCodes[4],
      }),
    );
    expect(ok(await call('/api/eosoperator/totp/status', {}, { token: fresh })).recoveryLeft).toBe(8);
    expect((await logged(userId, 'totp-recovery')).filter((r) => r.outcome === 'ok')).toHaveLength(2);
  });

  it('a remembered browser skips the code for this account only, until the factor is reset', async () => {
    const { userId, id } = await account('totp-remember-');
    const other = await account('totp-remember-other-');
    const { secret } = await enrol(userId);
    const otherEnrolment = await enrol(other.userId);
    void otherEnrolment;
    const res = await call('/modules/eosoperator/loginBySecondFactor', {
      ticket: challengeOf(ok(await login(userId, PASS))),
      code: await freshCode(id, secret),
      remember: true,
    });
    const cookie = res.cookies?.find((c) => c.name === TOTP_REMEMBER_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.maxAge).toBe(30 * 24 * 3600);
    const cookies = { [TOTP_REMEMBER_COOKIE]: cookie!.value };
    const skipped = await call(
      '/modules/eosoperator/loginBySecondFactor',
      { ticket: challengeOf(ok(await login(userId, PASS))) },
      { cookies },
    );
    expect(ok(skipped).operatorResult).toMatchObject({ userID: userId });
    // another account in the same browser is asked for its code
    const otherAsk = await call(
      '/modules/eosoperator/loginBySecondFactor',
      { ticket: challengeOf(ok(await login(other.userId, PASS))) },
      { cookies },
    );
    expect(otherAsk.code).toBe(CODE_TOTP_CODE_NEEDED);
    // a forged cookie is not taken
    const forged = await call(
      '/modules/eosoperator/loginBySecondFactor',
      { ticket: challengeOf(ok(await login(userId, PASS))) },
      { cookies: { [TOTP_REMEMBER_COOKIE]: cookie!.value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) } },
    );
    expect(forged.code).toBe(CODE_TOTP_CODE_NEEDED);
    expect((await logged(userId, 'totp-remember')).length).toBe(1);
    // disabled (with a code) and enrolled again: the old cookie no longer works
    const session = tokenOf(skipped);
    ok(await call('/api/eosoperator/totp/disable', { code: await freshCode(id, secret) }, { token: session }));
    expect((await logged(userId, 'totp-disable')).some((r) => r.outcome === 'ok')).toBe(true);
    await enrol(userId);
    const after = await call(
      '/modules/eosoperator/loginBySecondFactor',
      { ticket: challengeOf(ok(await login(userId, PASS))) },
      { cookies },
    );
    expect(after.code).toBe(CODE_TOTP_CODE_NEEDED);
  });
});

describe('the policy: required per role, management calls refused until passed, reset by an administrator', () => {
  it('a role that requires the factor: not enrolled -> 1031; enrolled with one factor -> 1032; passed -> allowed', async () => {
    const d = await db();
    const { userId, id } = await account('totp-manager-');
    await d.insert(roleGrants).values({ operatorId: id, roleId: testRole, orgId: null });
    const before = tokenOf(await login(userId, PASS));
    expect((await call('/api/manage/roles', {}, { token: before })).code).toBe(0);

    await d.update(roles).set({ requireTotp: true }).where(eq(roles.id, testRole));
    const refused = await call('/api/manage/roles', {}, { token: before });
    expect(refused).toMatchObject({ code: CODE_TOTP_ENROL, msg: TOTP_MSG.enrolFirst });
    // enrolling from this session passes the factor for it
    const begun = ok(await call('/api/eosoperator/totp/begin', {}, { token: before })) as { secret: string };
    ok(await call('/api/eosoperator/totp/confirm', { code: codeOf(begun.secret) }, { token: before }));
    expect((await call('/api/manage/roles', {}, { token: before })).code).toBe(0);
    // a session that did not pass it (made before the enrolment, or by other means) is refused
    await d.execute(sql`update sessions set second_factor = false where operator_id = ${id}`);
    const { forgetRecentSessions } = await import('@/lib/server/services/accounts/sessions');
    forgetRecentSessions();
    expect(await call('/api/manage/roles', {}, { token: before })).toMatchObject({
      code: CODE_TOTP_REQUIRED,
      msg: TOTP_MSG.passFirst,
    });
    // the required factor cannot be turned off by its holder
    const passed = tokenOf(
      await call('/modules/eosoperator/loginBySecondFactor', {
        ticket: challengeOf(ok(await login(userId, PASS))),
        code: await freshCode(id, begun.secret),
      }),
    );
    expect((await call('/api/manage/roles', {}, { token: passed })).code).toBe(0);
    // a refreshed session keeps what the old one passed
    const refreshed = String(ok(await call('/modules/eosoperator/refreshToken', {}, { token: passed })).token);
    expect((await call('/api/manage/roles', {}, { token: refreshed })).code).toBe(0);
    const off = await call(
      '/api/eosoperator/totp/disable',
      { code: await freshCode(id, begun.secret) },
      { token: refreshed },
    );
    expect(off.msg).toBe(TOTP_MSG.requiredByRole);
    const listed = ok(await call('/api/manage/roles', {}, { token: refreshed })) as unknown as {
      id: number;
      requireTotp: boolean;
    }[];
    expect(listed.find((r) => r.id === testRole)?.requireTotp).toBe(true);
  });

  it('an administrator sets the policy and resets a locked-out manager (both logged); the manager enrols again', async () => {
    const d = await db();
    const admin = await account('totp-admin-');
    const [sys] = await d.select({ id: roles.id }).from(roles).where(eq(roles.name, '系统管理员'));
    await d.insert(roleGrants).values({ operatorId: admin.id, roleId: sys.id, orgId: null });
    const adminToken = tokenOf(await login(admin.userId, PASS));
    const set = ok(await call('/api/manage/roleTotp', { roleId: testRole, requireTotp: true }, { token: adminToken }));
    expect(set).toMatchObject({ id: testRole, requireTotp: true });
    expect((await logged(admin.userId, 'totp-policy')).some((r) => r.target === `role:${testRole}`)).toBe(true);

    const manager = await account('totp-lost-');
    await d.insert(roleGrants).values({ operatorId: manager.id, roleId: testRole, orgId: null });
    await enrol(manager.userId);
    // the phone is lost: the password alone gets no session
    expect(ok(await login(manager.userId, PASS)).secondFactor).toBe('totp');
    // a learner cannot reset anyone
    const learner = await account('totp-learner-');
    const learnerToken = tokenOf(await login(learner.userId, PASS));
    expect((await call('/api/manage/resetTotp', { operatorId: manager.id }, { token: learnerToken })).code).toBe(1003);
    expect(ok(await call('/api/manage/resetTotp', { operatorId: manager.id }, { token: adminToken }))).toEqual({
      reset: true,
    });
    const resets = await logged(admin.userId, 'totp-reset');
    expect(resets.some((r) => r.target === `user:${manager.userId}` && r.outcome === 'ok')).toBe(true);
    // signed in with the password; sent to enrol before any management call
    const token = tokenOf(await login(manager.userId, PASS));
    expect((await call('/api/manage/roles', {}, { token })).code).toBe(CODE_TOTP_ENROL);
    await d.update(roles).set({ requireTotp: false }).where(eq(roles.id, testRole));
  });
});

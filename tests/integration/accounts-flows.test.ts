/**
 * The accounts endpoints (issue 3): registration and activation, password retrieval and reset, the
 * prompts after login, account settings, stations, management, QR-code login, and the security rules
 * of point 9, through the same endpoint table and HTTP layer the server uses. PGlite (DATA_DIR=memory)
 * or PostgreSQL (DATABASE_URL).
 */
import { rmSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { handleApiRequest, isCrossSite } from '@/lib/server/http/api-route';
import { closeDb, db, getDbHandle } from '@/lib/server/db';
import { accountTokens, captchas, loginThrottles, operators, qrTickets, registrations } from '@/lib/server/db/schema';
import { createCaptcha, verifyCaptcha } from '@/lib/server/services/accounts/captcha';
import { createSession, hashToken } from '@/lib/server/services/accounts/sessions';
import { linksOf, outboxDir, outboxFor } from '@/lib/server/messaging/mail';
import { ACCOUNT_MAX_FAILURES, accountAddressKey, accountKey } from '@/lib/server/services/accounts/throttle';
import { EMAIL_TAKEN_MSG } from '@/lib/server/services/accounts/register';
import { RESET_INVALID, resetMailAccountKey } from '@/lib/server/services/accounts/password-reset';
import { CODE_SESSION_ELSEWHERE, CODE_SESSION_NONE } from '@/lib/contract/messages';
import { TOKEN_STORAGE_KEY } from '@/lib/constants';
import { V } from '@/lib/validation/messages';
import { isSafeRedirect } from '@/lib/validation/redirect-address';
import type { Site } from '@/lib/variants';
import { accountsClient, ok, tokenOf } from './accounts-support';
import { THROTTLED_MSG, LEGACY_ADMIN_URL_MISSING_MSG } from '@/lib/contract/accounts';

const party: Site = { variant: 'party', dx: false };
const { call, callRaw, captcha, login } = accountsClient('10.0.0.1');

const uniq = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const email = (name: string) => `${name}.${uniq}@example.org`;
const GOOD = 'Good_pass_2026';

/** Every line the server printed during the suite, to check that no secret was logged. */
const logged: string[] = [];
const secrets: string[] = [GOOD, 'New_pass_2027', 'Learner_2026'];

beforeAll(async () => {
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    const orig = console[level].bind(console);
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
      if (level === 'error') orig(...args);
    });
  }
  const handle = await getDbHandle();
  process.stdout.write(`accounts suite on ${handle.kind}\n`);
}, 120_000);
let seededNewbie: typeof operators.$inferSelect | undefined;
afterAll(async () => {
  if (seededNewbie) {
    const { passwordHash, email, isDefaultPassword } = seededNewbie;
    await (
      await db()
    )
      .update(operators)
      .set({ passwordHash, email, isDefaultPassword })
      .where(eq(operators.id, seededNewbie.id));
  }
  jest.restoreAllMocks();
  rmSync(outboxDir(), { recursive: true, force: true });
  await closeDb();
});

function lastLink(to: string, marker: string): string {
  const mail = outboxFor(to)[0];
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = linksOf(mail.body).find((l) => l.includes(marker));
  if (!link) throw new Error(`no ${marker} link in the mail to ${to}`);
  return link;
}

describe('registration (type -1) and activation', () => {
  const address = email('reg');
  const form = (over: Record<string, unknown> = {}) => ({
    operatorName: '注册测试',
    orgName: '测试研究所',
    email: address,
    password: GOOD,
    repassword: GOOD,
    ...over,
  });

  it('bad input: each field gets its SPEC 5 message, never a 500', async () => {
    const c = await captcha();
    expect((await call('/api/register/create', { ...form({ email: '' }), ...c })).msg).toContain(
      V.registerEmailRequired,
    );
    expect((await call('/api/register/create', { ...form({ operatorName: ' ' }), ...c })).msg).toContain(
      V.registerNameRequired,
    );
    expect((await call('/api/register/create', { ...form({ orgName: '' }), ...c })).msg).toContain(
      V.registerOrgRequired,
    );
    expect((await call('/api/register/create', { ...form({ password: '' }), ...c })).msg).toContain(V.passwordRequired);
    for (const weak of ['short_1', 'nounderscore1', 'no_digits_here', '12345678_']) {
      expect(
        (await call('/api/register/create', { ...form({ password: weak, repassword: weak }), ...c })).msg,
      ).toContain(V.passwordRule);
    }
    expect((await call('/api/register/create', { ...form({ repassword: 'Other_pass_1' }), ...c })).msg).toContain(
      V.passwordConfirmMismatch,
    );
    expect((await call('/api/register/create', { ...form({ email: 'not-an-email' }), ...c })).msg).toContain(
      V.emailInvalid,
    );
    expect((await callRaw('/api/register/create', form())).msg).toContain(V.loginCodeRequired);
    expect((await callRaw('/api/register/create', 'nonsense')).code).not.toBe(0);
    expect((await call('/api/register/create', { ...form(), code: 'XXXX', codeUuid: 'nope' })).msg).toMatch(/验证码/);
  });

  it('registers, mails an activation link; no login before activation; the link activates once', async () => {
    const res = await call('/api/register/create', { ...form(), ...(await captcha()) });
    expect(ok(res).email).toBe(address);
    const link = lastLink(address, 'activateToken=');
    expect(link).toMatch(/^http:\/\/localhost:\d+\/register\?activateToken=[A-Za-z0-9_-]{43}$/);

    const before = await login(address, GOOD);
    expect(before.code).not.toBe(0);
    expect(before.msg).toBe('账号尚未激活，请先登录邮箱激活账号');

    const token = new URL(link).searchParams.get('activateToken')!;
    expect(ok(await call('/api/register/activate', { token })).userID).toBe(address);
    // Opened again, the used link says the account is active (not 'register again'), and changes nothing.
    expect(ok(await call('/api/register/activate', { token }))).toMatchObject({
      userID: address,
      message: '账号已激活，请登录',
    });
    expect((await call('/api/register/activate', { token: 'x'.repeat(43) })).code).not.toBe(0);
    expect((await callRaw('/api/register/activate', {})).code).not.toBe(0);

    const after = await login(address.toUpperCase(), GOOD);
    expect(after.code).toBe(0);
    expect((after.data as { isEmptyEmail: number }).isEmptyEmail).toBe(0);
  });

  it('a duplicate e-mail or login name gets a clear message; valid says so too', async () => {
    const dup = await call('/api/register/create', { ...form(), ...(await captcha()) });
    expect(dup.code).not.toBe(0);
    expect(dup.msg).toBe(EMAIL_TAKEN_MSG);
    expect((await call('/api/register/valid', { email: address })).msg).toBe(EMAIL_TAKEN_MSG);
    expect((await call('/api/register/valid', { email: email('free') })).data).toBe(true);
    expect((await call('/api/register/valid', { email: 'x' })).code).not.toBe(0);
    // a login name that is an e-mail address of someone else's account
    const d = await db();
    const other = email('loginname');
    await d.insert(operators).values({ userId: other, name: '占用', passwordHash: 'x' });
    const res = await call('/api/register/create', { ...form({ email: other }), ...(await captcha()) });
    expect(res.msg).toBe('该登录账号已被使用，请更换邮箱');
  });

  it('registration for a train resource keeps resourceId and resourceType=1', async () => {
    const d = await db();
    const [train] = await d
      .execute<{ id: number }>(sql`select id from trains order by id limit 1`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const info = ok(await call('/api/register/info', { resourceId: train.id }));
    expect(info.resourceType).toBe(1);
    expect((await call('/api/register/info', { resourceId: 99999999 })).code).not.toBe(0);
    expect((await callRaw('/api/register/info', { resourceId: 'a' })).code).not.toBe(0);
    const address2 = email('train');
    ok(
      await call(
        '/api/register/create',
        { ...form({ email: address2, resourceId: train.id, resourceType: 1 }), ...(await captcha()) },
        { site: party },
      ),
    );
    const [op] = await d.select().from(operators).where(eq(operators.email, address2));
    expect(op.audience).toBe('party');
    const [reg] = await d.select().from(registrations).where(eq(registrations.operatorId, op.id));
    expect(reg).toMatchObject({ resourceId: train.id, resourceType: 1 });
    expect(lastLink(address2, 'activateToken=')).toMatch(/^http:\/\/party\.localhost:\d+\/register\?/);
    expect(
      (
        await call('/api/register/create', {
          ...form({ email: email('t2'), resourceId: train.id }),
          ...(await captcha()),
        })
      ).code,
    ).not.toBe(0);
  });
});

describe('password retrieval and reset (types 3-8)', () => {
  it('an unknown user, or one without an e-mail, is told to use manual retrieval', async () => {
    expect((await call('/api/eosoperator/forgetPasswordSendEmail', { userIdOrEmail: 'nobody-here' })).msg).toBe(
      V.forgotNotFound,
    );
    expect((await call('/api/eosoperator/forgetPasswordSendEmail', { userIdOrEmail: 'newbie' })).msg).toBe(
      V.forgotNotFound,
    );
    expect((await call('/api/eosoperator/forgetPasswordSendEmail', { userIdOrEmail: '  ' })).msg).toContain(
      V.forgotUserRequired,
    );
  });

  it('mails a 30-minute single-use link; reset signs other sessions out; the new password works', async () => {
    const d = await db();
    const address = email('reset');
    await d.insert(operators).values({ userId: `reset${uniq}`, email: address, name: '重置测试', passwordHash: 'x' });
    const [op] = await d.select().from(operators).where(eq(operators.email, address));
    const old = await createSession(op.id);

    const sent = ok(await call('/api/eosoperator/forgetPasswordSendEmail', { userIdOrEmail: `RESET${uniq}` }));
    expect(sent.email).toMatch(/^r\*\*\*@example\.org$/);
    const link = lastLink(address, 'forgetPasswordToken=');
    expect(link).toMatch(/\/home\?forgetPasswordToken=/);
    const token = new URL(link).searchParams.get('forgetPasswordToken')!;

    const [row] = await d
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 60_000);

    expect(ok(await call('/api/eosoperator/forgetPasswordCheckToken', { forgetPasswordToken: token }))).toMatchObject({
      operatorName: '重置测试',
      userID: `reset${uniq}`,
    });
    const bad = { forgetPasswordToken: token, newPassword: 'New_pass_2027' };
    expect((await call('/api/eosoperator/forgetPasswordModify', { ...bad, newPasswordConfirm: '' })).msg).toContain(
      V.resetConfirmRequired,
    );
    expect(
      (await call('/api/eosoperator/forgetPasswordModify', { ...bad, newPasswordConfirm: 'New_pass_2028' })).msg,
    ).toContain(V.resetMismatch);
    expect(
      (await call('/api/eosoperator/forgetPasswordModify', { ...bad, newPassword: '', newPasswordConfirm: '' })).msg,
    ).toContain(V.resetPasswordRequired);
    ok(await call('/api/eosoperator/forgetPasswordModify', { ...bad, newPasswordConfirm: 'New_pass_2027' }));

    // single use
    expect((await call('/api/eosoperator/forgetPasswordCheckToken', { forgetPasswordToken: token })).msg).toBe(
      RESET_INVALID,
    );
    expect(
      (await call('/api/eosoperator/forgetPasswordModify', { ...bad, newPasswordConfirm: 'New_pass_2027' })).msg,
    ).toBe(RESET_INVALID);
    // the old session is over, the new password signs in
    expect((await call('/api/eosoperator/myInfo', {}, { token: old })).code).toBe(CODE_SESSION_NONE);
    expect((await login(address, 'New_pass_2027')).code).toBe(0);
  });

  it('an expired link, an unknown one, and a second request making the first useless', async () => {
    const d = await db();
    ok(await call('/api/eosoperator/forgetPasswordSendEmail', { userIdOrEmail: 'learner@example.org' }));
    const first = new URL(lastLink('learner@example.org', 'forgetPasswordToken=')).searchParams.get(
      'forgetPasswordToken',
    )!;
    await d
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashToken(first)));
    expect((await call('/api/eosoperator/forgetPasswordCheckToken', { forgetPasswordToken: first })).msg).toBe(
      RESET_INVALID,
    );
    expect(RESET_INVALID).toBe('链接不正确，是否已经过期？请重新申请！');
    expect(
      (await call('/api/eosoperator/forgetPasswordCheckToken', { forgetPasswordToken: 'A'.repeat(43) })).code,
    ).not.toBe(0);
    expect((await call('/api/eosoperator/forgetPasswordCheckToken', { forgetPasswordToken: 'short' })).code).not.toBe(
      0,
    );

    // one e-mail a minute per account (accounts-security.test.ts): step past it
    const [learner] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'learner'));
    const aMinuteLater = () =>
      d
        .update(loginThrottles)
        .set({ windowStart: new Date(Date.now() - 61_000) })
        .where(eq(loginThrottles.key, resetMailAccountKey(learner.id)));
    await aMinuteLater();
    await new Promise((r) => setTimeout(r, 5)); // distinct outbox file names
    ok(await call('/api/eosoperator/forgetPasswordSendEmail', { userIdOrEmail: 'learner' }));
    const second = new URL(lastLink('learner@example.org', 'forgetPasswordToken=')).searchParams.get(
      'forgetPasswordToken',
    )!;
    await aMinuteLater();
    ok(await call('/api/eosoperator/forgetPasswordSendEmail', { userIdOrEmail: 'learner' }));
    expect((await call('/api/eosoperator/forgetPasswordCheckToken', { forgetPasswordToken: second })).code).not.toBe(0);
  });
});

describe('login: results, throttling, captcha', () => {
  it('a wrong captcha, a wrong password and an unknown account each get a clear message', async () => {
    expect(
      (
        await call('/modules/eosoperator/login', {
          userID: 'learner',
          password: 'Learner_2026',
          code: 'ZZZZ',
          codeUuid: (await captcha()).codeUuid,
        })
      ).msg,
    ).toBe('验证码错误或已过期，请重新输入');
    expect((await login('learner', 'Wrong_pass_1', '10.9.0.1')).msg).toBe('账号或密码错误');
    expect((await login('nobody', 'Wrong_pass_1', '10.9.0.1')).msg).toBe('账号或密码错误');
    expect((await callRaw('/modules/eosoperator/login', {})).msg).toContain(V.loginUserIdRequired);
  });

  it('the newbie gets the perfect-info flags; saving perfect info clears them', async () => {
    // The demo newbie as the seed made it, restored after the suite: other suites on a shared database sign it in.
    [seededNewbie] = await (await db()).select().from(operators).where(eq(operators.userId, 'newbie'));
    const res = await login('newbie', 'Newbie_2026');
    const data = ok(res);
    expect(data).toMatchObject({ isDefaultPassword: 1, isEmptyEmail: 1, hasES: 0 });
    expect(data.operatorResult).toMatchObject({ userID: 'newbie', operatorName: '刘新' });
    const token = tokenOf(res);
    expect((await call('/modules/eosoperator/loginRecommendSave', {}, { token })).code).not.toBe(0);
    expect((await call('/modules/eosoperator/loginRecommendSave', { email: 'bad' }, { token })).msg).toContain(
      V.emailInvalid,
    );
    expect(
      (await call('/modules/eosoperator/loginRecommendSave', { email: 'learner@example.org' }, { token })).msg,
    ).toBe('该邮箱已被其他账号使用');
    expect(
      (
        await call(
          '/modules/eosoperator/loginRecommendSave',
          { newPassword: 'Newbie_2027', confirmPassword: 'Newbie_2028' },
          { token },
        )
      ).msg,
    ).toContain(V.passwordConfirmMismatch);
    expect((await call('/modules/eosoperator/loginRecommendSave', { email: email('newbie') })).code).toBe(
      CODE_SESSION_NONE,
    );
    ok(
      await call(
        '/modules/eosoperator/loginRecommendSave',
        { email: email('newbie'), newPassword: 'Newbie_2027', confirmPassword: 'Newbie_2027' },
        { token },
      ),
    );
    const again = ok(await login('newbie', 'Newbie_2027'));
    expect(again).toMatchObject({ isDefaultPassword: 0, isEmptyEmail: 0 });
  });

  it('redirectsUrl only for allowed addresses (no open redirect)', async () => {
    expect(ok(await login('learner', 'Learner_2026', '10.0.0.1', { redirect: '/personal/index' })).redirectsUrl).toBe(
      '/personal/index',
    );
    expect(
      ok(await login('learner', 'Learner_2026', '10.0.0.1', { redirect: 'http://party.localhost:3000/home' }))
        .redirectsUrl,
    ).toBe('http://party.localhost:3000/home');
    for (const evil of [
      'https://evil.example.com/',
      '//evil.example.com',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'http://localhost.evil.com/',
      'http://user@evil.com',
    ]) {
      expect(ok(await login('learner', 'Learner_2026', '10.0.0.1', { redirect: evil })).redirectsUrl).toBe('');
    }
    expect(isSafeRedirect('https://cms.example.cn/x', ['*.example.cn'])).toBe(true);
    expect(isSafeRedirect('https://example.cn.evil.com/x', ['*.example.cn'])).toBe(false);
  });

  it('a login elsewhere makes the older session answer 2001', async () => {
    const first = tokenOf(await login('teacher', 'Teacher_2026'));
    const second = tokenOf(await login('teacher', 'Teacher_2026'));
    expect((await call('/api/eosoperator/checkToken', {}, { token: first })).code).toBe(CODE_SESSION_ELSEWHERE);
    expect((await call('/api/eosoperator/checkToken', {}, { token: second })).code).toBe(0);
    expect((await call('/api/eosoperator/checkToken')).code).toBe(CODE_SESSION_NONE);
  });

  it('throttles an account after repeated failures from one address, with a clear message, and recovers', async () => {
    const d = await db();
    const userID = 'party';
    const ip = '10.1.0.1';
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++)
      expect((await login(userID, 'Wrong_pass_1', ip)).msg).toBe('账号或密码错误');
    const locked = await login(userID, 'Party_2026', ip);
    expect(locked.msg).toBe(THROTTLED_MSG);
    // the lock lifts by itself
    await d
      .update(loginThrottles)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottles.key, accountAddressKey(userID, ip)));
    expect((await login(userID, 'Party_2026', ip)).code).toBe(0);
    const rows = await d
      .select()
      .from(loginThrottles)
      .where(inArray(loginThrottles.key, [accountAddressKey(userID, ip), accountKey(userID)]));
    expect(rows).toEqual([]);
  });

  it('throttles an address trying many accounts', async () => {
    const ip = '10.2.0.9';
    for (let i = 0; i < 20; i++) await login(`ghost${i}`, 'Wrong_pass_1', ip);
    expect((await login('student', 'Student_2026', ip)).msg).toBe(THROTTLED_MSG);
    expect((await login('student', 'Student_2026', '10.2.0.10')).code).toBe(0);
  });

  it('captcha: single use, expiring', async () => {
    const c = await createCaptcha();
    expect(await verifyCaptcha(c.uuid, c.answer.toLowerCase())).toBe(true);
    expect(await verifyCaptcha(c.uuid, c.answer)).toBe(false);
    const wrong = await createCaptcha();
    expect(await verifyCaptcha(wrong.uuid, 'XXXX')).toBe(false);
    expect(await verifyCaptcha(wrong.uuid, wrong.answer)).toBe(false); // a wrong try uses it up
    const old = await createCaptcha(new Date(Date.now() - 6 * 60_000));
    expect(await verifyCaptcha(old.uuid, old.answer)).toBe(false);
    const d = await db();
    const [row] = await d.select().from(captchas).where(eq(captchas.uuid, c.uuid));
    expect(row.answerHash).not.toContain(c.answer);
  });

  it('passwords are stored as scrypt hashes', async () => {
    const d = await db();
    const [op] = await d.select({ h: operators.passwordHash }).from(operators).where(eq(operators.userId, 'learner'));
    expect(op.h).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
  });
});

describe('account settings, stations, management', () => {
  let token = '';
  beforeAll(async () => {
    token = tokenOf(await login('manager', 'Manager_2026'));
  });

  it('change password: old one checked, rule applied, other sessions ended', async () => {
    const d = await db();
    const [op] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'manager'));
    expect(
      (
        await call(
          '/api/eosoperator/changePassword',
          { oldPassword: 'Wrong_1', newPassword: 'Manager_2027', confirmPassword: 'Manager_2027' },
          { token },
        )
      ).msg,
    ).toBe('原密码不正确');
    expect(
      (
        await call(
          '/api/eosoperator/changePassword',
          { oldPassword: 'Manager_2026', newPassword: 'weak', confirmPassword: 'weak' },
          { token },
        )
      ).msg,
    ).toContain(V.passwordRule);
    expect(
      (
        await call(
          '/api/eosoperator/changePassword',
          { oldPassword: 'Manager_2026', newPassword: 'Manager_2027', confirmPassword: 'x' },
          { token },
        )
      ).msg,
    ).toContain(V.passwordConfirmMismatch);
    expect(
      (
        await call(
          '/api/eosoperator/changePassword',
          { oldPassword: 'Manager_2026', newPassword: 'Manager_2026', confirmPassword: 'Manager_2026' },
          { token },
        )
      ).msg,
    ).toContain(V.passwordSameAsOld);
    expect(
      (
        await call('/api/eosoperator/changePassword', {
          oldPassword: 'Manager_2026',
          newPassword: 'Manager_2027',
          confirmPassword: 'Manager_2027',
        })
      ).code,
    ).toBe(CODE_SESSION_NONE);
    ok(
      await call(
        '/api/eosoperator/changePassword',
        { oldPassword: 'Manager_2026', newPassword: 'Manager_2027', confirmPassword: 'Manager_2027' },
        { token },
      ),
    );
    expect((await call('/api/eosoperator/checkToken', {}, { token })).code).toBe(0);
    void op;
    ok(
      await call(
        '/api/eosoperator/changePassword',
        { oldPassword: 'Manager_2027', newPassword: 'Manager_2026', confirmPassword: 'Manager_2026' },
        { token },
      ),
    );
  });

  it('update e-mail, head picture and info, with bad input refused', async () => {
    expect((await call('/api/eosoperator/updateEmail', { email: 'nope' }, { token })).msg).toContain(V.emailInvalid);
    expect(
      (
        await call(
          '/api/eosoperator/updateEmail',
          { email: 'learner@example.org', password: 'Manager_2026' },
          { token },
        )
      ).msg,
    ).toBe('该邮箱已被其他账号使用');
    ok(await call('/api/eosoperator/updateEmail', { email: email('mgr'), password: 'Manager_2026' }, { token }));
    expect(ok(await call('/api/eosoperator/myInfo', {}, { token })).email).toBe(email('mgr'));
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    ok(await call('/api/eosoperator/updateHead', { headPic: png }, { token }));
    expect(ok(await call('/api/eosoperator/myInfo', {}, { token })).headPic).toBe(png);
    expect((await call('/api/eosoperator/updateHead', { headPic: 'javascript:alert(1)' }, { token })).code).not.toBe(0);
    expect(
      (await call('/api/eosoperator/updateHead', { headPic: 'data:image/svg+xml;base64,PHN2Zz4=' }, { token })).code,
    ).not.toBe(0);
    ok(await call('/api/eosoperator/update', { operatorName: '李建国', gender: 1, remark: '管理员' }, { token }));
    expect((await call('/api/eosoperator/update', { operatorName: '', gender: 1 }, { token })).msg).toContain(
      V.registerNameRequired,
    );
    expect((await callRaw('/api/eosoperator/update', { operatorName: '李建国', gender: 3 }, { token })).code).not.toBe(
      0,
    );
  });

  it('post stations: list, at least one, bind, mine; only for oneself', async () => {
    const me = ok(await call('/api/eosoperator/myInfo', {}, { token }));
    const list = (await call('/api/station/list', {}, { token })).data as {
      stationId: number;
      stationName: string;
      bound: boolean;
    }[];
    expect(list.length).toBeGreaterThan(0);
    expect(
      (await call('/api/station/bind', { stationIds: [], operatorID: me.operatorID as number }, { token })).msg,
    ).toContain(V.stationRequired);
    expect(
      (
        await call(
          '/api/station/bind',
          { stationIds: [list[0].stationId], operatorID: Number(me.operatorID) + 1 },
          { token },
        )
      ).code,
    ).not.toBe(0);
    expect(
      (await call('/api/station/bind', { stationIds: [999999], operatorID: me.operatorID as number }, { token })).code,
    ).not.toBe(0);
    expect(
      ok(
        await call(
          '/api/station/bind',
          { stationIds: [list[0].stationId, list[1].stationId], operatorID: me.operatorID as number },
          { token },
        ),
      ).msg,
    ).toBe(V.stationBound);
    expect(((await call('/api/station/mine', {}, { token })).data as unknown[]).length).toBe(2);
    expect(
      ((await call('/api/station/list', {}, { token })).data as { bound: boolean }[]).filter((s) => s.bound).length,
    ).toBe(2);
    expect((await call('/api/station/mine')).code).toBe(CODE_SESSION_NONE);
    expect((await callRaw('/api/station/bind', { stationIds: 'a', operatorID: 1 }, { token })).code).not.toBe(0);
  });

  it('my management: switchDefaultCmsRole for managers only; the dynamic key needs configuration', async () => {
    const roles = (await call('/api/platform/index/myCmsRoleList', {}, { token })).data as { roleName: string }[];
    expect(roles.length).toBe(2);
    const res = ok(await call('/modules/role/switchDefaultCmsRole', { roleName: roles[1].roleName }, { token }));
    expect(res.roleName).toBe(roles[1].roleName);
    const learner = tokenOf(await login('learner', 'Learner_2026'));
    expect((await call('/modules/role/switchDefaultCmsRole', {}, { token: learner })).msg).toBe('您没有管理权限');
    expect((await call('/api/eosoperator/oldCmsDynamicKey', {}, { token })).msg).toBe(LEGACY_ADMIN_URL_MISSING_MSG);
    process.env.OLD_CMS_URL = 'https://old-cms.example.cn/login';
    process.env.OLD_CMS_SECRET = 'test-secret';
    try {
      expect(String(ok(await call('/api/eosoperator/oldCmsDynamicKey', {}, { token })).url)).toMatch(
        /^https:\/\/old-cms\.example\.cn\/login\?dynamicKey=\d+\.\d+\.[\w-]+$/,
      );
    } finally {
      delete process.env.OLD_CMS_URL;
      delete process.env.OLD_CMS_SECRET;
    }
  });
});

describe('QR-code login (type 2)', () => {
  it('waiting -> phone confirms -> the poll signs the desktop in once; the phone stays signed in', async () => {
    const qr = ok(await call('/modules/eosoperator/loginGetQRRandNum'));
    const randNum = String(qr.randNum);
    expect(String(qr.qrUrl)).toMatch(new RegExp(`^http://localhost:\\d+/qrCodePage/qrCode\\?randNum=${randNum}$`));
    expect(ok(await call('/modules/eosoperator/loginByQRRandNum', { randNum })).status).toBe('waiting');

    // a visitor opening the page is asked to log in first
    expect(ok(await call('/modules/eosoperator/qrScan', { randNum })).needLogin).toBe(true);
    expect((await call('/modules/eosoperator/qrConfirm', { randNum })).code).toBe(CODE_SESSION_NONE);

    const phone = tokenOf(await login('student', 'Student_2026', '10.3.0.1'));
    expect(ok(await call('/modules/eosoperator/qrScan', { randNum }, { token: phone }))).toMatchObject({
      operatorName: '陈思雨',
      needLogin: false,
    });
    expect(ok(await call('/modules/eosoperator/loginByQRRandNum', { randNum })).status).toBe('scanned');
    ok(await call('/modules/eosoperator/qrConfirm', { randNum }, { token: phone }));
    expect((await call('/modules/eosoperator/qrConfirm', { randNum }, { token: phone })).code).not.toBe(0);

    const res = await call('/modules/eosoperator/loginByQRRandNum', { randNum });
    const data = ok(res);
    expect(data.status).toBe('confirmed');
    expect(res.cookies?.map((c) => c.name)).toContain(TOKEN_STORAGE_KEY);
    expect((await call('/api/eosoperator/myInfo', {}, { token: String(data.token) })).code).toBe(0);
    expect((await call('/api/eosoperator/checkToken', {}, { token: phone })).code).toBe(0);
    // taken once
    expect((await call('/modules/eosoperator/loginByQRRandNum', { randNum })).code).not.toBe(0);
  });

  it("a host without the QR page (party school) encodes the main site's", async () => {
    const qr = ok(
      await call('/modules/eosoperator/loginGetQRRandNum', {}, { site: { variant: 'partySchool', dx: true } }),
    );
    expect(String(qr.qrUrl)).toMatch(/^http:\/\/localhost:\d+\/qrCodePage\/qrCode\?randNum=/);
    const partyQr = ok(await call('/modules/eosoperator/loginGetQRRandNum', {}, { site: party }));
    expect(String(partyQr.qrUrl)).toMatch(/^http:\/\/party\.localhost:\d+\/qrCodePage\/qrCode\?randNum=/);
  });

  it('an expired number cannot be confirmed; bad numbers are refused', async () => {
    const d = await db();
    const randNum = String(ok(await call('/modules/eosoperator/loginGetQRRandNum')).randNum);
    await d
      .update(qrTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(qrTickets.randHash, hashToken(randNum)));
    const phone = tokenOf(await login('learner', 'Learner_2026'));
    expect((await call('/modules/eosoperator/qrConfirm', { randNum }, { token: phone })).msg).toBe(
      '二维码已失效，请在电脑上刷新二维码后重新扫码',
    );
    expect((await call('/modules/eosoperator/loginByQRRandNum', { randNum })).code).not.toBe(0);
    expect((await call('/modules/eosoperator/loginByQRRandNum', { randNum: '../etc' })).code).not.toBe(0);
    expect((await callRaw('/modules/eosoperator/loginByQRRandNum', {})).code).not.toBe(0);
  });
});

describe('passport endpoints without configuration, and bad input', () => {
  it('answers clearly when the passport is not set up', async () => {
    expect((await call('/modules/eosoperator/loginByESObtainRedirectUri')).msg).toBe('未配置科技云通行证登录');
    expect((await call('/modules/eosoperator/loginByES', { code: 'x', state: 'y'.repeat(20) })).msg).toBe(
      '未配置科技云通行证登录',
    );
    expect((await callRaw('/modules/eosoperator/loginByES', {})).code).not.toBe(0);
    expect(
      (await call('/modules/eosoperator/loginByESChoose', { esLoginIO: 'z'.repeat(32), userID: 'learner' })).code,
    ).not.toBe(0);
    expect((await call('/modules/eosoperator/relateES', { esLoginIO: 'z'.repeat(32) })).code).toBe(CODE_SESSION_NONE);
  });
});

describe('HTTP layer: cookies and cross-site requests', () => {
  const post = (path: string, body: unknown, headers: Record<string, string>, url = 'http://127.0.0.1:3000') =>
    handleApiRequest(
      new Request(`${url}${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...headers },
      }),
    );

  it('the session cookie is HttpOnly and SameSite=Lax, and Secure under https', async () => {
    const plain = await post(
      '/modules/eosoperator/login',
      { userID: 'learner', password: 'Learner_2026', ...(await captcha()) },
      { host: 'localhost:3000' },
    );
    const cookie = plain.headers.getSetCookie().find((c) => c.startsWith(TOKEN_STORAGE_KEY))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const tls = await post(
      '/modules/eosoperator/login',
      { userID: 'learner', password: 'Learner_2026', ...(await captcha()) },
      { host: 'edu.example.cn', 'x-forwarded-proto': 'https' },
    );
    expect(tls.headers.getSetCookie().find((c) => c.startsWith(TOKEN_STORAGE_KEY))).toMatch(/; Secure/);
  });

  it('refuses another site, passes every host variant of this one', async () => {
    const evil = await post(
      '/api/eosoperator/forgetPasswordSendEmail',
      { userIdOrEmail: 'learner' },
      { host: 'localhost:3000', origin: 'https://evil.example.com' },
    );
    expect(evil.status).toBe(403);
    expect((await evil.json()).msg).toBe('非法的跨站请求');
    const sibling = await post(
      '/modules/eosoperator/logout',
      {},
      { host: 'localhost:3000', origin: 'http://party.localhost:3000' },
    );
    expect(sibling.status).toBe(403);
    expect((await post('/modules/eosoperator/logout', {}, { host: 'localhost:3000', origin: 'null' })).status).toBe(
      403,
    );
    expect(
      (await post('/modules/eosoperator/logout', {}, { host: 'localhost:3000', 'sec-fetch-site': 'cross-site' }))
        .status,
    ).toBe(403);
    const spoof = await post(
      '/modules/eosoperator/logout',
      {},
      {
        host: 'localhost:3000',
        origin: 'http://localhost:3000',
        'x-access-origin': encodeURIComponent('https://evil.example.com'),
      },
    );
    expect(spoof.status).toBe(403);

    for (const host of [
      'localhost:3000',
      'party.localhost:3000',
      'stu.localhost:3000',
      'dangxiao.localhost:3000',
      '127.0.0.1:3000',
    ]) {
      const res = await post(
        '/api/site/platformDetail',
        {},
        {
          host,
          origin: `http://${host}`,
          'x-access-origin': encodeURIComponent(`http://${host}`),
          'sec-fetch-site': 'same-origin',
        },
      );
      expect({ host, status: res.status }).toEqual({ host, status: 200 });
    }
    // scripts: 127.0.0.1 with a Host header and no Origin
    expect((await post('/api/site/platformDetail', {}, { host: 'party.localhost:3210' })).status).toBe(200);
    // behind a proxy
    expect(
      isCrossSite(
        new Request('http://10.0.0.5:3000/x', {
          method: 'POST',
          headers: { host: '10.0.0.5:3000', 'x-forwarded-host': 'edu.example.cn', origin: 'https://edu.example.cn' },
        }),
      ),
    ).toBe(false);
    process.env.PORTAL_ORIGINS = 'party=https://party.example.cn';
    try {
      expect(
        isCrossSite(
          new Request('http://x/x', {
            method: 'POST',
            headers: { host: 'api.example.cn', origin: 'https://party.example.cn' },
          }),
        ),
      ).toBe(false);
    } finally {
      delete process.env.PORTAL_ORIGINS;
    }
  });
});

describe('logs', () => {
  it('no password or token was printed by any of the above', async () => {
    const d = await db();
    expect(logged.some((l) => l.includes('written to the outbox'))).toBe(true);
    const sessionRows = await d.execute<{ n: number }>(sql`select count(*)::int as n from sessions`);
    expect(Number((sessionRows as unknown as { rows: { n: number }[] }).rows[0].n)).toBeGreaterThan(0);
    for (const line of logged) {
      for (const s of secrets) expect(line).not.toContain(s);
      // session tokens are 43 base64url characters; the only tokens printed are the outbox links' (no SMTP)
      const withoutLinks = line.replace(/https?:\/\/\S+/g, '');
      expect(withoutLinks).not.toMatch(/[A-Za-z0-9_-]{43}/);
    }
  });
});

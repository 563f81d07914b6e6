/**
 * Sign-in throttling under parallel attack (issue 22): wrong passwords sent at once are counted before any is
 * checked, so at most the limit reach the password check and the account is locked afterwards; the owner's browser
 * (its device cookie) still signs in while strangers stay refused. Password checks are counted by wrapping the
 * verifier. Through the endpoint table, like accounts-security.test.ts.
 */
import { eq } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { loginThrottles, operators } from '@/lib/server/db/schema';
import { CODE_THROTTLED } from '@/lib/server/errors';
import { handleApiRequest } from '@/lib/server/http/api-route';
import { createCaptcha } from '@/lib/server/services/accounts/captcha';
import { hashPassword, verifyPassword } from '@/lib/server/services/accounts/password';
import {
  ACCOUNT_ALL_MAX_FAILURES,
  ACCOUNT_MAX_FAILURES,
  ADDRESS_MAX_FAILURES,
  DEVICE_MAX_FAILURES,
  accountAddressKey,
} from '@/lib/server/services/accounts/throttle';
import { DEVICE_COOKIE, signDevice } from '@/lib/session/device';
import { accountsClient, ok } from './accounts-support';
import { THROTTLED_MSG } from '@/lib/contract/accounts';

jest.mock('@/lib/server/services/accounts/password', () => {
  const actual = jest.requireActual('@/lib/server/services/accounts/password');
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword) };
});
const verifier = verifyPassword as jest.MockedFunction<typeof verifyPassword>;

const { call, login } = accountsClient('10.30.0.1');
const uniq = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASS = 'Secure_pass_2026';
const WRONG_MSG = '账号或密码错误';

afterAll(async () => {
  await closeDb();
});

async function account(name: string) {
  const d = await db();
  const userId = `${name}${uniq}`;
  const [op] = await d
    .insert(operators)
    .values({ userId, name: '限流测试', passwordHash: await hashPassword(PASS), isActivated: true })
    .returning({ id: operators.id });
  return { id: op.id, userId };
}

/** n wrong passwords at once (captchas made beforehand, so the calls start together); ipOf gives each one's address. */
async function burst(userId: string, n: number, ipOf: (i: number) => string, cookies?: Record<string, string>) {
  const captchas = await Promise.all(Array.from({ length: n }, () => createCaptcha()));
  const before = verifier.mock.calls.length;
  const results = await Promise.all(
    captchas.map((c, i) =>
      call(
        '/modules/eosoperator/login',
        { userID: userId, password: `Wrong_pass_${i}`, code: c.answer, codeUuid: c.uuid },
        { ip: ipOf(i), cookies },
      ),
    ),
  );
  for (const r of results) expect([WRONG_MSG, THROTTLED_MSG]).toContain(r.msg);
  return {
    checked: verifier.mock.calls.length - before,
    refused: results.filter((r) => r.code === CODE_THROTTLED).length,
  };
}

const deviceOf = (res: { cookies?: { name: string; value: string }[] }) =>
  res.cookies?.find((c) => c.name === DEVICE_COOKIE)?.value;

describe('parallel wrong passwords', () => {
  it('100 at once from one address: at most the limit are checked, and the account is locked there', async () => {
    const { userId } = await account('thr-100-');
    const ip = '10.30.1.1';
    const { checked, refused } = await burst(userId, 100, () => ip);
    process.stdout.write(`100 at once: ${checked} checked, ${refused} refused\n`);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_MAX_FAILURES);
    expect(refused).toBeGreaterThanOrEqual(100 - ACCOUNT_MAX_FAILURES);
    const after = await login(userId, PASS, ip);
    expect(after).toMatchObject({ code: CODE_THROTTLED, msg: THROTTLED_MSG });
    const d = await db();
    const [row] = await d
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, accountAddressKey(userId, ip)));
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
  }, 120_000);

  it('4 bursts of 50 from one address: at most the limit checked in all, the lock not cleared by later failures', async () => {
    const { userId } = await account('thr-4x50-');
    const ip = '10.30.2.1';
    let checked = 0;
    for (let b = 0; b < 4; b++) checked += (await burst(userId, 50, () => ip)).checked;
    process.stdout.write(`4 bursts of 50, one address: ${checked} checked\n`);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_MAX_FAILURES);
    expect((await login(userId, PASS, ip)).msg).toBe(THROTTLED_MSG);
  }, 120_000);

  it("4 bursts of 50 from rotating addresses: at most the account total checked; the owner's browser still signs in", async () => {
    const { id, userId } = await account('thr-rotate-');
    // The owner signed in on this browser earlier: it holds the account's device cookie.
    const first = await login(userId, PASS, '10.31.0.1');
    ok(first);
    const device = deviceOf(first)!;
    expect(device).toBeTruthy();

    let checked = 0;
    for (let b = 0; b < 4; b++) checked += (await burst(userId, 50, (i) => `10.32.${b}.${i}`)).checked;
    process.stdout.write(`4 bursts of 50, rotating addresses: ${checked} checked\n`);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_ALL_MAX_FAILURES);

    // Strangers, and the owner on a browser the account has not seen, are refused...
    expect((await login(userId, PASS, '10.33.0.1')).msg).toBe(THROTTLED_MSG);
    // ...a cookie of another account, a forged one or one for the wrong account do not help...
    const other = await account('thr-other-');
    const otherDevice = deviceOf(await login(other.userId, PASS, '10.33.0.2'))!;
    const withCookie = async (value: string, ip: string, password = PASS) => {
      const c = await createCaptcha();
      return call(
        '/modules/eosoperator/login',
        { userID: userId, password, code: c.answer, codeUuid: c.uuid },
        { ip, cookies: { [DEVICE_COOKIE]: value } },
      );
    };
    expect((await withCookie(otherDevice, '10.33.0.4')).msg).toBe(THROTTLED_MSG);
    expect((await withCookie(`${device.slice(0, -2)}AA`, '10.33.0.5')).msg).toBe(THROTTLED_MSG);
    expect((await withCookie(signDevice(id + 1), '10.33.0.6')).msg).toBe(THROTTLED_MSG);
    // ...while the owner's browser signs in, from an address of its own or one the attackers used.
    ok(await withCookie(device, '10.34.0.1'));
    ok(await withCookie(device, '10.32.0.1'));
    // The owner's success does not lift the lock for everyone else.
    expect((await login(userId, PASS, '10.33.0.7')).msg).toBe(THROTTLED_MSG);
  }, 180_000);

  it('a known browser has its own limit: wrong passwords from it are refused past it', async () => {
    const { userId } = await account('thr-device-');
    const device = deviceOf(await login(userId, PASS, '10.35.0.1'))!;
    const { checked } = await burst(userId, 40, () => '10.35.0.2', { [DEVICE_COOKIE]: device });
    expect(checked).toBeLessThanOrEqual(DEVICE_MAX_FAILURES);
    const c = await createCaptcha();
    const res = await call(
      '/modules/eosoperator/login',
      { userID: userId, password: PASS, code: c.answer, codeUuid: c.uuid },
      { ip: '10.35.0.2', cookies: { [DEVICE_COOKIE]: device } },
    );
    expect(res.msg).toBe(THROTTLED_MSG);
    // the account itself was not locked for other browsers by it
    ok(await login(userId, PASS, '10.35.0.3'));
  }, 60_000);

  it('an address that signs in successfully many times (a classroom behind one address) is not locked', async () => {
    const ip = '10.36.0.1';
    for (let i = 0; i < ADDRESS_MAX_FAILURES + 5; i++) {
      const { userId } = await account(`thr-class${i}-`);
      ok(await login(userId, PASS, ip));
    }
  }, 120_000);
});

describe('the device cookie over HTTP', () => {
  it('is set HttpOnly for a year at sign-in and read back from the Cookie header', async () => {
    const { userId } = await account('thr-http-');
    const post = async (cookie?: string, password = PASS) => {
      const c = await createCaptcha();
      return handleApiRequest(
        new Request('http://127.0.0.1:3000/modules/eosoperator/login', {
          method: 'POST',
          body: JSON.stringify({ userID: userId, password, code: c.answer, codeUuid: c.uuid }),
          headers: { 'content-type': 'application/json', host: 'localhost:3000', ...(cookie ? { cookie } : {}) },
        }),
      );
    };
    const res = await post();
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/Max-Age=31536000/);
    const value = decodeURIComponent(set.split(';')[0].slice(DEVICE_COOKIE.length + 1));
    // Lock the account for every browser without the cookie, then sign in with it.
    const d = await db();
    await d.insert(loginThrottles).values({
      key: `account:${userId.toLowerCase()}`,
      failures: 99,
      windowStart: new Date(),
      lockedUntil: new Date(Date.now() + 600_000),
    });
    expect(((await (await post()).json()) as { msg: string }).msg).toBe(THROTTLED_MSG);
    expect(
      ((await (await post(`a=b; ${DEVICE_COOKIE}=${encodeURIComponent(value)}`)).json()) as { code: number }).code,
    ).toBe(0);
  });
});

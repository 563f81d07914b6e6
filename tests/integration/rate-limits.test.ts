/**
 * Rate limits (issue 22): the registered-e-mail check, the current-password check of the settings (whose limit ends
 * the session), captcha creation and new search keywords (through the API and the search page's gate) are limited
 * per address, and per account where there is one, in the database; each refusal is 操作过于频繁，请稍后再试 (1029).
 */
import type { ServerResponse } from 'node:http';
import { closeDb, db } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { CODE_THROTTLED } from '@/lib/server/errors';
import { stampPeerAddress } from '@/lib/server/http/request-info';
import { gateSearch } from '@/lib/server/lanes/search-gate';
import { hashPassword } from '@/lib/server/services/accounts/password';
import { LIMITS, rateLimit } from '@/lib/server/services/accounts/rate-limit';
import { PASSWORD_CHECK_ACCOUNT_MAX } from '@/lib/server/services/accounts/account';
import { CODE_SESSION_NONE, MSG_TOO_FREQUENT } from '@/lib/contract/messages';
import { accountsClient, ok, tokenOf } from './accounts-support';
import { OLD_PASSWORD_WRONG_MSG } from '@/lib/contract/accounts';

const { call, login } = accountsClient('10.40.0.1');
const uniq = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASS = 'Secure_pass_2026';
const refused = { code: CODE_THROTTLED, msg: MSG_TOO_FREQUENT };

afterAll(async () => {
  await closeDb();
});

async function account(name: string) {
  const d = await db();
  const userId = `${name}${uniq}`;
  await d
    .insert(operators)
    .values({ userId, name: '频率测试', passwordHash: await hashPassword(PASS), isActivated: true });
  return userId;
}

describe('the generic limit', () => {
  it('parallel uses cannot take more than the limit', async () => {
    const key = `test:${uniq}`;
    const results = await Promise.all(Array.from({ length: 40 }, () => rateLimit(key, 7, 60)));
    expect(results.filter(Boolean)).toHaveLength(7);
    // a window later, uses start again
    expect(await rateLimit(key, 7, 60, new Date(Date.now() + 61_000))).toBe(true);
  });
});

describe('/api/register/valid', () => {
  it('answers an address its limit of lookups, then refuses; another address is not held back', async () => {
    const ip = '10.40.1.1';
    const { max } = LIMITS.registerValid;
    const results = await Promise.all(
      Array.from({ length: max + 10 }, (_, i) =>
        call('/api/register/valid', { email: `probe${i}.${uniq}@example.org` }, { ip }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(max);
    expect(results.filter((r) => r.code === CODE_THROTTLED).every((r) => r.msg === MSG_TOO_FREQUENT)).toBe(true);
    expect(await call('/api/register/valid', { email: `one.${uniq}@example.org` }, { ip })).toMatchObject(refused);
    ok(await call('/api/register/valid', { email: `one.${uniq}@example.org` }, { ip: '10.40.1.2' }));
  });
});

describe('changePassword', () => {
  it(`ends the session at the ${PASSWORD_CHECK_ACCOUNT_MAX}th wrong current password`, async () => {
    const userId = await account('rl-pw-');
    const token = tokenOf(await login(userId, PASS, '10.40.2.1'));
    const change = (oldPassword: string, ip = '10.40.2.1') =>
      call(
        '/api/eosoperator/changePassword',
        { oldPassword, newPassword: 'Brand_new_2027', confirmPassword: 'Brand_new_2027' },
        { token, ip },
      );
    for (let i = 1; i < PASSWORD_CHECK_ACCOUNT_MAX; i++)
      expect((await change(`Wrong_pass_${i}`, `10.40.2.${i}`)).msg).toBe(OLD_PASSWORD_WRONG_MSG);
    expect(await change('Wrong_pass_last')).toMatchObject(refused);
    expect((await call('/api/eosoperator/checkToken', {}, { token })).code).toBe(CODE_SESSION_NONE);
  });

  it('sent at once: at most the limit are checked and the session is ended', async () => {
    const userId = await account('rl-pw-burst-');
    const token = tokenOf(await login(userId, PASS, '10.40.3.1'));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(
          '/api/eosoperator/changePassword',
          { oldPassword: `Wrong_pass_${i}`, newPassword: 'Brand_new_2027', confirmPassword: 'Brand_new_2027' },
          { token, ip: `10.40.3.${i + 2}` },
        ),
      ),
    );
    expect(results.filter((r) => r.msg === OLD_PASSWORD_WRONG_MSG).length).toBeLessThan(PASSWORD_CHECK_ACCOUNT_MAX);
    expect((await call('/api/eosoperator/checkToken', {}, { token })).code).toBe(CODE_SESSION_NONE);
    // the right password still signs in (the limit is on the settings' check, not on the account)
    ok(await login(userId, PASS, '10.40.3.1'));
  });

  it('a right current password clears the count; an address is limited across accounts', async () => {
    const ip = '10.40.4.1';
    const userId = await account('rl-pw-ok-');
    const token = tokenOf(await login(userId, PASS, '10.40.4.200'));
    for (let i = 0; i < PASSWORD_CHECK_ACCOUNT_MAX - 1; i++)
      await call(
        '/api/eosoperator/changePassword',
        { oldPassword: 'Wrong_pass_1', newPassword: 'Brand_new_2027', confirmPassword: 'Brand_new_2027' },
        { token, ip: '10.40.4.201' },
      );
    ok(
      await call(
        '/api/eosoperator/changePassword',
        { oldPassword: PASS, newPassword: 'Brand_new_2027', confirmPassword: 'Brand_new_2027' },
        { token, ip: '10.40.4.201' },
      ),
    );
    expect(
      (
        await call(
          '/api/eosoperator/changePassword',
          { oldPassword: 'Wrong_pass_1', newPassword: 'Brand_new_2028', confirmPassword: 'Brand_new_2028' },
          { token, ip: '10.40.4.202' },
        )
      ).msg,
    ).toBe(OLD_PASSWORD_WRONG_MSG);

    const tokens = await Promise.all(
      [0, 1, 2].map(async (i) => tokenOf(await login(await account(`rl-pw-addr${i}-`), PASS, `10.40.4.${100 + i}`))),
    );
    const results = [];
    for (let i = 0; i < LIMITS.passwordCheck.max + 1; i++) {
      results.push(
        await call(
          '/api/eosoperator/changePassword',
          { oldPassword: 'Wrong_pass_1', newPassword: 'Brand_new_2027', confirmPassword: 'Brand_new_2027' },
          { token: tokens[i % 3], ip },
        ),
      );
    }
    expect(results.slice(0, LIMITS.passwordCheck.max).every((r) => r.msg === OLD_PASSWORD_WRONG_MSG)).toBe(true);
    expect(results[LIMITS.passwordCheck.max]).toMatchObject(refused);
  });
});

describe('captcha creation', () => {
  it('an address gets its limit a minute, then 操作过于频繁', async () => {
    const ip = '10.40.5.1';
    const { max } = LIMITS.captcha;
    for (let i = 0; i < max; i++) ok(await call('/modules/imgCode/detail', {}, { ip }));
    expect(await call('/modules/imgCode/detail', {}, { ip })).toMatchObject(refused);
    ok(await call('/modules/imgCode/detail', {}, { ip: '10.40.5.2' }));
  });
});

describe('new search keywords', () => {
  const search = (key: string, ip: string) => call('/api/search/full', { key, pageSize: 3 }, { ip });

  it('through the API: an address asks its limit of new keywords a minute; known ones stay free', async () => {
    const ip = '10.40.6.1';
    const { max } = LIMITS.searchKeyword;
    for (let i = 0; i < max; i++) ok(await search(`新词${uniq}${i}`, ip));
    expect(await search(`新词${uniq}x`, ip)).toMatchObject(refused);
    expect(await call('/api/search/course', { key: `新词${uniq}y`, pageNum: 1, pageSize: 10 }, { ip })).toMatchObject(
      refused,
    );
    // a keyword this instance has answered, another tab or page of it, and other addresses still pass
    ok(await search(`新词${uniq}0`, ip));
    ok(await call('/api/search/course', { key: `新词${uniq}1`, pageNum: 2, pageSize: 10 }, { ip }));
    ok(await search(`新词${uniq}x`, '10.40.6.2'));
    // the pages' own in-process calls (no address) are counted by the gate instead
    ok(await call('/api/search/full', { key: `新词${uniq}z`, pageSize: 3 }, { ip: '' }));
  });

  it('the search page: a new keyword past the limit is answered 429 before the page renders', async () => {
    const remoteAddress = '10.40.7.1';
    const page = async (key: string, address = remoteAddress) => {
      const req = {
        method: 'GET',
        url: `/search/index?key=${encodeURIComponent(key)}&tab=course`,
        headers: { host: 'localhost:3000' } as Record<string, string>,
      };
      stampPeerAddress({ headers: req.headers, socket: { remoteAddress: address } } as never);
      const res = {
        statusCode: 200,
        headers: {} as Record<string, string>,
        body: '',
        setHeader(k: string, v: string) {
          this.headers[k] = v;
        },
        end(b: string) {
          this.body = b;
        },
        destroy() {},
      };
      let passed!: () => void;
      const done = new Promise<'passed' | 'answered'>((resolve) => {
        passed = () => resolve('passed');
        res.end = (b: string) => {
          res.body = b;
          resolve('answered');
        };
      });
      if (!gateSearch(req, res as unknown as ServerResponse, () => passed()))
        return { outcome: 'not held' as const, res };
      return { outcome: await done, res };
    };
    const { max } = LIMITS.searchKeyword;
    for (let i = 0; i < max; i++) expect((await page(`页面词${uniq}${i}`)).outcome).toBe('passed');
    const over = await page(`页面词${uniq}x`);
    expect(over.outcome).toBe('answered');
    expect(over.res.statusCode).toBe(429);
    expect(over.res.body).toContain(MSG_TOO_FREQUENT);
    // known keywords are not held at all; another address may ask the new one
    expect((await page(`页面词${uniq}3`)).outcome).toBe('not held');
    expect((await page(`页面词${uniq}x`, '10.40.7.2')).outcome).toBe('passed');
    expect((await page(`页面词${uniq}x`)).outcome).toBe('not held');
  });
});

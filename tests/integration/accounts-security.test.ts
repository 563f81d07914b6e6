/**
 * Sign-in security (a security review of the accounts work): the perfect-info prompt cannot change a password or an
 * e-mail already set, nor can the settings replace an e-mail without the password; the captcha's answer is not in
 * its markup; throttling counts the socket's address, not a header anyone can send, and a stranger cannot lock an
 * owner out; password-reset e-mails are limited per account and per address. Through the endpoint table and the
 * HTTP layer, like accounts-flows.test.ts.
 */
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { handleApiRequest } from '@/lib/server/http/api-route';
import { closeDb, db } from '@/lib/server/db';
import { loginThrottles, operators } from '@/lib/server/db/schema';
import { CODE_THROTTLED } from '@/lib/server/errors';
import { hashPassword } from '@/lib/server/services/accounts/password';
import { clientAddress, stampPeerAddress } from '@/lib/server/http/request-info';
import { outboxDir, outboxFor } from '@/lib/server/messaging/mail';
import { RESET_MAIL_ADDRESS_MAX, resetMailAccountKey } from '@/lib/server/services/accounts/password-reset';
import { createSession, hashToken } from '@/lib/server/services/accounts/sessions';
import {
  ACCOUNT_ALL_MAX_FAILURES,
  ACCOUNT_MAX_FAILURES,
  ADDRESS_MAX_FAILURES,
} from '@/lib/server/services/accounts/throttle';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';
import { V } from '@/lib/validation/messages';
import { accountsClient, ok, tokenOf } from './accounts-support';
import {
  CURRENT_PASSWORD_WRONG_MSG,
  EMAIL_ALREADY_SET_MSG,
  EMAIL_PASSWORD_REQUIRED_MSG,
  PASSWORD_ALREADY_SET_MSG,
  RESET_MAIL_ACCOUNT_MSG,
  RESET_MAIL_ADDRESS_MSG,
  THROTTLED_MSG,
} from '@/lib/contract/accounts';

const { call, captcha, login } = accountsClient('10.5.0.1');

const uniq = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASS = 'Secure_pass_2026';

/** A fresh, activated account of its own. */
async function account(name: string, over: Partial<typeof operators.$inferInsert> = {}) {
  const d = await db();
  const userId = `${name}${uniq}`;
  const [op] = await d
    .insert(operators)
    .values({ userId, name: '安全测试', passwordHash: await hashPassword(PASS), isActivated: true, ...over })
    .returning({ id: operators.id });
  return { id: op.id, userId };
}

afterAll(async () => {
  rmSync(outboxDir(), { recursive: true, force: true });
  await closeDb();
});

describe('the perfect-info prompt changes only what is missing', () => {
  it('a password already changed, or an e-mail already set, is refused there and stays as it was', async () => {
    const { userId } = await account('sec-set', { email: `set.${uniq}@example.org` });
    const token = tokenOf(await login(userId, PASS, '10.5.1.1'));
    const pw = await call(
      '/modules/eosoperator/loginRecommendSave',
      { newPassword: 'Hijack_2027', confirmPassword: 'Hijack_2027' },
      { token },
    );
    expect(pw.code).not.toBe(0);
    expect(pw.msg).toBe(PASSWORD_ALREADY_SET_MSG);
    const mail = await call(
      '/modules/eosoperator/loginRecommendSave',
      { email: `evil.${uniq}@example.org` },
      { token },
    );
    expect(mail.code).not.toBe(0);
    expect(mail.msg).toBe(EMAIL_ALREADY_SET_MSG);
    expect((await login(userId, 'Hijack_2027', '10.5.1.1')).code).not.toBe(0);
    expect(ok(await login(userId, PASS, '10.5.1.1'))).toMatchObject({ isDefaultPassword: 0, isEmptyEmail: 0 });
    expect(
      ok(await call('/api/eosoperator/myInfo', {}, { token: tokenOf(await login(userId, PASS, '10.5.1.1')) })).email,
    ).toBe(`set.${uniq}@example.org`);
  });

  it('a default password is set once, clears the flag and ends the other sessions', async () => {
    const { id, userId } = await account('sec-default', { isDefaultPassword: true, email: `def.${uniq}@example.org` });
    const other = await createSession(id);
    // a second session kept beside the first (as a QR-code sign-in keeps the phone's)
    const token = await createSession(id, new Date(), hashToken(other));
    expect((await call('/api/eosoperator/checkToken', {}, { token: other })).code).toBe(0);
    // The initial password again is no change (it would only silence the prompt).
    expect(
      (await call('/modules/eosoperator/loginRecommendSave', { newPassword: PASS, confirmPassword: PASS }, { token }))
        .msg,
    ).toBe(V.passwordSameAsOld);
    expect((await call('/api/eosoperator/checkToken', {}, { token: other })).code).toBe(0);
    ok(
      await call(
        '/modules/eosoperator/loginRecommendSave',
        { newPassword: 'Chosen_2027', confirmPassword: 'Chosen_2027' },
        { token },
      ),
    );
    expect((await call('/api/eosoperator/checkToken', {}, { token: other })).code).toBe(CODE_SESSION_NONE);
    expect((await call('/api/eosoperator/checkToken', {}, { token })).code).toBe(0);
    const again = await call(
      '/modules/eosoperator/loginRecommendSave',
      { newPassword: 'Second_2028', confirmPassword: 'Second_2028' },
      { token },
    );
    expect(again.msg).toBe(PASSWORD_ALREADY_SET_MSG);
    expect(ok(await login(userId, 'Chosen_2027', '10.5.1.2'))).toMatchObject({ isDefaultPassword: 0 });
  });

  it('a missing e-mail is set once; a password beside it is refused when the default one is gone', async () => {
    const { userId } = await account('sec-noemail');
    const token = tokenOf(await login(userId, PASS, '10.5.1.3'));
    const both = await call(
      '/modules/eosoperator/loginRecommendSave',
      { email: `both.${uniq}@example.org`, newPassword: 'Chosen_2027', confirmPassword: 'Chosen_2027' },
      { token },
    );
    expect(both.msg).toBe(PASSWORD_ALREADY_SET_MSG);
    ok(await call('/modules/eosoperator/loginRecommendSave', { email: `first.${uniq}@example.org` }, { token }));
    expect(
      (await call('/modules/eosoperator/loginRecommendSave', { email: `second.${uniq}@example.org` }, { token })).msg,
    ).toBe(EMAIL_ALREADY_SET_MSG);
    expect(ok(await call('/api/eosoperator/myInfo', {}, { token })).email).toBe(`first.${uniq}@example.org`);
  });
});

describe('account settings: replacing an e-mail needs the current password', () => {
  it('refused without it or with a wrong one; done with it; a first e-mail needs none', async () => {
    const { userId } = await account('sec-email', { email: `mine.${uniq}@example.org` });
    const token = tokenOf(await login(userId, PASS, '10.5.2.1'));
    const evil = `thief.${uniq}@example.org`;
    const bare = await call('/api/eosoperator/updateEmail', { email: evil }, { token });
    expect(bare.code).not.toBe(0);
    expect(bare.msg).toBe(EMAIL_PASSWORD_REQUIRED_MSG);
    expect((await call('/api/eosoperator/updateEmail', { email: evil, password: 'Wrong_pass_1' }, { token })).msg).toBe(
      CURRENT_PASSWORD_WRONG_MSG,
    );
    expect(ok(await call('/api/eosoperator/myInfo', {}, { token })).email).toBe(`mine.${uniq}@example.org`);
    ok(await call('/api/eosoperator/updateEmail', { email: `new.${uniq}@example.org`, password: PASS }, { token }));
    expect(ok(await call('/api/eosoperator/myInfo', {}, { token })).email).toBe(`new.${uniq}@example.org`);

    const fresh = await account('sec-email-first');
    const freshToken = tokenOf(await login(fresh.userId, PASS, '10.5.2.2'));
    ok(await call('/api/eosoperator/updateEmail', { email: `firstmail.${uniq}@example.org` }, { token: freshToken }));
  });
});

describe('captcha image', () => {
  const decode = (codeBase64: string) =>
    Buffer.from(codeBase64.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

  it('draws the characters as paths: no text element, no text node, no answer in the markup', async () => {
    process.env.PORTAL_TEST_HOOKS = '1';
    try {
      for (let i = 0; i < 20; i++) {
        const { codeBase64, answer } = ok(await call('/modules/imgCode/detail')) as {
          codeBase64: string;
          answer: string;
        };
        expect(answer).toMatch(/^[23456789ACDEFHJKMNPRTUVWXY]{4}$/);
        const svg = decode(codeBase64);
        expect(svg).toMatch(/^<svg [^>]*>.*<\/svg>$/s);
        expect(svg).not.toMatch(/<text|<tspan|font-family|<use|<symbol|<defs/i);
        const textNodes = [...svg.matchAll(/>([^<]+)</g)].map((m) => m[1].trim()).filter(Boolean);
        expect(textNodes).toEqual([]);
        // no attribute carries the answer, nor one of its letters on its own (colours and the namespace aside)
        for (const [, name, value] of svg.matchAll(/([\w-]+)="([^"]*)"/g)) {
          if (['xmlns', 'fill', 'stroke'].includes(name)) continue;
          expect(value.toUpperCase()).not.toContain(answer);
          for (const ch of answer.replace(/\d/g, '')) expect(value.toUpperCase()).not.toBe(ch);
        }
        expect(svg).toMatch(/<path fill="#[0-9a-f]{6}" fill-rule="evenodd" d="M/);
      }
      // the same answer drawn twice does not give the same markup (no fixed path per character)
      const a = ok(await call('/modules/imgCode/detail')) as { codeBase64: string };
      const b = ok(await call('/modules/imgCode/detail')) as { codeBase64: string };
      expect(a.codeBase64).not.toBe(b.codeBase64);
    } finally {
      delete process.env.PORTAL_TEST_HOOKS;
    }
    expect(ok(await call('/modules/imgCode/detail'))).not.toHaveProperty('answer');
  });

  it('the hook answer still signs in', async () => {
    process.env.PORTAL_TEST_HOOKS = '1';
    try {
      const { uuid, answer } = ok(await call('/modules/imgCode/detail')) as { uuid: string; answer: string };
      expect(
        (
          await call(
            '/modules/eosoperator/login',
            { userID: 'learner', password: 'Learner_2026', code: answer.toLowerCase(), codeUuid: uuid },
            { ip: '10.5.3.1' },
          )
        ).code,
      ).toBe(0);
    } finally {
      delete process.env.PORTAL_TEST_HOOKS;
    }
  });
});

describe('the client address', () => {
  const request = (headers: Record<string, string>) =>
    new Request('http://127.0.0.1:3000/x', { method: 'POST', headers });
  const stamped = (remoteAddress: string, headers: Record<string, string> = {}) => {
    const req = { headers: { ...headers } as Record<string, string | string[] | undefined>, socket: { remoteAddress } };
    stampPeerAddress(req as unknown as Parameters<typeof stampPeerAddress>[0]);
    return request(req.headers as Record<string, string>);
  };

  it('is the socket address; X-Forwarded-For, X-Real-IP and a forged stamp count for nothing', () => {
    expect(clientAddress(stamped('192.0.2.7', { 'x-forwarded-for': '10.1.1.1', 'x-real-ip': '10.1.1.2' }))).toBe(
      '192.0.2.7',
    );
    expect(clientAddress(request({ 'x-forwarded-for': '10.1.1.1', 'x-real-ip': '10.1.1.2' }))).toBe('');
    expect(clientAddress(request({ 'x-portal-peer': 'guessed 10.1.1.3' }))).toBe('');
    // a client's own stamp header is overwritten by the real one
    expect(clientAddress(stamped('192.0.2.8', { 'x-portal-peer': 'guessed 10.1.1.3' }))).toBe('192.0.2.8');
  });

  it("with TRUST_PROXY=1: the last X-Forwarded-For entry (the proxy's), else X-Real-IP, else the socket", () => {
    process.env.TRUST_PROXY = '1';
    try {
      expect(clientAddress(stamped('127.0.0.1', { 'x-forwarded-for': '10.9.9.9, 198.51.100.4' }))).toBe('198.51.100.4');
      expect(clientAddress(stamped('127.0.0.1', { 'x-real-ip': '198.51.100.5' }))).toBe('198.51.100.5');
      expect(clientAddress(stamped('127.0.0.1'))).toBe('127.0.0.1');
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });
});

describe('login throttling', () => {
  const post = (body: unknown, headers: Record<string, string>) =>
    handleApiRequest(
      new Request('http://127.0.0.1:3000/modules/eosoperator/login', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', host: 'localhost:3000', ...headers },
      }),
    );

  it('a new X-Forwarded-For on each try does not escape the address limit', async () => {
    const d = await db();
    await d.delete(loginThrottles).where(eq(loginThrottles.key, 'ip:unknown'));
    for (let i = 0; i <= ADDRESS_MAX_FAILURES; i++) {
      const res = await post(
        { userID: `ghost-${uniq}-${i}`, password: 'Wrong_pass_1', ...(await captcha()) },
        { 'x-forwarded-for': `10.1.${i}.1`, 'x-real-ip': `10.2.${i}.1` },
      );
      const { msg } = (await res.json()) as { msg: string };
      expect({ i, msg }).toEqual({ i, msg: i < ADDRESS_MAX_FAILURES ? '账号或密码错误' : THROTTLED_MSG });
    }
    await d.delete(loginThrottles).where(eq(loginThrottles.key, 'ip:unknown'));
  });

  it("a stranger's failures lock the stranger out, not the owner", async () => {
    const { userId } = await account('sec-owner', { email: `owner.${uniq}@example.org` });
    // by login name and by e-mail: the same account
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++)
      await login(i % 2 ? userId : `owner.${uniq}@example.org`, 'Wrong_pass_1', '10.6.0.1');
    const locked = await login(userId, PASS, '10.6.0.1');
    expect(locked.code).toBe(CODE_THROTTLED);
    expect(locked.msg).toBe(THROTTLED_MSG);
    expect((await login(userId, PASS, '10.6.0.2')).code).toBe(0);
  });

  it('many failures from many addresses lock the account for everyone, for a while', async () => {
    const { userId } = await account('sec-many');
    const addresses = Math.ceil(ACCOUNT_ALL_MAX_FAILURES / (ACCOUNT_MAX_FAILURES - 1));
    let n = 0;
    for (let a = 0; a < addresses && n < ACCOUNT_ALL_MAX_FAILURES; a++) {
      for (let i = 0; i < ACCOUNT_MAX_FAILURES - 1 && n < ACCOUNT_ALL_MAX_FAILURES; i++, n++) {
        expect((await login(userId, 'Wrong_pass_1', `10.7.${a}.1`)).msg).toBe('账号或密码错误');
      }
    }
    expect((await login(userId, PASS, '10.7.200.1')).msg).toBe(THROTTLED_MSG);
    const d = await db();
    await d
      .update(loginThrottles)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottles.key, `account:${userId.toLowerCase()}`));
    expect((await login(userId, PASS, '10.7.200.1')).code).toBe(0);
  }, 120_000);
});

describe('password-reset e-mails', () => {
  it('one a minute per account: five requests in a row send one e-mail', async () => {
    const address = `reset1.${uniq}@example.org`;
    const { id, userId } = await account('sec-reset', { email: address });
    const results = [];
    for (let i = 0; i < 5; i++)
      results.push(
        await call('/api/eosoperator/forgetPasswordSendEmail', { userIdOrEmail: userId }, { ip: `10.8.0.${i}` }),
      );
    expect(results[0].code).toBe(0);
    for (const res of results.slice(1)) {
      expect(res.code).toBe(CODE_THROTTLED);
      expect(res.msg).toBe(RESET_MAIL_ACCOUNT_MSG);
    }
    expect(outboxFor(address)).toHaveLength(1);
    // a minute later, another
    const d = await db();
    await d
      .update(loginThrottles)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(loginThrottles.key, resetMailAccountKey(id)));
    await new Promise((r) => setTimeout(r, 5)); // distinct outbox file names
    ok(await call('/api/eosoperator/forgetPasswordSendEmail', { userIdOrEmail: address }, { ip: '10.8.0.9' }));
    expect(outboxFor(address)).toHaveLength(2);
  });

  it('a few per address; an unknown account is answered as before', async () => {
    const ip = '10.8.1.1';
    const sent = [];
    for (let i = 0; i <= RESET_MAIL_ADDRESS_MAX; i++) {
      const { userId } = await account(`sec-many-reset${i}-`, { email: `many${i}.${uniq}@example.org` });
      sent.push(await call('/api/eosoperator/forgetPasswordSendEmail', { userIdOrEmail: userId }, { ip }));
    }
    expect(sent.slice(0, RESET_MAIL_ADDRESS_MAX).every((r) => r.code === 0)).toBe(true);
    expect(sent[RESET_MAIL_ADDRESS_MAX]).toMatchObject({ code: CODE_THROTTLED, msg: RESET_MAIL_ADDRESS_MSG });
    expect(outboxFor(`many${RESET_MAIL_ADDRESS_MAX}.${uniq}@example.org`)).toHaveLength(0);
    expect(
      (await call('/api/eosoperator/forgetPasswordSendEmail', { userIdOrEmail: `nobody-${uniq}` }, { ip })).msg,
    ).toBe(V.forgotNotFound);
    // another address is not held back
    ok(
      await call(
        '/api/eosoperator/forgetPasswordSendEmail',
        { userIdOrEmail: `sec-many-reset${RESET_MAIL_ADDRESS_MAX}-${uniq}` },
        { ip: '10.8.1.2' },
      ),
    );
  });
});

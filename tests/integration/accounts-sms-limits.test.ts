/**
 * The SMS code's limits under parallel requests (issue 38): a burst of 1,000 parallel wrong guesses gets at most 5
 * checked and the right code is refused after them; a registered and an unregistered number are answered alike and
 * counted alike (per address and per number), and an unregistered number is texted nothing.
 * PGlite (DATA_DIR=memory) or PostgreSQL (DATABASE_URL).
 */
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { operators, smsCodes } from '@/lib/server/db/schema';
import { outboxDir } from '@/lib/server/messaging/mail';
import { smsOutboxFor } from '@/lib/server/messaging/sms';
import { SMS_CODE_MAX_TRIES, SMS_CODES_PER_ADDRESS } from '@/lib/server/services/accounts/sms-reset';
import { SMS_CODE_WRONG_MSG, SMS_TOO_SOON_MSG } from '@/lib/contract/accounts';
import { accountsClient, ok } from './accounts-support';

// Addresses of this run's own: the address limits are kept in the database, which a rerun on PostgreSQL reuses.
const net = `10.${38 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}`;
const ip = (n: number) => `${net}.${n}`;
const { call, login } = accountsClient(ip(1));

afterAll(async () => {
  rmSync(outboxDir(), { recursive: true, force: true });
  await closeDb();
});

// Numbers of their own for this file (the 136 range is not used by the seed or the other files).
let nextMobile = 13600000000 + Math.floor(Math.random() * 90_000) * 1000;
const freshMobile = () => String(nextMobile++);

async function accountWithMobile(): Promise<{ userId: string; mobile: string }> {
  const mobile = freshMobile();
  const userId = `smsl${mobile}`;
  const d = await db();
  const [learner] = await d.select().from(operators).where(eq(operators.userId, 'learner'));
  await d
    .insert(operators)
    .values({ userId, name: '短信限次', orgId: learner.orgId, passwordHash: learner.passwordHash, mobile });
  return { userId, mobile };
}
const codeFromOutbox = (mobile: string) => /验证码(\d{6})/.exec(smsOutboxFor(mobile)[0] ?? '')?.[1];
const send = (mobile: string, ip: string) => call('/api/smsCode/sendForgetPasswordCode', { mobile }, { ip });

describe('five tries of a code, whatever arrives at once', () => {
  it('1,000 parallel wrong guesses: at most 5 are checked; the right code is refused after them', async () => {
    const { userId, mobile } = await accountWithMobile();
    ok(await send(mobile, ip(2)));
    const code = codeFromOutbox(mobile)!;
    const form = { mobile, newPassword: 'Sms_pass_2038', newPasswordConfirm: 'Sms_pass_2038' };
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => call('/api/eosoperator/forgetPassword', { ...form, code: wrong(i) })),
    );
    expect(answers.every((r) => r.code !== 0 && r.msg === SMS_CODE_WRONG_MSG)).toBe(true);
    // Each guess that was compared took one try first: the count is the number of guesses checked.
    const [row] = await (await db()).select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(row.attempts).toBe(SMS_CODE_MAX_TRIES);
    expect((await call('/api/eosoperator/forgetPassword', { ...form, code })).msg).toBe(SMS_CODE_WRONG_MSG);
    expect((await login(userId, 'Sms_pass_2038')).code).not.toBe(0);
  }, 120_000);

  it('the right code among parallel wrong ones is taken once at most, within the five tries', async () => {
    const { userId, mobile } = await accountWithMobile();
    ok(await send(mobile, ip(3)));
    const code = codeFromOutbox(mobile)!;
    const form = { mobile, newPassword: 'Sms_pass_2039', newPasswordConfirm: 'Sms_pass_2039' };
    const wrong = code === '000000' ? '000001' : '000000';
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => call('/api/eosoperator/forgetPassword', { ...form, code: wrong })),
      call('/api/eosoperator/forgetPassword', { ...form, code }),
      call('/api/eosoperator/forgetPassword', { ...form, code }),
    ]);
    expect(answers.filter((r) => r.code === 0)).toHaveLength(1);
    expect((await login(userId, 'Sms_pass_2039')).code).toBe(0);
  });
});

describe('no number listed, no stranger texted', () => {
  const normalised = (r: { code: number; msg: string; data: unknown }) => ({
    code: r.code,
    msg: r.msg,
    data: r.code === 0 ? { ...(r.data as object), mobile: 'masked' } : r.data,
  });

  it('an unregistered number is answered as a registered one and texted nothing', async () => {
    const { mobile: known } = await accountWithMobile();
    const unknown = freshMobile();
    const a = await send(known, ip(4));
    const b = await send(unknown, ip(5));
    expect(normalised(b)).toEqual(normalised(a));
    expect(b.data).toEqual({ mobile: `${unknown.slice(0, 3)}****${unknown.slice(-4)}`, expiresIn: 300 });
    expect(smsOutboxFor(known)).toHaveLength(1);
    expect(smsOutboxFor(unknown)).toHaveLength(0);
    // The number's own limit counts it too: a second ask within the minute is refused alike.
    const a2 = await send(known, ip(6));
    const b2 = await send(unknown, ip(7));
    expect(a2.msg).toBe(SMS_TOO_SOON_MSG);
    expect(normalised(b2)).toEqual(normalised(a2));
    // A code guessed for the unregistered number changes nothing and reads as any wrong code.
    const reset = {
      mobile: unknown,
      code: '123456',
      newPassword: 'Sms_pass_2040',
      newPasswordConfirm: 'Sms_pass_2040',
    };
    expect((await call('/api/eosoperator/forgetPassword', reset)).msg).toBe(SMS_CODE_WRONG_MSG);
  });

  it('300 unregistered numbers from one address are limited as registered ones are, with the same answers', async () => {
    const unknownAnswers = [];
    for (let i = 0; i < 300; i++) unknownAnswers.push(normalised(await send(freshMobile(), ip(8))));
    const knownAnswers = [];
    for (let i = 0; i < SMS_CODES_PER_ADDRESS + 5; i++)
      knownAnswers.push(normalised(await send((await accountWithMobile()).mobile, ip(9))));
    expect(unknownAnswers.filter((r) => r.code === 0)).toHaveLength(SMS_CODES_PER_ADDRESS);
    expect(unknownAnswers.slice(SMS_CODES_PER_ADDRESS).every((r) => r.msg === SMS_TOO_SOON_MSG)).toBe(true);
    expect(unknownAnswers.slice(0, knownAnswers.length)).toEqual(knownAnswers);
  }, 120_000);
});

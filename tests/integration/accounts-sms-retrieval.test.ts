/**
 * Password retrieval by SMS (SPEC 7): a six-digit code valid 5 minutes, one a minute and 10 a day per number counted
 * in the database (also under concurrent sends), through the outbox by default and through Aliyun SMS's real HTTP API
 * (signature v1 of dysmsapi SendSms) against a stand-in server started here. The site calls and the session refresh
 * are in accounts-site-info.test.ts. PGlite (DATA_DIR=memory) or PostgreSQL (DATABASE_URL).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { operators, smsCodes } from '@/lib/server/db/schema';
import { outboxDir } from '@/lib/server/messaging/mail';
import { smsOutboxFor } from '@/lib/server/messaging/sms';
import { rpcSignature } from '@/lib/server/messaging/aliyun-sms';
import { resetConfigForTests } from '@/lib/server/config';
import { forgetPasswordBySms, sendForgetPasswordCode } from '@/lib/server/services/accounts/sms-reset';
import { ServiceError } from '@/lib/server/errors';
import { accountsClient, ok, tokenOf } from './accounts-support';
import {
  SMS_CODE_WRONG_MSG,
  SMS_DAILY_LIMIT_MSG,
  SMS_SEND_FAILED_MSG,
  SMS_TOO_SOON_MSG,
} from '@/lib/contract/accounts';

const { call, callRaw, login } = accountsClient('10.0.26.1');

const ENV_KEYS = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
  'ALIYUN_SMS_ENDPOINT',
] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
function setEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
}

afterEach(() => setEnv(saved));
afterAll(async () => {
  rmSync(outboxDir(), { recursive: true, force: true });
  await closeDb();
});

/** A number of its own for each test, on an account of its own. */
let nextMobile = 13900000100 + Math.floor(Math.random() * 1000) * 100;
async function accountWithMobile(): Promise<{ userId: string; mobile: string }> {
  const mobile = String(nextMobile++);
  const userId = `sms${mobile}`;
  const d = await db();
  const [learner] = await d.select().from(operators).where(eq(operators.userId, 'learner'));
  await d.insert(operators).values({
    userId,
    name: '短信找回',
    orgId: learner.orgId,
    passwordHash: learner.passwordHash,
    mobile,
  });
  return { userId, mobile };
}
const codeFromOutbox = (mobile: string) => /验证码(\d{6})/.exec(smsOutboxFor(mobile)[0] ?? '')?.[1];

describe('password retrieval by SMS (outbox)', () => {
  it('refuses a malformed number naming it; an unknown number is answered as a known one (issue 38)', async () => {
    expect((await call('/api/smsCode/sendForgetPasswordCode', { mobile: '12345' })).msg).toMatch(
      /请输入正确的手机号码/,
    );
    expect((await callRaw('/api/smsCode/sendForgetPasswordCode', {})).msg).toMatch(/请输入手机号码/);
    expect(ok(await call('/api/smsCode/sendForgetPasswordCode', { mobile: '13700000000' }))).toEqual({
      mobile: '137****0000',
      expiresIn: 300,
    });
    expect(smsOutboxFor('13700000000')).toEqual([]);
  });

  it('a six-digit code, used once, sets the new password and ends the sessions', async () => {
    const { userId, mobile } = await accountWithMobile();
    const before = tokenOf(await login(userId, 'Learner_2026'));
    const sent = ok(await call('/api/smsCode/sendForgetPasswordCode', { mobile }));
    expect(sent).toEqual({ mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`, expiresIn: 300 });
    const code = codeFromOutbox(mobile)!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '000001' : '000000';
    const form = { mobile, newPassword: 'Sms_pass_2027', newPasswordConfirm: 'Sms_pass_2027' };
    expect((await call('/api/eosoperator/forgetPassword', { ...form, code: wrong })).msg).toBe(SMS_CODE_WRONG_MSG);
    expect((await call('/api/eosoperator/forgetPassword', { ...form, code: '12ab' })).msg).toMatch(/验证码为6位数字/);
    expect(
      (await call('/api/eosoperator/forgetPassword', { ...form, code, newPasswordConfirm: 'Other_2027' })).msg,
    ).toMatch(/两次输入的密码不一致/);
    expect(ok(await call('/api/eosoperator/forgetPassword', { ...form, code }))).toBe(true);
    expect((await call('/api/eosoperator/forgetPassword', { ...form, code })).msg).toBe(SMS_CODE_WRONG_MSG);
    expect((await call('/api/eosoperator/myInfo', {}, { token: before })).code).not.toBe(0);
    expect((await login(userId, 'Learner_2026')).code).not.toBe(0);
    expect((await login(userId, 'Sms_pass_2027')).code).toBe(0);
  });

  it('valid 5 minutes; 5 wrong tries end a code', async () => {
    const { mobile } = await accountWithMobile();
    const t0 = new Date(Date.now() - 3600_000);
    await sendForgetPasswordCode(mobile, '10.0.26.2', t0);
    const code = codeFromOutbox(mobile)!;
    const form = { mobile, code, newPassword: 'Sms_pass_2027' };
    await expect(forgetPasswordBySms(form, new Date(t0.getTime() + 5 * 60_000 + 1))).rejects.toThrow(
      SMS_CODE_WRONG_MSG,
    );
    const t1 = new Date(t0.getTime() + 10 * 60_000);
    await sendForgetPasswordCode(mobile, '10.0.26.2', t1);
    const code2 = codeFromOutbox(mobile)!;
    const wrong = code2 === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++)
      await expect(forgetPasswordBySms({ ...form, code: wrong }, t1)).rejects.toThrow(SMS_CODE_WRONG_MSG);
    await expect(forgetPasswordBySms({ ...form, code: code2 }, t1)).rejects.toThrow(SMS_CODE_WRONG_MSG);
  });

  it('one a minute and 10 a day per number (China time), kept in the database', async () => {
    const { mobile } = await accountWithMobile();
    // 09:00 in China on some day, well inside one China day for the ten sends below.
    const day = new Date(Date.UTC(2026, 0, 5, 1, 0, 0));
    const at = (min: number) => new Date(day.getTime() + min * 60_000);
    await sendForgetPasswordCode(mobile, '10.0.26.3', at(0));
    await expect(sendForgetPasswordCode(mobile, '10.0.26.3', at(0.5))).rejects.toThrow(SMS_TOO_SOON_MSG);
    for (let i = 1; i < 10; i++) await sendForgetPasswordCode(mobile, `10.0.26.${10 + i}`, at(i * 2));
    const err = await sendForgetPasswordCode(mobile, '10.0.26.40', at(60)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).message).toBe(SMS_DAILY_LIMIT_MSG);
    // the next China day (16:00 UTC is midnight in Beijing)
    await sendForgetPasswordCode(mobile, '10.0.26.41', new Date(Date.UTC(2026, 0, 5, 16, 0, 1)));
    const d = await db();
    expect((await d.select().from(smsCodes).where(eq(smsCodes.mobile, mobile))).length).toBe(11);
  });

  it('concurrent sends for one number: exactly one code goes out', async () => {
    const { mobile } = await accountWithMobile();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => sendForgetPasswordCode(mobile, `10.0.27.${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.every((r) => r.status === 'fulfilled' || (r.reason as Error).message === SMS_TOO_SOON_MSG)).toBe(
      true,
    );
    expect(smsOutboxFor(mobile)).toHaveLength(1);
  });
});

describe('password retrieval by SMS through Aliyun SMS (stand-in dysmsapi server)', () => {
  const SECRET = 'stand-in-secret';
  let server: Server;
  let answer: Record<string, string> = { Code: 'OK', Message: 'OK', BizId: 'biz-1', RequestId: 'r-1' };
  const received: URLSearchParams[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams;
      received.push(q);
      const params = Object.fromEntries([...q].filter(([k]) => k !== 'Signature'));
      const good = req.method === 'GET' && q.get('Signature') === rpcSignature('GET', params, SECRET);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          good ? answer : { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched' },
        ),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const useAliyun = () =>
    setEnv({
      ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test',
      ALIYUN_SMS_ACCESS_KEY_SECRET: SECRET,
      ALIYUN_SMS_SIGN_NAME: '继续教育网络学院',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456789',
      ALIYUN_SMS_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });

  it('sends a signed SendSms whose code resets the password; nothing goes to the outbox', async () => {
    useAliyun();
    const { userId, mobile } = await accountWithMobile();
    ok(await call('/api/smsCode/sendForgetPasswordCode', { mobile }));
    const q = received.at(-1)!;
    expect(q.get('Action')).toBe('SendSms');
    expect(q.get('Version')).toBe('2017-05-25');
    expect(q.get('PhoneNumbers')).toBe(mobile);
    expect(q.get('SignName')).toBe('继续教育网络学院');
    expect(q.get('TemplateCode')).toBe('SMS_123456789');
    expect(q.get('SignatureMethod')).toBe('HMAC-SHA1');
    expect(q.get('Timestamp')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const code = JSON.parse(q.get('TemplateParam')!).code as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(smsOutboxFor(mobile)).toHaveLength(0);
    const form = { mobile, code, newPassword: 'Sms_pass_2027', newPasswordConfirm: 'Sms_pass_2027' };
    expect(ok(await call('/api/eosoperator/forgetPassword', form))).toBe(true);
    expect((await login(userId, 'Sms_pass_2027')).code).toBe(0);
  });

  it('a refusal by the service (or a wrong signature) is 短信发送失败, and that code cannot be used', async () => {
    useAliyun();
    const { mobile } = await accountWithMobile();
    answer = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1' };
    try {
      expect((await call('/api/smsCode/sendForgetPasswordCode', { mobile })).msg).toBe(SMS_SEND_FAILED_MSG);
    } finally {
      answer = { Code: 'OK', Message: 'OK', BizId: 'biz-2', RequestId: 'r-2' };
    }
    const code = JSON.parse(received.at(-1)!.get('TemplateParam')!).code as string;
    const form = { mobile, code, newPassword: 'Sms_pass_2027', newPasswordConfirm: 'Sms_pass_2027' };
    expect((await call('/api/eosoperator/forgetPassword', form)).msg).toBe(SMS_CODE_WRONG_MSG);
    setEnv({ ALIYUN_SMS_ACCESS_KEY_SECRET: 'not-the-secret' });
    const other = await accountWithMobile();
    expect((await call('/api/smsCode/sendForgetPasswordCode', { mobile: other.mobile })).msg).toBe(SMS_SEND_FAILED_MSG);
  });
});

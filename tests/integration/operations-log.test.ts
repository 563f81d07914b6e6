/**
 * The operations log (等保2.0): sign-ins (and failed ones), sign-outs, password changes, role-gated actions and
 * refused calls are written; a manager reads them newest first; anyone else is refused (and that is logged too).
 */
import { rmSync } from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { operationLogs, operators } from '@/lib/server/db/schema';
import { outboxDir } from '@/lib/server/messaging/mail';
import { smsOutboxFor } from '@/lib/server/messaging/sms';
import { SMS_CODE_WRONG_MSG } from '@/lib/contract/accounts';
import { accountsClient, ok, tokenOf } from './accounts-support';

const { call, login } = accountsClient('10.0.23.1');

afterAll(async () => {
  rmSync(outboxDir(), { recursive: true, force: true });
  await closeDb();
});

const newest = async () =>
  (await (await db()).select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(1))[0];

describe('operations log', () => {
  let managerToken: string;

  it('records a failed and a successful sign-in, with the address and no password', async () => {
    expect((await login('manager', 'Wrong_pass_1')).code).not.toBe(0);
    const failed = await newest();
    expect(failed).toMatchObject({ action: 'sign-in', outcome: 'failed', userId: 'manager', ip: '10.0.23.1' });
    expect(failed.detail).toContain('账号或密码错误');
    expect(JSON.stringify(failed)).not.toContain('Wrong_pass_1');

    const res = await login('manager', 'Manager_2026');
    managerToken = tokenOf(res);
    const signedIn = await newest();
    expect(signedIn).toMatchObject({ action: 'sign-in', outcome: 'ok', userId: 'manager' });
    expect(signedIn.operatorId).toEqual(expect.any(Number));
  }, 60_000);

  it('records a notice published, and a role-gated call refused to a learner', async () => {
    ok(await call('/api/msgMessageinfo/save', { title: '操作日志测试公告', body: '正文' }, { token: managerToken }));
    const published = await newest();
    expect(published).toMatchObject({ action: 'notice-publish', outcome: 'ok', detail: '操作日志测试公告' });
    expect(published.target).toMatch(/^notice:\d+$/);

    const learner = tokenOf(await login('learner', 'Learner_2026'));
    const refused = await call('/api/course/audit', { courseId: 1, auditStatus: 1052, reason: '' }, { token: learner });
    expect(refused.code).toBe(1003);
    expect(await newest()).toMatchObject({ action: 'course-review', outcome: 'denied', target: 'course:1' });

    expect((await call('/api/manage/operationLog', {}, { token: learner })).code).toBe(1003);
    expect(await newest()).toMatchObject({
      action: 'forbidden',
      outcome: 'denied',
      target: '/api/manage/operationLog',
    });

    ok(await call('/modules/eosoperator/logout', {}, { token: learner }));
    const out = await newest();
    expect(out).toMatchObject({ action: 'sign-out', outcome: 'ok' });
    expect(out.operatorId).toEqual(expect.any(Number));
  }, 60_000);

  it('lets a manager read it, newest first, paged', async () => {
    const page = ok(
      await call('/api/manage/operationLog', { pageNum: 1, pageSize: 3 }, { token: managerToken }),
    ) as unknown as {
      list: { id: number; action: string; at: string }[];
      total: number;
    };
    expect(page.list).toHaveLength(3);
    expect(page.total).toBeGreaterThanOrEqual(6);
    expect(page.list[0].action).toBe('sign-out');
    expect(page.list[0].id).toBeGreaterThan(page.list[1].id);
    expect(Date.parse(page.list[0].at)).not.toBeNaN();
  });
});

describe('operations log of the SMS reset', () => {
  it('records a password reset by SMS code, failed and done, without the code or the password', async () => {
    const mobile = String(13600000000 + Math.floor(Math.random() * 1_000_000));
    const d = await db();
    const [learner] = await d.select().from(operators).where(eq(operators.userId, 'learner'));
    await d.insert(operators).values({
      userId: `log${mobile}`,
      name: '短信找回',
      orgId: learner.orgId,
      passwordHash: learner.passwordHash,
      mobile,
    });
    ok(await call('/api/smsCode/sendForgetPasswordCode', { mobile }));
    const code = /验证码(\d{6})/.exec(smsOutboxFor(mobile)[0] ?? '')?.[1] ?? '';
    const form = { mobile, newPassword: 'Log_reset_2027', newPasswordConfirm: 'Log_reset_2027' };

    const wrong = code === '000000' ? '000001' : '000000';
    expect((await call('/api/eosoperator/forgetPassword', { ...form, code: wrong })).msg).toBe(SMS_CODE_WRONG_MSG);
    const failed = await newest();
    expect(failed).toMatchObject({ action: 'password-reset', outcome: 'failed', ip: '10.0.23.1' });
    expect(failed.detail).toMatch(new RegExp(`^sms; \\d+ ${SMS_CODE_WRONG_MSG}$`));

    ok(await call('/api/eosoperator/forgetPassword', { ...form, code }));
    const done = await newest();
    expect(done).toMatchObject({ action: 'password-reset', outcome: 'ok', detail: 'sms', ip: '10.0.23.1' });
    expect(JSON.stringify(done)).not.toContain('Log_reset_2027');
    expect(JSON.stringify(done)).not.toContain(code);
  }, 60_000);
});

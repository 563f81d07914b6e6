/**
 * Certificates an employer can verify (issue 26): a verification code that cannot be guessed, a public check that
 * tells whose certificate it is, what for, the hours, the date and whether it was revoked, 证书不存在 and nothing
 * else for any other code, a limit on checks per address; and the year's 学时证明.
 */
import { and, eq, sql } from 'drizzle-orm';
import { callEndpoint } from '@/lib/server/http/dispatch';
import { closeDb, db } from '@/lib/server/db';
import { certificates, operators, studyRecords } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { chinaDate } from '@/lib/format';
import {
  applyHoursCertificate,
  revokeCertificate,
  VERIFY_CODE_LENGTH,
} from '@/lib/server/services/learning/certificates';
import type { Site } from '@/lib/variants';

const main: Site = { variant: 'main', dx: false };
let n = 0;
/** Each check from its own address unless one is given: the limit is per address. */
const verify = (code: string, ip = `10.9.${Math.floor(++n / 250)}.${n % 250}`) =>
  callEndpoint('/api/certificate/verify', { code }, { token: null, site: main, ip });

async function opId(userId: string) {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return op.id;
}
/** The seed's study records cover this year and the last (China time): last year's hours can be certified. */
const LAST_YEAR = chinaDate(new Date()).year - 1;

/**
 * A certificate of the learner's: last year's 学时证明, which depends on the seed's study records only (not on which
 * series other test files enrolled or finished: the PostgreSQL run shares one database between files).
 */
async function hoursCertificate(userId: string) {
  const { certificateId } = await applyHoursCertificate(await opId(userId), LAST_YEAR);
  const [row] = await (await db()).select().from(certificates).where(eq(certificates.id, certificateId));
  return row;
}

afterAll(() => closeDb());

describe('the verification code', () => {
  it('is random, 16 characters without look-alikes, not derived from the serial number', async () => {
    const c = await hoursCertificate('learner');
    expect(c.verifyCode).toMatch(new RegExp(`^[2-9A-HJKMNP-Z]{${VERIFY_CODE_LENGTH}}$`));
    expect(c.serialNo).not.toContain(c.verifyCode!);
    const codes = (await (await db()).select({ code: certificates.verifyCode }).from(certificates)).map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('the public check says whose certificate it is, what for, the hours and the date; case and spaces do not matter', async () => {
    const c = await hoursCertificate('learner');
    const res = await verify(` ${c.verifyCode!.toLowerCase()} `);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      operatorName: '王晓明',
      kind: 'hours',
      title: c.title,
      hours: c.hours,
      serialNo: c.serialNo,
      issuedAt: c.issuedAt.toISOString(),
      revoked: false,
    });
  });

  it('any other code, well-formed or not, gets 证书不存在 and nothing else', async () => {
    const c = await hoursCertificate('learner');
    const wrong = c.verifyCode!.slice(0, -1) + (c.verifyCode!.endsWith('Z') ? 'Y' : 'Z');
    for (const code of [wrong, c.serialNo, 'x', '1'.repeat(64), "' or 1=1 --"]) {
      const res = await verify(code);
      expect(res.code).not.toBe(0);
      expect(res.msg).toBe('证书不存在');
      expect(res.data ?? null).toBeNull();
    }
  });

  it('a revoked certificate says so, with the date and the reason', async () => {
    const c = await hoursCertificate('learner');
    await revokeCertificate(c.id, '学时记录有误', new Date('2026-11-26T02:00:00Z'));
    const res = await verify(c.verifyCode!);
    expect(res.data).toMatchObject({
      revoked: true,
      revokedAt: '2026-11-26T02:00:00.000Z',
      revokedReason: '学时记录有误',
    });
  });

  it('checks from one address are limited: the 31st in a minute is refused', async () => {
    const c = await hoursCertificate('learner');
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await verify(c.verifyCode!, '10.99.0.1'));
    expect(answers.slice(0, 30).every((r) => r.code === 0)).toBe(true);
    expect(answers[30]).toMatchObject({ code: 1029, msg: '操作过于频繁，请稍后再试' });
    expect((await verify(c.verifyCode!, '10.99.0.2')).code).toBe(0);
  });

  it('the owner sees the code on the certificate; older certificates get one when first shown', async () => {
    const c = await hoursCertificate('learner');
    await (await db()).update(certificates).set({ verifyCode: null }).where(eq(certificates.id, c.id));
    const token = await createSession(await opId('learner'));
    const detail = await callEndpoint('/api/certificate/detail', { certificateId: c.id }, { token, site: main });
    const code = (detail.data as { verifyCode: string }).verifyCode;
    expect(code).toHaveLength(VERIFY_CODE_LENGTH);
    expect((await verify(code)).data).toMatchObject({ title: c.title });
  });
});

describe('学时证明 (a year’s study hours)', () => {
  it('certifies an ended year’s hours as the records add them up, and refuses this year and a year without any', async () => {
    const learner = await opId('learner');
    const now = new Date();
    const [sum] = await (
      await db()
    )
      .select({ seconds: sql<string>`coalesce(sum(${studyRecords.seconds}), 0)` })
      .from(studyRecords)
      .where(and(eq(studyRecords.operatorId, learner), eq(studyRecords.year, LAST_YEAR)));
    expect(Number(sum.seconds)).toBeGreaterThan(0);
    const { certificateId } = await applyHoursCertificate(learner, LAST_YEAR, now);
    const [row] = await (await db()).select().from(certificates).where(eq(certificates.id, certificateId));
    expect(row).toMatchObject({ kind: 'hours', refId: LAST_YEAR, title: `${LAST_YEAR}年度学时证明` });
    expect(row.hours).toBe(Math.round(Number(sum.seconds) / 3600));
    expect(row.serialNo).toMatch(new RegExp(`^XS${chinaDate(row.issuedAt).year}${LAST_YEAR}`));
    // applying again gives the same certificate
    expect((await applyHoursCertificate(learner, LAST_YEAR, now)).certificateId).toBe(certificateId);
    await expect(applyHoursCertificate(learner, LAST_YEAR + 1, now)).rejects.toThrow(
      '年度学时证明可在该年度结束后开具',
    );
    await expect(applyHoursCertificate(learner, 2001, now)).rejects.toThrow('该年度没有学时记录，不能开具学时证明');
    const token = await createSession(learner);
    const bad = await callEndpoint('/api/certificate/applyHours', { year: 'x' }, { token, site: main });
    expect(bad.code).not.toBe(0);
    expect((await verify(row.verifyCode!)).data).toMatchObject({ kind: 'hours', hours: row.hours });
  });
});

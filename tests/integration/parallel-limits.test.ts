/**
 * Limits and use-once rules under parallel requests (issue 38): a train's places, an exam's one running attempt,
 * a captcha, a password-reset link and a QR ticket are each taken by one request of a burst, never by several.
 * PGlite (DATA_DIR=memory) or PostgreSQL (DATABASE_URL), where requests truly run at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { callEndpoint } from '@/lib/server/http/dispatch';
import { closeDb, db } from '@/lib/server/db';
import { examJoins, examReplies, exams, operators, trainApplications, trains } from '@/lib/server/db/schema';
import { consumeToken, issueToken } from '@/lib/server/services/accounts/account-tokens';
import { createCaptcha, verifyCaptcha } from '@/lib/server/services/accounts/captcha';
import { loginByQRRandNum, loginGetQRRandNum, qrConfirm } from '@/lib/server/services/accounts/qr-login';
import { createSession, resolveSession } from '@/lib/server/services/accounts/sessions';
import { visitorApplyStatus } from '@/lib/server/services/catalogue/train-status';
import type { ResponseCookie } from '@/lib/server/endpoints/endpoint';
import type { Site } from '@/lib/variants';

const main: Site = { variant: 'main', dx: false };
const call = (path: string, body: unknown, token: string | null) => callEndpoint(path, body, { token, site: main });

afterAll(() => closeDb());

/** Fresh learners (copies of the seed's learner), each with a session. */
async function learners(n: number, tag: string): Promise<{ id: number; token: string }[]> {
  const d = await db();
  const [learner] = await d.select().from(operators).where(eq(operators.userId, 'learner'));
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const rows = await d
    .insert(operators)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId: `${tag}${stamp}${i}`,
        name: '并发学员',
        orgId: learner.orgId,
        passwordHash: learner.passwordHash,
        audience: learner.audience,
      })),
    )
    .returning({ id: operators.id });
  return Promise.all(rows.map(async ({ id }) => ({ id, token: await createSession(id) })));
}

describe('a train’s places', () => {
  it('30 learners applying at once for the last 3 places: 3 are taken, the others told it is full', async () => {
    const d = await db();
    const open = (await d.select().from(trains)).find(
      (t) => visitorApplyStatus(t) === 4 && t.audiences.includes('general'),
    );
    expect(open).toBeDefined();
    const t = open!;
    const taken = async () =>
      Number(
        (
          await d
            .select({ n: sql<string>`count(*)` })
            .from(trainApplications)
            .where(and(eq(trainApplications.trainId, t.id), sql`${trainApplications.status} in (6, 7)`))
        )[0].n,
      );
    const before = await taken();
    await d
      .update(trains)
      .set({ capacity: before + 3 })
      .where(eq(trains.id, t.id));
    const people = await learners(30, 'cap');
    try {
      const answers = await Promise.all(people.map((p) => call('/api/train/apply', { trainId: t.id }, p.token)));
      expect(answers.filter((r) => r.code === 0)).toHaveLength(3);
      expect(answers.filter((r) => r.code !== 0).every((r) => r.msg === '报名人数已满')).toBe(true);
      expect(await taken()).toBe(before + 3);
    } finally {
      await d.update(trains).set({ capacity: t.capacity }).where(eq(trains.id, t.id));
      for (const p of people)
        await d
          .delete(trainApplications)
          .where(and(eq(trainApplications.trainId, t.id), eq(trainApplications.operatorId, p.id)));
    }
  });
});

describe('an exam’s attempt', () => {
  it('20 starts at once open one attempt, which all of them resume', async () => {
    const d = await db();
    const now = new Date();
    const open = (await d.select().from(exams)).find((e) => e.startAt < now && e.endAt > now && e.trainId == null);
    expect(open).toBeDefined();
    const [me] = await learners(1, 'exam');
    await d.insert(examJoins).values({ examId: open!.id, operatorId: me.id });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('/api/examReply/start', { examId: open!.id }, me.token)),
    );
    expect(answers.every((r) => r.code === 0)).toBe(true);
    const replies = await d
      .select()
      .from(examReplies)
      .where(and(eq(examReplies.examId, open!.id), eq(examReplies.operatorId, me.id)));
    expect(replies).toHaveLength(1);
    expect(answers.map((r) => (r.data as { replyId: number }).replyId)).toEqual(Array(20).fill(replies[0].id));
  });
});

describe('use-once rules', () => {
  it('a captcha answered right 50 times at once is accepted once', async () => {
    const c = await createCaptcha();
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => verifyCaptcha(c.uuid, c.answer)));
    expect(verdicts.filter(Boolean)).toHaveLength(1);
  });

  it('a password-reset link used 50 times at once works once', async () => {
    const [me] = await learners(1, 'reset');
    const token = await issueToken('reset', me.id, 60_000);
    const owners = await Promise.all(Array.from({ length: 50 }, () => consumeToken('reset', token)));
    expect(owners.filter((o) => o === me.id)).toHaveLength(1);
    expect(owners.filter((o) => o === null)).toHaveLength(49);
  });

  it('a confirmed QR ticket polled 20 times at once signs in one desktop', async () => {
    const [me] = await learners(1, 'qr');
    const session = await resolveSession(me.token);
    if (!session.ok) throw new Error('no session');
    const { randNum } = await loginGetQRRandNum(main);
    await qrConfirm(randNum, session.user, null);
    const polls = await Promise.allSettled(
      Array.from({ length: 20 }, () => {
        const cookies: ResponseCookie[] = [];
        return loginByQRRandNum(randNum, cookies);
      }),
    );
    expect(polls.filter((p) => p.status === 'fulfilled' && p.value.status === 'confirmed')).toHaveLength(1);
  });
});

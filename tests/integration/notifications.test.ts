/**
 * Notifications (issue 25) on learners made here: the inbox API (list, unread count, mark read, all read, the
 * e-mail preference), each of the five events (an inbox row, and a mail in the outbox unless e-mail is off or there
 * is no address), the exam-window job run twice telling each learner once, and the weekly limit of the hours
 * reminder. Everything made here is deleted at the end (the demo seed's rows are left as found).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import {
  certificates,
  courses,
  examJoins,
  exams,
  notifications,
  operators,
  orgs,
  studyRecords,
  trainApplications,
  trains,
} from '@/lib/server/db/schema';
import type { CallResult } from '@/lib/server/http/dispatch';
import { testClient } from '../support/client';
import { JOBS } from '@/lib/server/jobs';
import { drainJobs } from '@/lib/server/job-workers';
import { outboxFor } from '@/lib/server/messaging/mail';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { notify } from '@/lib/server/services/notifications/notify';
import { runExamWindowReminders } from '@/lib/server/services/notifications/exam-window';
import { isoWeek, runHoursReminders } from '@/lib/server/services/notifications/hours-reminder';
import { applyHoursCertificate } from '@/lib/server/services/learning/certificates';
import type { NotificationPage, NotificationSettings, UnreadCount } from '@/lib/contract/notifications';

const { call, callRaw } = testClient({ ip: '10.0.25.9' });
const ok = <T>(res: CallResult): T => {
  if (res.code !== 0) throw new Error(`expected success, got ${res.code} ${res.msg}`);
  return res.data as T;
};

const tag = randomBytes(3).toString('hex');
const mailOf = (key: string) => `notify.${key}.${tag}@example.org`;
/** a: e-mail on; b: e-mail turned off; c: no address; m: has met the requirement (hours). */
const KEYS = ['a', 'b', 'c', 'm'] as const;
const ids = {} as Record<(typeof KEYS)[number], number>;
const tokens = {} as Record<(typeof KEYS)[number] | 'manager', string>;
const made = { exams: [] as number[], courses: [] as number[] };

const drainMail = () => drainJobs({ names: [JOBS.notificationMail] });
const inbox = async (key: keyof typeof tokens, body: Record<string, unknown> = {}) =>
  ok<NotificationPage>(await call('/api/notification/list', { pageSize: 50, ...body }, { token: tokens[key] }));
/** Quoted-printable bytes (=E5=9F=B9...) back to text. */
function unQuote(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
/** What a reader of the raw message sees: the encoded subject and the quoted-printable parts decoded. */
function decodes(raw: string): string {
  const words = [...raw.matchAll(/=\?UTF-8\?([BQ])\?([^?]+)\?=/gi)].map(([, kind, text]) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : unQuote(text.replace(/_/g, ' ')),
  );
  return [words.join(''), unQuote(raw.replace(/=\r?\n/g, ''))].join('\n');
}

beforeAll(async () => {
  const d = await db();
  const [org] = await d.select({ id: orgs.id }).from(orgs).limit(1);
  for (const key of KEYS) {
    const [row] = await d
      .insert(operators)
      .values({
        userId: `notify_${key}_${tag}`,
        name: `通知${key.toUpperCase()}${tag}`,
        orgId: org.id,
        passwordHash: '!disabled',
        email: key === 'c' ? null : mailOf(key),
      })
      .returning({ id: operators.id });
    ids[key] = row.id;
    tokens[key] = await createSession(row.id);
  }
  const [manager] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'manager'));
  tokens.manager = await createSession(manager.id);
  ok(await call('/api/notification/saveSettings', { email: false }, { token: tokens.b }));
});

afterAll(async () => {
  const d = await db();
  const mine = Object.values(ids);
  if (made.exams.length) await d.delete(exams).where(inArray(exams.id, made.exams));
  if (made.courses.length) await d.delete(courses).where(inArray(courses.id, made.courses));
  // Their notifications, settings, applications, certificates and hours go with them (on delete cascade).
  if (mine.length) await d.delete(operators).where(inArray(operators.id, mine));
  await closeDb();
});

describe('the inbox', () => {
  it('lists a message, counts it unread, marks it read; e-mail only where the learner wants it and has an address', async () => {
    const title = `测试通知${tag}`;
    const sent = await notify([ids.a, ids.b, ids.c], {
      kind: 'certificate',
      title,
      body: '这是一条测试通知，请查看。',
      link: '/personal/index?tab=certificates',
    });
    expect(sent).toHaveLength(3);
    const page = await inbox('a');
    expect(page.list[0]).toMatchObject({
      title,
      read: false,
      kind: 'certificate',
      link: '/personal/index?tab=certificates',
    });
    expect(page.unread).toBe(1);
    expect(ok<UnreadCount>(await call('/api/notification/unreadCount', {}, { token: tokens.a }))).toEqual({
      unread: 1,
    });
    expect((await inbox('b')).list[0].title).toBe(title);
    expect((await inbox('c')).list[0].title).toBe(title);

    expect(await drainMail()).toBeGreaterThanOrEqual(1);
    expect(outboxFor(mailOf('a'))).toHaveLength(1);
    const mail = decodes(outboxFor(mailOf('a'))[0].body);
    expect(mail).toContain(title);
    expect(mail).toContain('/personal/index?tab=certificates');
    expect(outboxFor(mailOf('b'))).toHaveLength(0);

    // Another learner's id changes nothing; the owner's is read.
    const id = page.list[0].id;
    expect(ok<UnreadCount>(await call('/api/notification/read', { ids: [id] }, { token: tokens.b }))).toEqual({
      unread: 1,
    });
    expect(ok<UnreadCount>(await call('/api/notification/read', { ids: [id] }, { token: tokens.a }))).toEqual({
      unread: 0,
    });
    expect((await inbox('a')).list[0].read).toBe(true);
    expect(ok<UnreadCount>(await call('/api/notification/unreadCount', {}, { token: tokens.b }))).toEqual({
      unread: 1,
    });
    expect(ok<UnreadCount>(await call('/api/notification/readAll', {}, { token: tokens.b }))).toEqual({ unread: 0 });
    expect((await inbox('b', { unread: true })).list).toHaveLength(0);
  });

  it('pages newest first', async () => {
    for (let i = 1; i <= 3; i++)
      await notify(ids.m, { kind: 'certificate', title: `分页${i}`, body: '分页测试', link: '' });
    const first = await inbox('m', { pageSize: 2, pageNum: 1 });
    expect(first.total).toBe(3);
    expect(first.list.map((n) => n.title)).toEqual(['分页3', '分页2']);
    expect((await inbox('m', { pageSize: 2, pageNum: 2 })).list.map((n) => n.title)).toEqual(['分页1']);
    await (await db()).delete(notifications).where(eq(notifications.operatorId, ids.m));
  });

  it('answers bad input with a Chinese message naming the field, and the preference as saved', async () => {
    const bad = await call('/api/notification/read', { ids: [] }, { token: tokens.a });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toMatch(/ids/);
    expect(bad.msg).toMatch(/[\u4e00-\u9fff]/);
    const worse = await callRaw('/api/notification/saveSettings', { email: 'no' }, { token: tokens.a });
    expect(worse.code).not.toBe(0);
    expect(worse.msg).toMatch(/email/);
    expect(ok<NotificationSettings>(await call('/api/notification/settings', {}, { token: tokens.b }))).toEqual({
      email: false,
      hasEmail: true,
    });
    expect(ok<NotificationSettings>(await call('/api/notification/settings', {}, { token: tokens.c }))).toEqual({
      email: true,
      hasEmail: false,
    });
    const anonymous = await call('/api/notification/unreadCount', {}, { token: null });
    expect(anonymous.code).not.toBe(0);
  });
});

describe('the events', () => {
  it('a training application approved or rejected', async () => {
    const d = await db();
    const [train] = await d.select({ id: trains.id, title: trains.title }).from(trains).limit(1);
    await d.insert(trainApplications).values([
      { trainId: train.id, operatorId: ids.a, status: 6 },
      { trainId: train.id, operatorId: ids.b, status: 6 },
    ]);
    ok(
      await call(
        '/api/train/review',
        { trainId: train.id, operatorId: ids.a, approve: true },
        { token: tokens.manager },
      ),
    );
    ok(
      await call(
        '/api/train/review',
        { trainId: train.id, operatorId: ids.b, approve: false },
        { token: tokens.manager },
      ),
    );
    const a = (await inbox('a')).list[0];
    expect(a).toMatchObject({ kind: 'train-review', title: `培训报名审核通过：《${train.title}》` });
    expect(a.link).toBe(`/train/detail?id=${train.id}`);
    const b = (await inbox('b')).list[0];
    expect(b.title).toBe(`培训报名未通过审核：《${train.title}》`);
    expect(b.body).toContain('未能参加本培训');
    await drainMail();
    expect(outboxFor(mailOf('a')).some((m) => decodes(m.body).includes('培训报名审核通过'))).toBe(true);
    expect(outboxFor(mailOf('b'))).toHaveLength(0);
    await d
      .delete(trainApplications)
      .where(and(eq(trainApplications.trainId, train.id), inArray(trainApplications.operatorId, [ids.a, ids.b])));
  });

  it("a course review's outcome, with the reviewer's reason", async () => {
    const d = await db();
    const [course] = await d
      .insert(courses)
      .values({
        title: `通知测试课程${tag}`,
        categoryCode: 301,
        auditStatus: 1054,
        creatorId: ids.a,
        submittedAt: new Date(),
      })
      .returning({ id: courses.id });
    made.courses.push(course.id);
    ok(
      await call(
        '/api/course/audit',
        { courseId: course.id, auditStatus: 1055, reason: '请补充课程简介' },
        { token: tokens.manager },
      ),
    );
    const n = (await inbox('a')).list[0];
    expect(n).toMatchObject({ kind: 'course-review', title: `课程被退回修改：《通知测试课程${tag}》` });
    expect(n.body).toContain('审核意见：请补充课程简介');
    expect(n.link).toBe(`/space/creation?id=${ids.a}`);
    await drainMail();
    expect(outboxFor(mailOf('a')).some((m) => decodes(m.body).includes('课程被退回修改'))).toBe(true);
  });

  it('a certificate issued, once however often it is applied for', async () => {
    const d = await db();
    const year = new Date().getUTCFullYear() - 1;
    await d.insert(studyRecords).values({ operatorId: ids.a, year, month: 5, kind: 'online', seconds: 7200 });
    await applyHoursCertificate(ids.a, year);
    await applyHoursCertificate(ids.a, year);
    const list = (await inbox('a')).list.filter((n) => n.kind === 'certificate' && n.title.includes('学时证明'));
    expect(list).toHaveLength(1);
    expect(list[0].title).toBe(`证书已颁发：《${year}年度学时证明》`);
    expect(list[0].body).toMatch(/证书编号 XS/);
    await drainMail();
    expect(outboxFor(mailOf('a')).filter((m) => decodes(m.body).includes('学时证明'))).toHaveLength(1);
    await d.delete(certificates).where(eq(certificates.operatorId, ids.a));
    await d.delete(studyRecords).where(eq(studyRecords.operatorId, ids.a));
  });
});

describe('the scheduled reminders', () => {
  it('an exam window opening: every joined learner is told once, however often the job runs', async () => {
    const d = await db();
    const now = new Date();
    const [soon] = await d
      .insert(exams)
      .values({
        title: `通知测试考试${tag}`,
        startAt: new Date(now.getTime() + 2 * 3600_000),
        endAt: new Date(now.getTime() + 5 * 3600_000),
        durationMinutes: 60,
      })
      .returning({ id: exams.id });
    const [later] = await d
      .insert(exams)
      .values({
        title: `通知测试考试后${tag}`,
        startAt: new Date(now.getTime() + 3 * 86_400_000),
        endAt: new Date(now.getTime() + 4 * 86_400_000),
        durationMinutes: 60,
      })
      .returning({ id: exams.id });
    made.exams.push(soon.id, later.id);
    await d.insert(examJoins).values(
      [ids.a, ids.b, ids.c].flatMap((operatorId) => [
        { examId: soon.id, operatorId },
        { examId: later.id, operatorId },
      ]),
    );
    const examIds = [soon.id, later.id];
    const before = outboxFor(mailOf('a')).length;
    expect(await runExamWindowReminders(now, { examIds })).toBe(3);
    expect(await runExamWindowReminders(now, { examIds })).toBe(0);
    expect(await runExamWindowReminders(new Date(now.getTime() + 600_000), { examIds })).toBe(0);
    const n = (await inbox('a')).list.filter((x) => x.kind === 'exam-window');
    expect(n).toHaveLength(1);
    expect(n[0].title).toBe(`考试即将开始：《通知测试考试${tag}》`);
    expect(n[0].link).toBe(`/exam?examId=${soon.id}`);
    expect(n[0].body).toContain('答题时长1小时。');
    expect((await inbox('c')).list.filter((x) => x.kind === 'exam-window')).toHaveLength(1);
    await drainMail();
    expect(outboxFor(mailOf('a')).length).toBe(before + 1);
    expect(outboxFor(mailOf('b'))).toHaveLength(0);
    // Two days on, the later exam's window opens: told once too.
    expect(await runExamWindowReminders(new Date(now.getTime() + 2.5 * 86_400_000), { examIds })).toBe(3);
  });

  it('hours missing in the last quarter: at most once a week, none for a learner who met the requirement', async () => {
    const d = await db();
    // m met 2026's requirement (50 online, 90 offline hours); a, b and c have nothing.
    await d.insert(studyRecords).values([
      { operatorId: ids.m, year: 2026, month: 3, kind: 'online', seconds: 50 * 3600 },
      { operatorId: ids.m, year: 2026, month: 4, kind: 'offline', seconds: 90 * 3600 },
      { operatorId: ids.a, year: 2026, month: 4, kind: 'online', seconds: 20 * 3600 },
    ]);
    const only = { operatorIds: [ids.a, ids.b, ids.m] };
    const wed = new Date('2026-11-25T02:00:00Z');
    expect(isoWeek(wed)).toBe('2026-W48');
    // Friday 1 January 2027 (China time) is in the last ISO week of 2026.
    expect(isoWeek(new Date('2026-12-31T17:00:00Z'))).toBe('2026-W53');
    expect(await runHoursReminders(new Date('2026-09-30T02:00:00Z'), only)).toBe(0);
    expect(await runHoursReminders(wed, only)).toBe(2);
    expect(await runHoursReminders(wed, only)).toBe(0);
    // Sunday night, China time, is still the same week; Monday is the next.
    expect(await runHoursReminders(new Date('2026-11-29T15:00:00Z'), only)).toBe(0);
    expect(await runHoursReminders(new Date('2026-11-29T16:30:00Z'), only)).toBe(2);
    const list = (await inbox('a')).list.filter((x) => x.kind === 'hours-short');
    expect(list).toHaveLength(2);
    expect(list[1].title).toBe('2026年度学时尚未达标');
    expect(list[1].body).toBe(
      '您2026年度已有网络学时20学时（要求不少于50学时）、线下学时0学时（要求不少于90学时），还差网络学时30学时、线下学时90学时。距年底还有37天，请尽早安排学习。',
    );
    expect((await inbox('m')).list.filter((x) => x.kind === 'hours-short')).toHaveLength(0);
    await drainMail();
    expect(outboxFor(mailOf('a')).filter((m) => decodes(m.body).includes('学时尚未达标'))).toHaveLength(2);
    expect(outboxFor(mailOf('b'))).toHaveLength(0);
  });
});

/**
 * Scoped roles and the unit report (issue 25), on data made here with hand-computed figures:
 * unit A (with sub-unit A1) and unit B; a manager holding every power over A only, one over B only, the demo
 * `manager` over the whole institution, and a learner with none. For each power, the manager of A reads and changes
 * A and is refused B (1003). The report's figures, filters and order; its exports parsed back (CSV and xlsx).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { closeDb, db } from '@/lib/server/db';
import {
  courseEnrolments,
  courses,
  examReplies,
  exams,
  operators,
  orgs,
  roleGrants,
  roles,
  studyRecords,
  trainApplications,
  trains,
} from '@/lib/server/db/schema';
import type { CallResult } from '@/lib/server/http/dispatch';
import { testClient } from '../support/client';
import { handleExport } from '@/lib/server/http/exports';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { recordOperation } from '@/lib/server/services/management/operation-log';
import { yearOf } from '@/lib/server/services/scope';
import { TOKEN_STORAGE_KEY } from '@/lib/constants';
import { POWERS, type GrantItem, type UnitReport } from '@/lib/contract/management';

const { call } = testClient({ ip: '10.0.25.1' });
const ok = <T>(res: CallResult): T => {
  if (res.code !== 0) throw new Error(`expected success, got ${res.code} ${res.msg}`);
  return res.data as T;
};

const tag = randomBytes(3).toString('hex');
const H = 3600;
const now = new Date();
const YEAR = yearOf(now);
const yearStart = new Date(Date.UTC(YEAR, 0, 1) - 8 * H * 1000);

interface Fixture {
  orgA: number;
  orgA1: number;
  orgB: number;
  ids: Record<string, number>;
  tokens: Record<'mA' | 'mB' | 'root' | 'learner', string>;
  courseA: number;
  courseB: number;
  trainId: number;
}
let fx: Fixture;

/** Learners of A (a1, a2), A1 (a3, a4) and B (b1): [org, position level, party, online h, offline h]. */
const LEARNERS = {
  a1: ['A', 0, false, 50, 90], // met exactly
  a2: ['A', 1, true, 60, 100], // short: 副县处级 is a leader's level, 110 offline
  a3: ['A1', 0, false, 10, 0], // short
  a4: ['A1', 3, false, 50, 110], // met
  b1: ['B', 0, false, 100, 100], // met
} as const;

beforeAll(async () => {
  const d = await db();
  const [a] = await d
    .insert(orgs)
    .values({ name: `甲单位${tag}` })
    .returning({ id: orgs.id });
  const [a1] = await d
    .insert(orgs)
    .values({ name: `甲一室${tag}`, parentId: a.id })
    .returning({ id: orgs.id });
  const [b] = await d
    .insert(orgs)
    .values({ name: `乙单位${tag}` })
    .returning({ id: orgs.id });
  const orgOf = { A: a.id, A1: a1.id, B: b.id } as const;
  const ids: Record<string, number> = {};
  for (const [key, [org, level, party]] of Object.entries(LEARNERS)) {
    const [row] = await d
      .insert(operators)
      .values({
        userId: `${key}_${tag}`,
        name: `${key}学员${tag}`,
        orgId: orgOf[org],
        passwordHash: '!disabled',
        positionLevel: level,
        audience: party ? 'party' : 'general',
      })
      .returning({ id: operators.id });
    ids[key] = row.id;
  }
  for (const key of ['mA', 'mB']) {
    const [row] = await d
      .insert(operators)
      .values({ userId: `${key}_${tag}`, name: `${key}管理员`, passwordHash: '!disabled', cmsRoles: ['系统管理员'] })
      .returning({ id: operators.id });
    ids[key] = row.id;
  }
  const [admin] = await d.select({ id: roles.id }).from(roles).where(eq(roles.name, '系统管理员'));
  await d.insert(roleGrants).values([
    { operatorId: ids.mA, roleId: admin.id, orgId: a.id },
    { operatorId: ids.mB, roleId: admin.id, orgId: b.id },
  ]);
  // This year's hours in January; last year's for a3 must not count.
  const records = Object.entries(LEARNERS).flatMap(([key, [, , , on, off]]) =>
    [
      { kind: 'online', seconds: on * H },
      { kind: 'offline', seconds: off * H },
    ]
      .filter((r) => r.seconds > 0)
      .map((r) => ({ operatorId: ids[key], year: YEAR, month: 1, ...r })),
  );
  records.push({ operatorId: ids.a3, year: YEAR - 1, month: 6, kind: 'offline', seconds: 200 * H });
  await d.insert(studyRecords).values(records);
  // a3 finished two courses this year and one last year; a4 an approved training that ended this year and an exam passed.
  const someCourses = await d.select({ id: courses.id }).from(courses).orderBy(courses.id).limit(3);
  await d.insert(courseEnrolments).values([
    { operatorId: ids.a3, courseId: someCourses[0].id, progress: 100, finishedAt: now },
    { operatorId: ids.a3, courseId: someCourses[1].id, progress: 100, finishedAt: now },
    {
      operatorId: ids.a3,
      courseId: someCourses[2].id,
      progress: 100,
      finishedAt: new Date(yearStart.getTime() - 86_400_000),
    },
  ]);
  const [done] = await d
    .insert(trains)
    .values({
      title: `已结束培训${tag}`,
      type: 5001,
      startAt: yearStart,
      endAt: new Date(yearStart.getTime() + 2 * H * 1000),
    })
    .returning({ id: trains.id });
  const [open] = await d
    .insert(trains)
    .values({ title: `报名培训${tag}`, type: 5001, startAt: now, endAt: new Date(now.getTime() + 86_400_000 * 30) })
    .returning({ id: trains.id });
  await d.insert(trainApplications).values([
    { trainId: done.id, operatorId: ids.a4, status: 7 },
    { trainId: open.id, operatorId: ids.a1, status: 6 },
    { trainId: open.id, operatorId: ids.b1, status: 6 },
  ]);
  const [exam] = await d
    .insert(exams)
    .values({
      title: `考试${tag}`,
      startAt: yearStart,
      endAt: new Date(now.getTime() + 86_400_000),
      durationMinutes: 60,
      paper: [{ id: 1, type: 'single', stem: '题', options: ['甲', '乙'], answer: [0], score: 100 }],
    })
    .returning({ id: exams.id });
  await d.insert(examReplies).values([
    { examId: exam.id, operatorId: ids.a4, startedAt: now, deadline: now, submittedAt: now, score: 80 },
    { examId: exam.id, operatorId: ids.a2, startedAt: now, deadline: now, submittedAt: now, score: 40 },
  ]);
  // Submitted courses of a creator in A and one in B.
  const [ca, cb] = await d
    .insert(courses)
    .values([
      { title: `甲的课程${tag}`, categoryCode: 301, creatorId: ids.a1, auditStatus: 1054, submittedAt: now },
      { title: `乙的课程${tag}`, categoryCode: 301, creatorId: ids.b1, auditStatus: 1054, submittedAt: now },
    ])
    .returning({ id: courses.id });
  const [rootManager] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'manager'));
  const [learner] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'learner'));
  fx = {
    orgA: a.id,
    orgA1: a1.id,
    orgB: b.id,
    ids,
    tokens: {
      mA: await createSession(ids.mA),
      mB: await createSession(ids.mB),
      root: await createSession(rootManager.id),
      learner: await createSession(learner.id),
    },
    courseA: ca.id,
    courseB: cb.id,
    trainId: open.id,
  };
}, 60_000);

afterAll(() => closeDb());

const report = async (token: string, body: Record<string, unknown> = {}) =>
  ok<UnitReport>(await call('/api/manage/unitReport', { pageSize: 100, ...body }, { token }));
const names = (r: UnitReport) => r.list.map((x) => x.userId.split('_')[0]);

describe('the unit report', () => {
  it('lists the learners of A and its sub-unit, short of the requirement first, with hand-computed figures', async () => {
    const r = await report(fx.tokens.mA);
    expect(r.year).toBe(YEAR);
    expect(names(r)).toEqual(['a2', 'a3', 'a1', 'a4']);
    const a2 = r.list[0];
    expect(a2).toMatchObject({ onlineHours: 60, offlineHours: 100, totalHours: 160, requiredOffline: 110, met: false });
    expect(a2).toMatchObject({ partyMember: true, positionLevel: 1, examsPassed: 0 });
    expect(r.list[1]).toMatchObject({ onlineHours: 10, offlineHours: 0, requiredOffline: 90, coursesCompleted: 2 });
    expect(r.list[2]).toMatchObject({ onlineHours: 50, offlineHours: 90, met: true });
    expect(r.list[3]).toMatchObject({ met: true, requiredOffline: 110, trainsCompleted: 1, examsPassed: 1 });
    expect(r.totals).toEqual({
      learners: 4,
      met: 2,
      onlineHours: 170,
      offlineHours: 300,
      coursesCompleted: 2,
      trainsCompleted: 1,
      examsPassed: 1,
    });
    expect(r.total).toBe(4);
    expect(r.months).toHaveLength(12);
    expect(r.months[0]).toEqual({ month: 1, onlineHours: 170, offlineHours: 300, metLearners: 2 });
    expect(r.months[11].metLearners).toBe(2);
    expect(r.orgs.map((o) => o.id)).toEqual([fx.orgA, fx.orgA1]);
  });

  it('filters by organisation (with its sub-units), level, party membership, met and name, and pages', async () => {
    expect(names(await report(fx.tokens.mA, { orgId: fx.orgA1 }))).toEqual(['a3', 'a4']);
    expect(names(await report(fx.tokens.mA, { positionLevel: 1 }))).toEqual(['a2']);
    expect(names(await report(fx.tokens.mA, { partyMember: true }))).toEqual(['a2']);
    expect(names(await report(fx.tokens.mA, { partyMember: false }))).toEqual(['a3', 'a1', 'a4']);
    expect(names(await report(fx.tokens.mA, { met: false }))).toEqual(['a2', 'a3']);
    const met = await report(fx.tokens.mA, { met: true });
    expect(names(met)).toEqual(['a1', 'a4']);
    expect(met.totals).toMatchObject({ learners: 2, met: 2, onlineHours: 100, offlineHours: 200 });
    expect(names(await report(fx.tokens.mA, { name: `a4学员${tag}` }))).toEqual(['a4']);
    expect(names(await report(fx.tokens.mA, { year: YEAR - 1 }))).toEqual(['a1', 'a2', 'a3', 'a4']);
    const page2 = await report(fx.tokens.mA, { pageNum: 2, pageSize: 3 });
    expect([names(page2), page2.total]).toEqual([['a4'], 4]);
  });

  it('answers the manager of B with B only, refuses A to them and the report to a learner', async () => {
    expect(names(await report(fx.tokens.mB))).toEqual(['b1']);
    const refused = await call('/api/manage/unitReport', { orgId: fx.orgA }, { token: fx.tokens.mB });
    expect([refused.code, refused.msg]).toEqual([1003, '没有该单位的管理权限']);
    expect((await call('/api/manage/unitReport', {}, { token: fx.tokens.learner })).code).toBe(1003);
    const bad = await call('/api/manage/unitReport', { positionLevel: 9 }, { token: fx.tokens.mA });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toContain('positionLevel');
  });
});

describe('each power reaches its organisations only', () => {
  it('course review: the queue holds A, and B is refused', async () => {
    const queue = ok<{ courseId: number }[]>(await call('/api/course/auditList', {}, { token: fx.tokens.mA }));
    expect(queue.map((c) => c.courseId)).toContain(fx.courseA);
    expect(queue.map((c) => c.courseId)).not.toContain(fx.courseB);
    const refused = await call(
      '/api/course/audit',
      { courseId: fx.courseB, auditStatus: 1053, reason: '不行' },
      { token: fx.tokens.mA },
    );
    expect(refused.code).toBe(1003);
    ok(
      await call(
        '/api/course/audit',
        { courseId: fx.courseA, auditStatus: 1053, reason: '请补充' },
        { token: fx.tokens.mA },
      ),
    );
    ok(
      await call(
        '/api/course/audit',
        { courseId: fx.courseB, auditStatus: 1053, reason: '请补充' },
        { token: fx.tokens.mB },
      ),
    );
  });

  it('notices: site-wide, so only a whole-institution manager publishes', async () => {
    const body = { title: `范围测试公告${tag}`, body: '正文' };
    expect((await call('/api/msgMessageinfo/save', body, { token: fx.tokens.mA })).code).toBe(1003);
    ok(await call('/api/msgMessageinfo/save', body, { token: fx.tokens.root }));
  });

  it('application review: pending lists show A, a review of B is refused', async () => {
    const pending = ok<{ operatorId: number }[]>(
      await call('/api/train/pendingApplications', { trainId: fx.trainId }, { token: fx.tokens.mA }),
    );
    expect(pending.map((p) => p.operatorId)).toEqual([fx.ids.a1]);
    const refused = await call(
      '/api/train/review',
      { trainId: fx.trainId, operatorId: fx.ids.b1, approve: true },
      { token: fx.tokens.mA },
    );
    expect(refused.code).toBe(1003);
    ok(
      await call(
        '/api/train/review',
        { trainId: fx.trainId, operatorId: fx.ids.a1, approve: true },
        { token: fx.tokens.mA },
      ),
    );
    ok(
      await call(
        '/api/train/review',
        { trainId: fx.trainId, operatorId: fx.ids.b1, approve: true },
        { token: fx.tokens.mB },
      ),
    );
    const students = ok<{ total: number }>(
      await call('/api/train/students', { trainId: fx.trainId, pageNum: 1, pageSize: 10 }, { token: fx.tokens.mA }),
    );
    expect(students.total).toBe(1);
  });

  it('role management: grants over A (and A1) only; the log shows A’s accounts only', async () => {
    const [unitRole] = await (await db()).select({ id: roles.id }).from(roles).where(eq(roles.name, '单位管理员'));
    const userId = `a1_${tag}`;
    const g = ok<GrantItem>(
      await call('/api/manage/grant', { userId, roleId: unitRole.id, orgId: fx.orgA1 }, { token: fx.tokens.mA }),
    );
    expect(g).toMatchObject({ roleName: '单位管理员', orgId: fx.orgA1 });
    expect(
      (await call('/api/manage/grant', { userId, roleId: unitRole.id, orgId: fx.orgB }, { token: fx.tokens.mA })).code,
    ).toBe(1003);
    expect(
      (await call('/api/manage/grant', { userId, roleId: unitRole.id, orgId: null }, { token: fx.tokens.mA })).code,
    ).toBe(1003);
    const bGrant = ok<GrantItem>(
      await call(
        '/api/manage/grant',
        { userId: `b1_${tag}`, roleId: unitRole.id, orgId: fx.orgB },
        { token: fx.tokens.mB },
      ),
    );
    expect((await call('/api/manage/revoke', { id: bGrant.id }, { token: fx.tokens.mA })).code).toBe(1003);
    const list = ok<{ list: GrantItem[] }>(
      await call('/api/manage/grants', { pageSize: 100 }, { token: fx.tokens.mA }),
    );
    expect(list.list.every((x) => x.orgId === fx.orgA || x.orgId === fx.orgA1)).toBe(true);
    expect(list.list.map((x) => x.id)).toContain(g.id);
    // The new unit manager now sees A1's report, and their cmsRoles name the role (我的管理).
    const a1Token = await createSession(fx.ids.a1);
    expect(names(await report(a1Token))).toEqual(['a3', 'a4']);
    const [row] = await (
      await db()
    )
      .select({ r: operators.cmsRoles })
      .from(operators)
      .where(eq(operators.id, fx.ids.a1));
    expect(row.r).toContain('单位管理员');
    ok(await call('/api/manage/revoke', { id: g.id }, { token: fx.tokens.mA }));
    expect((await call('/api/manage/unitReport', {}, { token: a1Token })).code).toBe(1003);

    await recordOperation({ action: 'sign-in', outcome: 'ok', operatorId: fx.ids.a2, userId: `a2_${tag}` });
    await recordOperation({ action: 'sign-in', outcome: 'ok', operatorId: fx.ids.b1, userId: `b1_${tag}` });
    const log = ok<{ list: { operatorId: number | null }[] }>(
      await call('/api/manage/operationLog', { pageNum: 1, pageSize: 100 }, { token: fx.tokens.mA }),
    );
    expect(log.list.map((e) => e.operatorId)).toContain(fx.ids.a2);
    expect(log.list.map((e) => e.operatorId)).not.toContain(fx.ids.b1);
    expect((await call('/api/manage/operationLog', {}, { token: fx.tokens.learner })).code).toBe(1003);
  });

  it('answers each user the powers they hold, with their organisations', async () => {
    const mine = ok<{ powers: { power: string; orgIds: number[] | null }[] }>(
      await call('/api/manage/myPowers', {}, { token: fx.tokens.mA }),
    );
    expect(mine.powers.find((p) => p.power === 'unit-report')?.orgIds?.sort()).toEqual([fx.orgA, fx.orgA1].sort());
    const root = ok<{ powers: { orgIds: number[] | null }[] }>(
      await call('/api/manage/myPowers', {}, { token: fx.tokens.root }),
    );
    expect(root.powers).toHaveLength(POWERS.length);
    expect(root.powers.every((p) => p.orgIds === null)).toBe(true);
    expect(
      ok<{ powers: unknown[] }>(await call('/api/manage/myPowers', {}, { token: fx.tokens.learner })).powers,
    ).toEqual([]);
  });
});

const exportRequest = (token: string, query: string) =>
  handleExport(
    new Request(`http://localhost/api/manage/export?${query}`, {
      headers: { cookie: `${TOKEN_STORAGE_KEY}=${token}` },
    }),
  );

describe('exports', () => {
  it('streams the learners as CSV with a BOM, in the report’s order', async () => {
    const res = await exportRequest(fx.tokens.mA, 'table=learners&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(`学员学时-${YEAR}.csv`));
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0].split(',').slice(0, 3)).toEqual(['姓名', '账号', '单位']);
    expect(lines.slice(1).map((l) => l.split(',')[1].split('_')[0])).toEqual(['a2', 'a3', 'a1', 'a4']);
    expect(lines[1].split(',').slice(3, 11)).toEqual(['副县处级', '是', '60', '100', '160', '50', '110', '未达标']);
  });

  it('streams an xlsx that exceljs reads back, with the filters applied', async () => {
    const res = await exportRequest(fx.tokens.mA, `table=learners&format=xlsx&met=1`);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const sheet = wb.getWorksheet('学员学时')!;
    const rows: unknown[][] = [];
    sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0][0]).toBe('姓名');
    expect(rows.slice(1).map((r) => String(r[1]).split('_')[0])).toEqual(['a1', 'a4']);
    expect(rows[2].slice(5, 8)).toEqual([50, 110, 160]);

    const months = await exportRequest(fx.tokens.mA, 'table=months&format=csv');
    const monthLines = (await months.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(monthLines).toHaveLength(13);
    expect(monthLines[1]).toBe('1月,170,300,2');
  });

  it('refuses a learner, another unit and a bad table with the envelope', async () => {
    const learner = await exportRequest(fx.tokens.learner, 'table=learners&format=csv');
    expect(learner.status).toBe(403);
    expect((await learner.json()).code).toBe(1003);
    const other = await exportRequest(fx.tokens.mB, `table=learners&format=csv&orgId=${fx.orgA}`);
    expect((await other.json()).msg).toBe('没有该单位的管理权限');
    const bad = await exportRequest(fx.tokens.mA, 'table=secrets&format=csv');
    const body = await bad.json();
    expect(body.code).toBe(1001);
    expect(body.msg).toContain('table');
  });

  it('keeps memory flat: the rows go out in batches of learners by id', async () => {
    // Many learners in B make several keyset batches; every one of them arrives once, in order.
    const d = await db();
    await d.execute(sql`insert into operators (user_id, name, org_id, password_hash)
      select 'bulk' || g || '_' || ${tag}, '批量' || g, ${fx.orgB}::int, '!disabled' from generate_series(1, 2500) g`);
    const res = await exportRequest(fx.tokens.mB, 'table=learners&format=csv');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines).toHaveLength(1 + 2501);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[1])).size).toBe(2501);
    expect(lines[lines.length - 1].split(',')[1]).toBe(`b1_${tag}`);
  });
});

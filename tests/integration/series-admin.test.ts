/**
 * 系列专题管理 (issue 25; SPEC 7 series add, update, delete, publish status, items), on rows made here: unit A
 * (with sub-unit A1) and unit B, a teacher in A1 and one in B, a manager of series over A only and one over B only,
 * the demo `manager` over the whole institution and the demo `learner`. Each call, its scope, and what the public
 * calls (list, detail, enrol) answer after 发布 and 取消发布. Everything made here is removed after.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { courses, operationLogs, operators, orgs, roleGrants, roles, series, teachers } from '@/lib/server/db/schema';
import type { CallResult } from '@/lib/server/http/dispatch';
import { testClient } from '../support/client';
import { createSession } from '@/lib/server/services/accounts/sessions';
import type { Page, SeriesCard } from '@/lib/contract/home';
import type { SeriesDetail } from '@/lib/contract/catalogue';
import type { ManagedSeries, ManagedSeriesPage, SeriesCourseOption, SeriesItem } from '@/lib/contract/series-admin';
import type { Site } from '@/lib/variants';
import { SITEMAP_CHUNK } from '@/lib/catalogue/sitemap-rules';
import { MSG_SERIES_COURSE_NOT_FOUND } from '@/lib/contract/series-admin';

const main: Site = { variant: 'main', dx: false };
const party: Site = { variant: 'party', dx: false };
const student: Site = { variant: 'student', dx: false };
const { call, callRaw } = testClient({ ip: '10.0.25.7' });
const ok = <T>(res: CallResult): T => {
  if (res.code !== 0) throw new Error(`expected success, got ${res.code} ${res.msg}`);
  return res.data as T;
};

const tag = randomBytes(3).toString('hex');
type Who = 'tA' | 'tB' | 'mA' | 'mB' | 'root' | 'learner';
let tokens: Record<Who, string>;
let ids: Record<string, number>;
let orgA: number;
let orgA1: number;
let orgB: number;
let c1: number;
let c2: number;
let unpublishedCourse: number;
const made: number[] = [];

beforeAll(async () => {
  const d = await db();
  const [a] = await d
    .insert(orgs)
    .values({ name: `专题甲单位${tag}` })
    .returning({ id: orgs.id });
  const [a1] = await d
    .insert(orgs)
    .values({ name: `专题甲一室${tag}`, parentId: a.id })
    .returning({ id: orgs.id });
  const [b] = await d
    .insert(orgs)
    .values({ name: `专题乙单位${tag}` })
    .returning({ id: orgs.id });
  orgA = a.id;
  orgA1 = a1.id;
  orgB = b.id;
  const [t1, t2] = await d.select({ id: teachers.id }).from(teachers).orderBy(teachers.id).limit(2);
  const people = [
    { key: 'tA', orgId: orgA1, tchrId: t1.id },
    { key: 'tB', orgId: orgB, tchrId: t2.id },
    { key: 'mA', orgId: orgA, tchrId: null },
    { key: 'mB', orgId: orgB, tchrId: null },
  ];
  ids = {};
  for (const p of people) {
    const [row] = await d
      .insert(operators)
      .values({
        userId: `s${p.key}_${tag}`,
        name: `${p.key}专题${tag}`,
        orgId: p.orgId,
        tchrId: p.tchrId,
        passwordHash: '!disabled',
      })
      .returning({ id: operators.id });
    ids[p.key] = row.id;
  }
  const [unitRole] = await d.select({ id: roles.id }).from(roles).where(eq(roles.name, '单位管理员'));
  await d.insert(roleGrants).values([
    { operatorId: ids.mA, roleId: unitRole.id, orgId: orgA },
    { operatorId: ids.mB, roleId: unitRole.id, orgId: orgB },
  ]);
  const [root] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'manager'));
  const [learner] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'learner'));
  const shown = await d
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.auditStatus, 1052), sql`'general' = any(${courses.audiences})`))
    .orderBy(courses.id)
    .limit(2);
  [c1, c2] = shown.map((c) => c.id);
  const [draftCourse] = await d
    .insert(courses)
    .values({ title: `未发布课程${tag}`, categoryCode: 301, auditStatus: 1054 })
    .returning({ id: courses.id });
  unpublishedCourse = draftCourse.id;
  tokens = {
    tA: await createSession(ids.tA),
    tB: await createSession(ids.tB),
    mA: await createSession(ids.mA),
    mB: await createSession(ids.mB),
    root: await createSession(root.id),
    learner: await createSession(learner.id),
  };
}, 60_000);

afterAll(async () => {
  const d = await db();
  if (made.length) await d.delete(series).where(inArray(series.id, made));
  await d.delete(courses).where(eq(courses.id, unpublishedCourse));
  await d.delete(operators).where(inArray(operators.id, Object.values(ids)));
  await d.delete(orgs).where(inArray(orgs.id, [orgA1, orgA, orgB]));
  await closeDb();
});

const add = async (who: Who, body: Record<string, unknown>) => {
  const s = ok<ManagedSeries>(await callRaw('/api/recommendseries/add', body, { token: tokens[who] }));
  made.push(s.id);
  return s;
};
/** The home module (recommended series first) and the sitemap's series entries. */
const onHome = async (id: number) =>
  ok<SeriesCard[]>(await call('/api/recommendseries/homeList', { pageSize: 24 })).some((s) => s.id === id);
const inSitemap = async (id: number) =>
  JSON.stringify(ok(await call('/api/sitemap/entries', { kind: 'series', chunk: 1, size: SITEMAP_CHUNK }))).includes(
    `/series/detail?id=${id}"`,
  );
const publicDetail = (id: number, site: Site = main) => call('/api/recommendseries/detail', { id }, { site });

/** Whether the public list of the site shows the series (paged through: the order puts recommended ones first). */
async function listed(id: number, site: Site = main, recommended?: boolean): Promise<boolean> {
  for (let pageNum = 1; pageNum <= 20; pageNum++) {
    const body = { pageNum, pageSize: 100, ...(recommended ? { recommended } : {}) };
    const p = ok<Page<SeriesCard>>(await call('/api/recommendseries/list', body, { site }));
    if (p.list.some((s) => s.id === id)) return true;
    if (pageNum * 100 >= p.total) return false;
  }
  return false;
}

describe('series management: the calls', () => {
  it('refuses bad input with a Chinese message naming the field', async () => {
    const empty = await call('/api/recommendseries/add', { title: '  ' }, { token: tokens.tA });
    expect(empty.code).toBe(1001);
    expect(empty.msg).toBe('参数错误：title 请填写专题名称');
    const noSite = await call('/api/recommendseries/add', { title: '专题', audiences: [] }, { token: tokens.tA });
    expect(noSite.msg).toBe('参数错误：audiences 请至少选择一个发布平台');
    const cover = await call(
      '/api/recommendseries/add',
      { title: '专题', cover: 'https://x.example/a.png' },
      { token: tokens.tA },
    );
    expect(cover.msg).toBe('参数错误：cover 封面地址不正确');
    const publish = await callRaw('/api/recommendseries/publishStatus', { id: 1 }, { token: tokens.tA });
    expect(publish.msg).toBe('参数错误：published 请指定发布或取消发布');
    const order = await call('/api/recommendseries/itemOrder', { seriesId: 1, courseIds: [] }, { token: tokens.tA });
    expect(order.code).toBe(1001);
    expect(order.msg).toContain('courseIds');
  });

  it('lets a teacher make a draft of their unit, which no public call shows', async () => {
    const s = await add('tA', {
      title: `教师专题${tag}`,
      summary: '简介',
      audiences: ['general'],
      isRecommended: true,
    });
    expect(s).toMatchObject({ published: false, orgId: orgA1, isRecommended: false, courseCount: 0, deletable: true });
    expect(s.creatorName).toBe(`tA专题${tag}`);
    expect((await publicDetail(s.id)).code).toBe(1004);
    expect((await call('/api/recommendseries/enrol', { seriesId: s.id }, { token: tokens.learner })).code).toBe(1004);
    const mine = ok<ManagedSeriesPage>(await call('/api/recommendseries/manageList', {}, { token: tokens.tA }));
    expect(mine.canCreate).toBe(true);
    expect(mine.list.map((x) => x.id)).toEqual([s.id]);
    const drafts = ok<ManagedSeriesPage>(
      await call('/api/recommendseries/manageList', { status: 'published' }, { token: tokens.tA }),
    );
    expect(drafts.list).toEqual([]);
  });

  it('refuses a learner without the power, and lists nothing for them', async () => {
    const r = await call('/api/recommendseries/add', { title: `学员专题${tag}` }, { token: tokens.learner });
    expect(r).toMatchObject({ code: 1003, msg: '只有教师和系列专题管理员可以创建系列专题' });
    const list = ok<ManagedSeriesPage>(await call('/api/recommendseries/manageList', {}, { token: tokens.learner }));
    expect(list).toMatchObject({ canCreate: false, total: 0 });
    expect((await call('/api/recommendseries/manageList', {})).code).toBe(2002);
  });

  it('adds, orders and removes courses; publishes; the public calls show it in that order; unpublishes; deletes', async () => {
    const s = await add('tA', { title: `排序专题${tag}`, summary: '两门课程', audiences: ['party'] });
    // Publishing an empty series is refused.
    expect(
      (await call('/api/recommendseries/publishStatus', { id: s.id, published: true }, { token: tokens.tA })).msg,
    ).toBe('请先为系列专题添加课程，再发布');
    const options = ok<Page<SeriesCourseOption>>(
      await call('/api/recommendseries/courseOptions', { key: '', pageSize: 5 }, { token: tokens.tA }),
    );
    expect(options.list.length).toBeGreaterThan(0);
    expect(options.list.map((o) => o.id)).not.toContain(unpublishedCourse);
    const missing = await call(
      '/api/recommendseries/itemAdd',
      { seriesId: s.id, courseId: unpublishedCourse },
      { token: tokens.tA },
    );
    expect(missing).toMatchObject({ code: 1004, msg: MSG_SERIES_COURSE_NOT_FOUND });
    ok(await call('/api/recommendseries/itemAdd', { seriesId: s.id, courseId: c1 }, { token: tokens.tA }));
    const two = ok<SeriesItem[]>(
      await call('/api/recommendseries/itemAdd', { seriesId: s.id, courseId: c2 }, { token: tokens.tA }),
    );
    expect(two.map((i) => i.courseId)).toEqual([c1, c2]);
    expect(
      (await call('/api/recommendseries/itemAdd', { seriesId: s.id, courseId: c2 }, { token: tokens.tA })).msg,
    ).toBe('该课程已在系列专题中');
    const stale = await call(
      '/api/recommendseries/itemOrder',
      { seriesId: s.id, courseIds: [c2] },
      { token: tokens.tA },
    );
    expect(stale.msg).toBe('课程顺序与系列专题的课程不一致，请刷新后重试');
    const ordered = ok<SeriesItem[]>(
      await call('/api/recommendseries/itemOrder', { seriesId: s.id, courseIds: [c2, c1] }, { token: tokens.tA }),
    );
    expect(ordered.map((i) => i.courseId)).toEqual([c2, c1]);

    const pub = ok<ManagedSeries>(
      await call('/api/recommendseries/publishStatus', { id: s.id, published: true }, { token: tokens.tA }),
    );
    expect(pub).toMatchObject({ published: true, deletable: false, courseCount: 2 });
    expect(pub.publishedAt).not.toBeNull();
    const detail = ok<SeriesDetail>(await publicDetail(s.id, party));
    expect(detail.title).toBe(`排序专题${tag}`);
    expect(detail.courses.map((c) => c.id)).toEqual([c2, c1]);
    expect(await listed(s.id, party)).toBe(true);
    // Published to the party audience only: the student site does not show it.
    expect((await publicDetail(s.id, student)).code).toBe(1004);

    // An update of a published series shows at once, its sites too.
    ok(
      await call(
        '/api/recommendseries/update',
        { id: s.id, title: `改名专题${tag}`, summary: '新简介', audiences: ['party', 'student'] },
        { token: tokens.tA },
      ),
    );
    expect(ok<SeriesDetail>(await publicDetail(s.id)).title).toBe(`改名专题${tag}`);
    expect(ok<SeriesDetail>(await publicDetail(s.id, student)).summary).toBe('新简介');
    const removed = ok<SeriesItem[]>(
      await call('/api/recommendseries/itemRemove', { seriesId: s.id, courseId: c2 }, { token: tokens.tA }),
    );
    expect(removed.map((i) => i.courseId)).toEqual([c1]);
    expect(ok<SeriesDetail>(await publicDetail(s.id)).courses.map((c) => c.id)).toEqual([c1]);

    expect((await call('/api/recommendseries/delete', { id: s.id }, { token: tokens.tA })).msg).toBe(
      '请先取消发布，再删除系列专题',
    );
    const off = ok<ManagedSeries>(
      await call('/api/recommendseries/publishStatus', { id: s.id, published: false }, { token: tokens.tA }),
    );
    expect(off).toMatchObject({
      published: false,
      publishedAt: null,
      deletable: true,
      audiences: ['party', 'student'],
    });
    expect(await publicDetail(s.id)).toMatchObject({ code: 1004, msg: '系列专题不存在或已下线' });
    expect(await listed(s.id, party)).toBe(false);
    ok(await call('/api/recommendseries/delete', { id: s.id }, { token: tokens.tA }));
    expect((await call('/api/recommendseries/manageDetail', { id: s.id }, { token: tokens.tA })).code).toBe(1004);
    // Publishing, unpublishing and deleting are in the operations log, with the series and the teacher.
    const log = await (
      await db()
    )
      .select({ action: operationLogs.action, detail: operationLogs.detail, outcome: operationLogs.outcome })
      .from(operationLogs)
      .where(and(eq(operationLogs.target, `series:${s.id}`), eq(operationLogs.operatorId, ids.tA)))
      .orderBy(operationLogs.id);
    expect(log.filter((e) => e.outcome === 'ok').map((e) => `${e.action} ${e.detail}`.trim())).toEqual([
      'series-publish publish',
      'series-publish unpublish',
      'series-delete',
    ]);
  });

  it('keeps a series that learners joined: it can be unpublished, not deleted', async () => {
    const s = await add('tA', { title: `报名专题${tag}`, audiences: ['general'] });
    ok(await call('/api/recommendseries/itemAdd', { seriesId: s.id, courseId: c1 }, { token: tokens.tA }));
    ok(await call('/api/recommendseries/publishStatus', { id: s.id, published: true }, { token: tokens.tA }));
    ok(await call('/api/recommendseries/enrol', { seriesId: s.id }, { token: tokens.learner }));
    ok(await call('/api/recommendseries/publishStatus', { id: s.id, published: false }, { token: tokens.tA }));
    const refused = await call('/api/recommendseries/delete', { id: s.id }, { token: tokens.tA });
    expect(refused.msg).toBe('已有学员加入的系列专题不能删除，可以取消发布');
    const row = ok<ManagedSeries>(await call('/api/recommendseries/manageDetail', { id: s.id }, { token: tokens.tA }));
    expect(row).toMatchObject({ enrolCount: 1, deletable: false });
  });
});

describe('series management: scope', () => {
  let own: ManagedSeries;
  beforeAll(async () => {
    own = await add('tA', { title: `范围专题${tag}`, audiences: ['general'] });
  });

  it('a teacher cannot change another teacher’s series', async () => {
    for (const [path, body] of [
      ['/api/recommendseries/update', { id: own.id, title: '别人的' }],
      ['/api/recommendseries/publishStatus', { id: own.id, published: true }],
      ['/api/recommendseries/delete', { id: own.id }],
      ['/api/recommendseries/itemAdd', { seriesId: own.id, courseId: c1 }],
      ['/api/recommendseries/items', { seriesId: own.id }],
    ] as const) {
      expect(await call(path, body, { token: tokens.tB })).toMatchObject({
        code: 1003,
        msg: '只能管理自己创建或本单位的系列专题',
      });
    }
    const theirs = ok<ManagedSeriesPage>(await call('/api/recommendseries/manageList', {}, { token: tokens.tB }));
    expect(theirs.list.map((x) => x.id)).not.toContain(own.id);
  });

  it('the manager of unit A manages its sub-unit’s series; the manager of unit B cannot', async () => {
    const listA = ok<ManagedSeriesPage>(
      await call('/api/recommendseries/manageList', { pageSize: 100 }, { token: tokens.mA }),
    );
    expect(listA.canCreate).toBe(true);
    expect(listA.list.map((x) => x.id)).toContain(own.id);
    const upd = ok<ManagedSeries>(
      await call(
        '/api/recommendseries/update',
        { id: own.id, title: `单位改名${tag}`, audiences: ['general'], isRecommended: true },
        { token: tokens.mA },
      ),
    );
    expect(upd).toMatchObject({ title: `单位改名${tag}`, isRecommended: true, orgId: orgA1 });
    // Published, a recommended series is on /series/class, the home module and the sitemap; unpublished, on none.
    ok(await call('/api/recommendseries/itemAdd', { seriesId: own.id, courseId: c1 }, { token: tokens.mA }));
    ok(await call('/api/recommendseries/publishStatus', { id: own.id, published: true }, { token: tokens.mA }));
    expect([await listed(own.id, main, true), await onHome(own.id), await inSitemap(own.id)]).toEqual([
      true,
      true,
      true,
    ]);
    ok(await call('/api/recommendseries/publishStatus', { id: own.id, published: false }, { token: tokens.mA }));
    expect([await listed(own.id, main, true), await onHome(own.id), await inSitemap(own.id)]).toEqual([
      false,
      false,
      false,
    ]);
    const listB = ok<ManagedSeriesPage>(
      await call('/api/recommendseries/manageList', { pageSize: 100 }, { token: tokens.mB }),
    );
    expect(listB.list.map((x) => x.id)).not.toContain(own.id);
    for (const [path, body] of [
      ['/api/recommendseries/update', { id: own.id, title: '乙改' }],
      ['/api/recommendseries/publishStatus', { id: own.id, published: true }],
      ['/api/recommendseries/delete', { id: own.id }],
      ['/api/recommendseries/itemOrder', { seriesId: own.id, courseIds: [c1] }],
    ] as const) {
      expect((await callRaw(path, body, { token: tokens.mB })).code).toBe(1003);
    }
    // A teacher cannot set 推荐 or move the series; the teacher's update keeps the manager's choice.
    const byTeacher = ok<ManagedSeries>(
      await call(
        '/api/recommendseries/update',
        { id: own.id, title: `单位改名${tag}`, audiences: ['general'], isRecommended: false, orgId: orgB },
        { token: tokens.tA },
      ),
    );
    expect(byTeacher).toMatchObject({ isRecommended: true, orgId: orgA1 });
  });

  it('a manager makes series only in units of their scope; a series of the whole institution needs it all', async () => {
    expect(
      await call('/api/recommendseries/add', { title: `越权${tag}`, orgId: orgB }, { token: tokens.mA }),
    ).toMatchObject({
      code: 1003,
      msg: '没有该单位的管理权限',
    });
    expect(
      (await call('/api/recommendseries/add', { title: `全院${tag}`, orgId: null }, { token: tokens.mA })).code,
    ).toBe(1003);
    const inA = await add('mA', { title: `单位专题${tag}` });
    expect(inA.orgId).toBe(orgA);
    const whole = await add('root', { title: `全院专题${tag}` });
    expect(whole).toMatchObject({ orgId: null, orgName: '全院' });
    expect((await call('/api/recommendseries/update', { id: whole.id, title: 'x' }, { token: tokens.mA })).code).toBe(
      1003,
    );
    // The academy's seeded series (org null) are the whole institution's: out of a unit manager's reach.
    const [academy] = await (
      await db()
    )
      .select({ id: series.id })
      .from(series)
      .where(sql`${series.orgId} is null and ${series.creatorId} is null`)
      .limit(1);
    expect(
      (await call('/api/recommendseries/publishStatus', { id: academy.id, published: false }, { token: tokens.mA }))
        .code,
    ).toBe(1003);
    const rootList = ok<ManagedSeriesPage>(
      await call('/api/recommendseries/manageList', { pageSize: 100 }, { token: tokens.root }),
    );
    expect(rootList.total).toBeGreaterThan(1);
  });
});

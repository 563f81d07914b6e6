/**
 * The catalogue's endpoints (issue 4, point 2 and 6): lists with paging and capped sizes, filters validated
 * against the dictionaries, details, platform variants, login-only policies, search, and training enrolment
 * with its review. Runs on PGlite (DATA_DIR=memory) or PostgreSQL (DATABASE_URL).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { testClient, type Answer } from '../support/client';
import { closeDb, db, getDbHandle } from '@/lib/server/db';
import { courses, operators, trainApplications, trains } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { visitorApplyStatus } from '@/lib/server/services/catalogue/train-status';
import { refreshSearchDocs } from '@/lib/server/services/search/search-docs';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';
import { MAX_PAGE_SIZE } from '@/lib/constants';
import type { Page } from '@/lib/contract/home';
import type { Site } from '@/lib/variants';
import { TRAIN_FULL_MSG } from '@/lib/contract/catalogue';

const party: Site = { variant: 'party', dx: false };
const student: Site = { variant: 'student', dx: false };
const partySchool: Site = { variant: 'partySchool', dx: true };
const { call, callRaw } = testClient();

async function loginAs(userId: string): Promise<string> {
  const d = await db();
  const [op] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return createSession(op.id);
}

beforeAll(async () => {
  const handle = await getDbHandle();
  console.info(`catalogue suite on ${handle.kind}`);
}, 120_000);
afterAll(() => closeDb());

describe('paging bounds, shared by every list', () => {
  const lists = [
    '/api/course/list',
    '/api/recommendseries/list',
    '/api/train/list',
    '/api/live/list',
    '/api/tchrBaseinfo/list',
    '/api/mtTrainnews/list',
    '/api/msgMessageinfo/list',
  ];
  it.each(lists)('%s pages, caps the size and refuses bad paging in Chinese', async (path) => {
    const first = (await callRaw(path, { pageNum: 1, pageSize: 5 })) as Answer<Page<{ id: number }>>;
    expect(first.code).toBe(0);
    expect(first.data.list.length).toBeLessThanOrEqual(5);
    expect(first.data.pageSize).toBe(5);
    if (first.data.total > 5) {
      const second = (await callRaw(path, { pageNum: 2, pageSize: 5 })) as Answer<Page<{ id: number }>>;
      expect(second.data.list[0].id).not.toBe(first.data.list[0].id);
    }
    for (const bad of [{ pageSize: MAX_PAGE_SIZE + 1 }, { pageSize: 0 }, { pageNum: 0 }, { pageNum: 'x' }]) {
      const res = await callRaw(path, bad);
      expect(res.code).not.toBe(0);
      expect(res.msg).toMatch(/参数错误/);
    }
    const beyond = (await callRaw(path, { pageNum: 99_999, pageSize: 10 })) as Answer<Page<unknown>>;
    expect(beyond.code).toBe(0);
    expect(beyond.data.list).toEqual([]);
  });
});

describe('courses', () => {
  it('lists only published courses of a category, newest first, with a total', async () => {
    const res = await call('/api/course/list', { categoryCode: 302, pageSize: 20 });
    expect(res.code).toBe(0);
    expect(res.data.total).toBeGreaterThan(20);
    expect(res.data.list.every((c) => c.categoryCode === 302 && c.categoryName === '学术前沿')).toBe(true);
  });

  it('hides a course that is not approved (1051) and shows it once approved', async () => {
    const d = await db();
    const list = await call('/api/course/list', { categoryCode: 303, pageSize: 1 });
    const id = list.data.list[0].id;
    await d.update(courses).set({ auditStatus: 1051 }).where(eq(courses.id, id));
    const hidden = await call('/api/course/list', { categoryCode: 303, pageSize: 1 });
    expect(hidden.data.list[0]?.id).not.toBe(id);
    expect(hidden.data.total).toBe(list.data.total - 1);
    expect((await call('/api/course/detail', { id })).code).not.toBe(0);
    await d.update(courses).set({ auditStatus: 1052 }).where(eq(courses.id, id));
    expect((await call('/api/course/detail', { id })).code).toBe(0);
  });

  it('refuses an unknown category, and a course type of another category', async () => {
    expect((await call('/api/course/list', { categoryCode: 399 })).msg).toMatch(/categoryCode/);
    const tree = await call('/modules/coursetype/list', {
      categoryCode: 301,
    });
    const childOf301 = tree.data[0].children[0].id;
    const ok = await call('/api/course/list', { categoryCode: 301, courseTypeId: childOf301 });
    expect(ok.code).toBe(0);
    const wrong = await call('/api/course/list', { categoryCode: 302, courseTypeId: childOf301 });
    expect(wrong.code).not.toBe(0);
    expect(wrong.msg).toMatch(/courseTypeId/);
  });

  it('hot list, detail with chapters and teacher, reviews', async () => {
    const hot = await call('/api/course/hotList', { pageSize: 5 });
    expect(hot.data.length).toBeGreaterThan(0);
    expect(hot.data.every((c) => c.isHot)).toBe(true);
    expect((await call('/api/course/hotList', { pageSize: 21 })).code).not.toBe(0);
    const detail = await call('/api/course/detail', { id: hot.data[0].id });
    expect(detail.code).toBe(0);
    expect(detail.data.chapters.length).toBeGreaterThan(0);
    expect(detail.data.teacher?.name).toBeTruthy();
    expect(detail.data.summaryHtml).toMatch(/^<p>/);
    const chapters = await call('/api/course/chapter', { courseId: hot.data[0].id });
    expect(chapters.data).toHaveLength(detail.data.chapters.length);
    const reviews = await call('/api/course/reviews', { courseId: hot.data[0].id });
    expect(reviews.code).toBe(0);
    expect((await call('/api/course/detail', { id: 987654 })).msg).toMatch(/不存在/);
    expect((await call('/api/course/detail', { id: -1 })).code).not.toBe(0);
  });

  it('each site shows its audiences: party content first on the party host, platform calls own audience only', async () => {
    const partyFirst = await call('/api/course/list', { pageSize: 5 }, { site: party });
    const d = await db();
    const [first] = await d
      .select({ audiences: courses.audiences })
      .from(courses)
      .where(eq(courses.id, partyFirst.data.list[0].id));
    expect(first.audiences).toContain('party');
    const platform = await call('/api/platform/course/list', { pageSize: 100 }, { site: partySchool });
    expect(platform.code).toBe(0);
    const ids = platform.data.list.map((c) => c.id);
    const rows = await d.select({ id: courses.id, audiences: courses.audiences }).from(courses);
    for (const r of rows.filter((x) => ids.includes(x.id))) expect(r.audiences).toContain('party');
    const all = await call('/api/course/list', { pageSize: 1 });
    expect(platform.data.total).toBeLessThan(all.data.total);
  });
});

describe('training projects', () => {
  it('criteria come from the dictionaries, with counts', async () => {
    for (const path of [
      '/api/train/criteriaTrainTypeID',
      '/api/train/criteriaOrgSource',
      '/api/train/criteriaItemType',
    ]) {
      const res = (await callRaw(path, {})) as Answer<{ name: string; code: number; count: number }[]>;
      expect(res.code).toBe(0);
      expect(res.data.length).toBeGreaterThan(2);
      expect(res.data.reduce((s, o) => s + o.count, 0)).toBeGreaterThan(0);
    }
  });

  it('filters by form, dictionary codes, month and enrolment status; bad filters are refused', async () => {
    const now = new Date();
    const y = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(now));
    const m = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', month: 'numeric' }).format(now));
    const month = await call('/api/train/list', { type: 5001, year: y, month: m, pageSize: 100 });
    expect(month.code).toBe(0);
    expect(month.data.total).toBeGreaterThan(0);
    const start = Date.UTC(y, m - 1, 1) - 8 * 3600_000;
    const end = Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1) - 8 * 3600_000;
    for (const t of month.data.list) {
      expect(t.type).toBe(5001);
      expect(new Date(t.startAt).getTime()).toBeLessThan(end);
      expect(new Date(t.endAt).getTime()).toBeGreaterThanOrEqual(start);
    }
    const open = await call('/api/train/list', { applyState: 1, pageSize: 100 });
    expect(open.data.total).toBeGreaterThan(0);
    expect(open.data.list.every((t) => t.applyStatus === 4)).toBe(true);
    const closed = await call('/api/train/list', { applyState: 2, pageSize: 100 });
    expect(closed.data.list.every((t) => t.applyStatus !== 4)).toBe(true);
    const byType = await call('/api/train/list', { trainTypeId: 3, pageSize: 100 });
    expect(byType.data.list.every((t) => t.trainTypeName === '党性教育培训')).toBe(true);

    expect((await call('/api/train/list', { trainTypeId: 99 })).msg).toMatch(/trainTypeId/);
    expect((await call('/api/train/list', { orgSource: 77 })).msg).toMatch(/orgSource/);
    expect((await call('/api/train/list', { itemType: 55 })).msg).toMatch(/itemType/);
    expect((await call('/api/train/list', { type: 5003 })).code).not.toBe(0);
    expect((await call('/api/train/list', { month: 13 })).code).not.toBe(0);
    expect((await callRaw('/api/train/list', { applyState: 3 })).code).not.toBe(0);
  });

  it('detail has its schedule and parts; platform variant works', async () => {
    const list = await call('/api/train/list', { type: 5001, pageSize: 1 });
    const detail = await call('/api/train/detail', { id: list.data.list[0].id });
    expect(detail.code).toBe(0);
    expect(detail.data.schedule.length).toBeGreaterThan(0);
    expect(detail.data.assignments.length).toBeGreaterThan(0);
    for (const p of [
      '/api/train/scheduleItems',
      '/api/train/assignments',
      '/api/train/albums',
      '/api/train/summaries',
    ]) {
      expect((await callRaw(p, { trainId: list.data.list[0].id })).code).toBe(0);
    }
    // The enrolled learners' names are for managers only (issue 22).
    expect((await call('/api/train/students', { trainId: list.data.list[0].id })).code).not.toBe(0);
    expect(
      (await call('/api/train/students', { trainId: list.data.list[0].id }, { token: await loginAs('manager') })).code,
    ).toBe(0);
    expect((await call('/api/platform/train/list', { pageSize: 3 }, { site: partySchool })).code).toBe(0);
  });

  it('apply: 4 -> 6 pending review, not twice; manager approves (7) or rejects (8); other statuses refuse', async () => {
    const d = await db();
    const token = await loginAs('learner');
    const all = await d.select().from(trains);
    const byStatus = (s: number) => all.find((t) => visitorApplyStatus(t) === s && t.audiences.includes('general'));
    const [me] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'learner'));
    const mine = new Set(
      (
        await d
          .select({ trainId: trainApplications.trainId })
          .from(trainApplications)
          .where(eq(trainApplications.operatorId, me.id))
      ).map((r) => r.trainId),
    );
    const open = all.filter(
      (t) => visitorApplyStatus(t) === 4 && t.audiences.includes('general') && t.capacity > 10 && !mine.has(t.id),
    );
    expect(open.length).toBeGreaterThan(1);

    expect((await call('/api/train/apply', { trainId: open[0].id })).code).toBe(CODE_SESSION_NONE);
    const before = await call('/api/train/applyStatus', { trainId: open[0].id }, { token });
    expect(before.data).toMatchObject({ applyStatus: 4, label: '可报名' });
    const applied = await call('/api/train/apply', { trainId: open[0].id }, { token });
    expect(applied.code).toBe(0);
    expect(applied.data).toMatchObject({ applyStatus: 6, label: '报名待审核' });
    const again = await call('/api/train/apply', { trainId: open[0].id }, { token });
    expect(again.code).not.toBe(0);
    expect(again.msg).toMatch(/请勿重复报名/);
    expect((await call('/api/train/applyStatus', { trainId: open[0].id }, { token })).data.applyStatus).toBe(6);

    const [learner] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'learner'));
    const manager = await loginAs('manager');
    expect(
      (await call('/api/train/review', { trainId: open[0].id, operatorId: learner.id, approve: true }, { token })).msg,
    ).toMatch(/权限/);
    const pending = await call('/api/train/pendingApplications', { trainId: open[0].id }, { token: manager });
    expect(pending.data.some((p) => p.operatorId === learner.id)).toBe(true);
    const approved = await call(
      '/api/train/review',
      { trainId: open[0].id, operatorId: learner.id, approve: true },
      { token: manager },
    );
    expect(approved.data.applyStatus).toBe(7);
    expect((await call('/api/train/applyStatus', { trainId: open[0].id }, { token })).data).toMatchObject({
      applyStatus: 7,
      label: '审核通过',
    });
    expect(
      (
        await call(
          '/api/train/review',
          { trainId: open[0].id, operatorId: learner.id, approve: false },
          { token: manager },
        )
      ).code,
    ).not.toBe(0);

    await call('/api/train/apply', { trainId: open[1].id }, { token });
    const rejected = await call(
      '/api/train/review',
      { trainId: open[1].id, operatorId: learner.id, approve: false },
      { token: manager },
    );
    expect(rejected.data).toMatchObject({ applyStatus: 8, label: '审核不通过' });
    expect((await call('/api/train/apply', { trainId: open[1].id }, { token })).code).not.toBe(0);

    for (const s of [1, 2, 3, 5, 9]) {
      const t = byStatus(s);
      if (!t) continue;
      // A refusal writes nothing: whatever the learner had on that train (the seed may have an application) stays as it was.
      const rowOf = () =>
        d
          .select()
          .from(trainApplications)
          .where(and(eq(trainApplications.trainId, t.id), eq(trainApplications.operatorId, learner.id)));
      const before = await rowOf();
      const res = await call('/api/train/apply', { trainId: t.id }, { token });
      expect(res.code).not.toBe(0);
      expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
      expect(await rowOf()).toEqual(before);
    }
    await d
      .delete(trainApplications)
      .where(
        and(eq(trainApplications.operatorId, learner.id), inArray(trainApplications.trainId, [open[0].id, open[1].id])),
      );
  });

  it('refuses an apply once pending and approved applications fill the capacity, and writes nothing', async () => {
    const d = await db();
    const [me] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'newbie'));
    const taken = (id: number) =>
      d
        .select({ operatorId: trainApplications.operatorId })
        .from(trainApplications)
        .where(and(eq(trainApplications.trainId, id), sql`${trainApplications.status} in (6, 7)`));
    const all = await d.select().from(trains);
    let full: (typeof all)[number] | undefined;
    for (const t of all) {
      if (visitorApplyStatus(t) !== 4 || !t.audiences.includes('general')) continue;
      const rows = await taken(t.id);
      if (rows.length > 0 && !rows.some((r) => r.operatorId === me.id)) {
        full = t;
        break;
      }
    }
    expect(full).toBeDefined();
    const t = full!;
    const filled = (await taken(t.id)).length;
    await d.update(trains).set({ capacity: filled }).where(eq(trains.id, t.id));
    try {
      const token = await loginAs('newbie');
      const res = await call('/api/train/apply', { trainId: t.id }, { token });
      expect(res.code).not.toBe(0);
      expect(res.msg).toBe(TRAIN_FULL_MSG);
      expect((await taken(t.id)).length).toBe(filled);
      // One more place, and the same learner is taken.
      await d
        .update(trains)
        .set({ capacity: filled + 1 })
        .where(eq(trains.id, t.id));
      const ok = await call('/api/train/apply', { trainId: t.id }, { token });
      expect(ok.data).toMatchObject({ applyStatus: 6 });
      await d
        .delete(trainApplications)
        .where(and(eq(trainApplications.trainId, t.id), eq(trainApplications.operatorId, me.id)));
    } finally {
      await d.update(trains).set({ capacity: t.capacity }).where(eq(trains.id, t.id));
    }
  });
});

describe('series, teachers, live, news, notices', () => {
  it('series list, detail with its courses, enrol once', async () => {
    const list = await call('/api/recommendseries/list', { pageSize: 3 });
    const id = list.data.list[0].id;
    const detail = await call('/api/recommendseries/detail', { id });
    expect(detail.code).toBe(0);
    expect(detail.data.courses.length).toBeGreaterThan(0);
    const token = await loginAs('learner');
    expect((await call('/api/recommendseries/enrol', { seriesId: id })).code).toBe(CODE_SESSION_NONE);
    const enrol = await call('/api/recommendseries/enrol', { seriesId: id }, { token });
    expect(enrol.data.enrolled).toBe(true);
    // The counts as they are now, the new learner included (the cached detail page shows them from these).
    expect(enrol.data.counts).toEqual({
      studyCount: detail.data.studyCount + 1,
      enrolCount: detail.data.enrolCount + 1,
    });
    expect((await call('/api/recommendseries/enrol', { seriesId: id }, { token })).msg).toMatch(/请勿重复/);
    expect((await call('/api/recommendseries/state', { seriesId: id }, { token })).data.enrolled).toBe(true);
    expect((await call('/api/recommendseries/state', { seriesId: id })).data.enrolled).toBe(false);
  });

  it('teachers by type, detail with courses', async () => {
    const internal = await call('/api/tchrBaseinfo/list', {
      type: 1,
      pageSize: 50,
    });
    expect(internal.data.list.every((t) => t.type === 1)).toBe(true);
    expect((await call('/api/tchrBaseinfo/list', { type: 3 })).code).not.toBe(0);
    const detail = await call('/api/tchrBaseinfo/detail', {
      id: internal.data.list[0].id,
    });
    expect(detail.data.courses.length).toBeGreaterThan(0);
  });

  it('live list by status, detail with recordHours', async () => {
    const ended = await call('/api/live/list', {
      status: 'ended',
    });
    expect(ended.data.list.every((l) => l.status === 'ended')).toBe(true);
    const hours = await call('/api/live/recordHours', { id: ended.data.list[0].id });
    expect(hours.data.recordHours).toBe(ended.data.list[0].recordHours);
    expect((await callRaw('/api/live/list', { status: 'soon' })).code).not.toBe(0);
  });

  it('news and notice details are sanitised and link their neighbours', async () => {
    const news = await call('/api/mtTrainnews/list', { pageSize: 3 });
    const detail = await call('/api/mtTrainnews/detail', { id: news.data.list[1].id });
    expect(detail.data.bodyHtml).toMatch(/<p>/);
    expect(detail.data.next?.id).toBe(news.data.list[2].id);
    const notices = await call('/api/msgMessageinfo/list', { pageSize: 3 });
    expect(notices.data.list[0].isTop).toBe(true);
    expect((await call('/api/msgMessageinfo/detail', { id: notices.data.list[0].id })).code).toBe(0);
  });

  it('a news reading counts once per call, concurrent ones too; the detail then has the count; a missing one is refused', async () => {
    // QA: 浏览N次 never changed, whatever the number of readers.
    const news = await call('/api/mtTrainnews/list', { pageSize: 1 });
    const id = news.data.list[0].id;
    const before = (await call('/api/mtTrainnews/detail', { id })).data.views;
    const views = await Promise.all([1, 2, 3].map(() => call('/api/mtTrainnews/view', { id })));
    expect(views.map((v) => v.code)).toEqual([0, 0, 0]);
    expect(views.map((v) => v.data.views).sort((a, b) => a - b)).toEqual([before + 1, before + 2, before + 3]);
    expect((await call('/api/mtTrainnews/detail', { id })).data.views).toBe(before + 3);
    const missing = await call('/api/mtTrainnews/view', { id: 999999 });
    expect([missing.code, missing.msg]).toEqual([1004, '新闻不存在或已下线']);
    expect((await call('/api/mtTrainnews/view', { id: -1 })).code).not.toBe(0);
  });
});

describe('policies need a session', () => {
  it('refuses a visitor, lists by type for a learner', async () => {
    expect((await call('/api/policy/list', { type: 1 })).code).toBe(CODE_SESSION_NONE);
    const token = await loginAs('learner');
    const list = await call('/api/policy/list', { type: 2 }, { token });
    expect(list.data.total).toBeGreaterThan(0);
    expect(list.data.list.every((p) => p.type === 2)).toBe(true);
    const detail = await call('/api/policy/detail', { id: list.data.list[0].id }, { token });
    expect(detail.data.bodyHtml).toMatch(/<ol>/);
    expect((await call('/api/policy/list', { type: 3 }, { token })).code).not.toBe(0);
  });
});

describe('search', () => {
  it('an empty keyword is refused with SPEC 5 message', async () => {
    for (const path of ['/api/search/full', '/api/search/course', '/api/search/news']) {
      const res = await callRaw(path, { key: '  ' });
      expect(res.code).not.toBe(0);
      expect(res.msg).toMatch(/请输入搜索内容/);
    }
  });

  it('two Chinese characters find titles containing them, ranked, with counts per tab', async () => {
    const full = await call('/api/search/full', { key: '党员' });
    expect(full.code).toBe(0);
    const total = Object.values(full.data.counts).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0);
    const course = await call('/api/search/course', { key: '科研', pageSize: 50 });
    expect(course.data.total).toBeGreaterThan(0);
    expect(course.data.terms).toContain('科研');
    for (let i = 1; i < course.data.list.length; i++)
      expect(course.data.list[i - 1].score).toBeGreaterThanOrEqual(course.data.list[i].score);
    const inTitle = course.data.list.filter((c) => c.title.includes('科研'));
    expect(inTitle.length).toBeGreaterThan(0);
    // Title matches rank above text-only matches.
    const firstTextOnly = course.data.list.findIndex((c) => !c.title.includes('科研'));
    if (firstTextOnly >= 0)
      expect(course.data.list.slice(firstTextOnly).every((c) => !c.title.includes('科研'))).toBe(true);
  });

  it('a longer phrase that is not written as a whole still finds by its pieces; wildcards are literal', async () => {
    // A course the main site lists (so its search sees it), with four Chinese characters to split.
    const listed = await call('/api/course/list', { pageSize: 20 });
    const c = listed.data.list.find((x) => x.title.replace(/[^\u4e00-\u9fff]/g, '').length >= 4)!;
    const chars = [...c.title.replace(/[^\u4e00-\u9fff]/g, '')];
    const phrase = `${chars.slice(0, 2).join('')}的${chars.slice(2, 4).join('')}`;
    const res = await call('/api/search/course', { key: phrase, pageSize: 50 });
    expect(res.data.total).toBeGreaterThan(0);
    const wild = await call('/api/search/course', { key: '%_%' });
    expect(wild.code).toBe(0);
    expect(wild.data.total).toBe(0);
  });

  it('course-type tree counts per category', async () => {
    const tree = await call('/api/search/courseTypeTree', { key: '科研' });
    expect(tree.data).toHaveLength(6);
    const course = await call('/api/search/course', { key: '科研', pageSize: 1 });
    expect(tree.data.reduce((s, x) => s + x.count, 0)).toBe(course.data.total);
  });

  it('every page of a tab carries the same total, a page past the last one too', async () => {
    const first = await call('/api/search/course', { key: '科研', pageSize: 5 });
    expect(first.data.total).toBeGreaterThan(5);
    const last = Math.ceil(first.data.total / 5);
    const lastPage = await call('/api/search/course', { key: '科研', pageSize: 5, pageNum: last });
    expect(lastPage.data.total).toBe(first.data.total);
    expect(lastPage.data.list.length).toBe(first.data.total - (last - 1) * 5);
    const beyond = await call('/api/search/course', { key: '科研', pageSize: 5, pageNum: last + 3 });
    expect(beyond.data).toMatchObject({ total: first.data.total, list: [] });
    expect((await call('/api/search/course', { key: '无此关键词之课程', pageSize: 5 })).data).toMatchObject({
      total: 0,
      list: [],
    });
  });

  it('Latin letters match whatever their case; Chinese as written', async () => {
    const d = await db();
    const listed = await call('/api/course/list', { pageSize: 1 });
    const id = listed.data.list[0].id;
    await d
      .update(courses)
      .set({ title: sql`${courses.title} || ' PyTorch实战'` })
      .where(eq(courses.id, id));
    // Written past the services (which send the invalidation that rebuilds search documents): rebuilt here.
    await refreshSearchDocs();
    try {
      for (const key of ['pytorch', 'PYTORCH', 'PyTorch实战']) {
        const res = await call('/api/search/course', { key, pageSize: 50 });
        expect(res.data.list.map((x) => x.id)).toContain(id);
      }
    } finally {
      await d
        .update(courses)
        .set({ title: sql`replace(${courses.title}, ' PyTorch实战', '')` })
        .where(eq(courses.id, id));
      await refreshSearchDocs();
    }
  });

  it('student host scope: search sees student content', async () => {
    const res = await call('/api/search/full', { key: '研究生' }, { site: student });
    expect(res.code).toBe(0);
  });
});

describe('sitemaps and a manager edit', () => {
  it('counts and chunks of public details, scoped per site', async () => {
    const counts = await call('/api/sitemap/counts');
    expect(counts.data.course).toBeGreaterThan(100);
    const chunk = await call('/api/sitemap/entries', { kind: 'course', chunk: 1, size: 50 });
    expect(chunk.data).toHaveLength(50);
    expect(chunk.data[0].path).toMatch(/^\/course\/detail\?id=\d+$/);
    const platform = await call('/api/platform/sitemap/counts', {}, { site: partySchool });
    expect(platform.data.course).toBeLessThan(counts.data.course!);
    expect((await callRaw('/api/sitemap/entries', { kind: 'policy', chunk: 1, size: 10 })).code).not.toBe(0);
    expect((await call('/api/sitemap/entries', { kind: 'course', chunk: 1, size: 100_000 })).code).not.toBe(0);
  });

  it('only a manager edits a course; the summary is sanitised when shown', async () => {
    const learner = await loginAs('learner');
    const manager = await loginAs('manager');
    expect((await call('/api/course/manage/update', { id: 5, title: 'x' }, { token: learner })).msg).toMatch(/权限/);
    const summary =
      '<p onclick="alert(1)">安全<script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src="x" onerror="alert(1)"></p>';
    const res = await call('/api/course/manage/update', { id: 5, summary }, { token: manager });
    expect(res.code).toBe(0);
    const detail = await call('/api/course/detail', { id: 5 });
    expect(detail.data.summaryHtml).toContain('安全');
    expect(detail.data.summaryHtml).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect((await call('/api/course/manage/update', { id: 5 }, { token: manager })).code).not.toBe(0);
    expect(
      (await call('/api/course/manage/update', { id: 987654, title: '不存在' }, { token: manager })).code,
    ).not.toBe(0);
  });
});

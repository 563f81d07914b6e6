/**
 * 通知公告发布 (issue 25): a notice written as a draft, previewed, published, pinned, changed, withdrawn and published
 * again by the demo `manager` (the power over the whole institution), with the public notice list, its detail and
 * the home module read after each step; the body sanitised as the public page shows it; a unit's publisher and a
 * learner refused. The notices made here are removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { notices, operationLogs, operators, orgs, roleGrants, roles } from '@/lib/server/db/schema';
import type { CallResult } from '@/lib/server/http/dispatch';
import { testClient } from '../support/client';
import { createSession } from '@/lib/server/services/accounts/sessions';
import type { NoticeItem, Page } from '@/lib/contract/home';
import type { NoticeAdminDetail, NoticeAdminRow } from '@/lib/contract/review';
import type { Site } from '@/lib/variants';

const main: Site = { variant: 'main', dx: false };
const party: Site = { variant: 'party', dx: false };
const student: Site = { variant: 'student', dx: false };
const { call, callRaw } = testClient({ ip: '10.0.25.3' });
const ok = <T>(res: CallResult): T => {
  if (res.code !== 0) throw new Error(`expected success, got ${res.code} ${res.msg}`);
  return res.data as T;
};

const tag = randomBytes(3).toString('hex');
const made = { notices: [] as number[], operators: [] as number[], orgs: [] as number[] };
let root: string;
let unitPublisher: string;
let learner: string;

beforeAll(async () => {
  const d = await db();
  const [mgr] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'manager'));
  const [lrn] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'learner'));
  const [org] = await d
    .insert(orgs)
    .values({ name: `公告单位${tag}` })
    .returning({ id: orgs.id });
  made.orgs.push(org.id);
  const [pub] = await d
    .insert(operators)
    .values({ userId: `publisher_${tag}`, name: `发布员${tag}`, orgId: org.id, passwordHash: '!disabled' })
    .returning({ id: operators.id });
  made.operators.push(pub.id);
  const [content] = await d.select({ id: roles.id }).from(roles).where(eq(roles.name, '内容管理员'));
  await d.insert(roleGrants).values({ operatorId: pub.id, roleId: content.id, orgId: org.id });
  root = await createSession(mgr.id);
  unitPublisher = await createSession(pub.id);
  learner = await createSession(lrn.id);
});

afterAll(async () => {
  const d = await db();
  if (made.notices.length) await d.delete(notices).where(inArray(notices.id, made.notices));
  await d.delete(roleGrants).where(inArray(roleGrants.operatorId, made.operators));
  await d.delete(operators).where(inArray(operators.id, made.operators));
  await d.delete(orgs).where(inArray(orgs.id, made.orgs));
  await closeDb();
});

/** The public views of a notice on a site: in the list (with its pin), its detail, in the home module. */
async function publicView(id: number, site: Site = main) {
  const list = ok<Page<NoticeItem>>(await call('/api/msgMessageinfo/list', { pageNum: 1, pageSize: 100 }, { site }));
  const home = ok<NoticeItem[]>(await call('/api/msgMessageinfo/homeList', { pageSize: 20 }, { site }));
  const detail = await call('/api/msgMessageinfo/detail', { id }, { site });
  return {
    listed: list.list.find((n) => n.id === id) ?? null,
    onHome: home.some((n) => n.id === id),
    detail: detail.code === 0 ? (detail.data as { title: string; bodyHtml: string }) : null,
    detailCode: detail.code,
  };
}
const adminList = async (status?: 'published' | 'draft' | 'withdrawn') =>
  ok<Page<NoticeAdminRow>>(await call('/api/manage/notices', { pageNum: 1, pageSize: 100, status }, { token: root }));

describe('a notice from draft to withdrawn', () => {
  let id: number;
  const title = `报名通知${tag}`;
  const body =
    '<p onclick="steal()">请于本周内报名。</p><script>alert(1)</script><img src="https://evil.example/x.png">';

  it('is kept as a draft: shown on no site, listed under 草稿', async () => {
    const saved = ok<NoticeAdminDetail>(
      await call('/api/manage/noticeWrite', { title, body, audiences: ['general'] }, { token: root }),
    );
    id = saved.id;
    made.notices.push(id);
    expect(saved).toMatchObject({ status: 'draft', publishedAt: null, audiences: ['general'], body });
    const view = await publicView(id);
    expect(view).toMatchObject({ listed: null, onHome: false, detailCode: 1004 });
    expect((await adminList('draft')).list.map((n) => n.id)).toContain(id);
    expect((await adminList('published')).list.map((n) => n.id)).not.toContain(id);
  });

  it('is previewed as the public page will show it: sanitised', async () => {
    const { bodyHtml } = ok<{ bodyHtml: string }>(await call('/api/manage/noticePreview', { body }, { token: root }));
    expect(bodyHtml).toContain('请于本周内报名。');
    expect(bodyHtml).not.toMatch(/script|onclick|evil\.example/);
    expect(ok<NoticeAdminDetail>(await call('/api/manage/notice', { id }, { token: root })).bodyHtml).toBe(bodyHtml);
  });

  it('is published: in the public list, its detail and the home module at once', async () => {
    const row = ok<NoticeAdminRow>(await call('/api/manage/noticeAction', { id, action: 'publish' }, { token: root }));
    expect(row.status).toBe('published');
    expect(row.publishedAt).not.toBeNull();
    const view = await publicView(id);
    expect(view.listed).toMatchObject({ title, isTop: false });
    expect(view.onHome).toBe(true);
    expect(view.detail?.bodyHtml).not.toMatch(/script|onclick/);
    // The general audience: the student site shows it too.
    expect((await publicView(id, student)).listed).not.toBeNull();
  });

  it('is pinned (置顶) and unpinned: the public list follows', async () => {
    ok(await call('/api/manage/noticeAction', { id, action: 'pin' }, { token: root }));
    const pinned = ok<Page<NoticeItem>>(await call('/api/msgMessageinfo/list', { pageNum: 1, pageSize: 100 }));
    const mine = pinned.list.findIndex((n) => n.id === id);
    expect(pinned.list[mine].isTop).toBe(true);
    // Pinned notices come first.
    expect(pinned.list.slice(0, mine).every((n) => n.isTop)).toBe(true);
    ok(await call('/api/manage/noticeAction', { id, action: 'unpin' }, { token: root }));
    expect((await publicView(id)).listed?.isTop).toBe(false);
  });

  it('is changed while published: the public detail shows the change', async () => {
    const changed = ok<NoticeAdminDetail>(
      await call(
        '/api/manage/noticeWrite',
        { id, title: `${title}（更正）`, body: '更正后的内容', audiences: ['party'] },
        { token: root },
      ),
    );
    expect(changed.status).toBe('published');
    expect((await publicView(id)).detail?.title).toBe(`${title}（更正）`);
    // Now for the party audience: off the student site, on the party site.
    expect((await publicView(id, party)).listed).not.toBeNull();
    expect((await publicView(id, student)).listed).toBeNull();
  });

  it('is withdrawn: gone from every public view, kept for the publisher with its sites', async () => {
    const row = ok<NoticeAdminRow>(await call('/api/manage/noticeAction', { id, action: 'withdraw' }, { token: root }));
    expect(row).toMatchObject({ status: 'withdrawn', audiences: ['party'] });
    expect(await publicView(id)).toMatchObject({ listed: null, onHome: false, detailCode: 1004 });
    expect((await publicView(id, party)).listed).toBeNull();
    expect((await adminList('withdrawn')).list.map((n) => n.id)).toContain(id);
    // Withdrawn once: again is refused.
    expect((await call('/api/manage/noticeAction', { id, action: 'withdraw' }, { token: root })).msg).toBe(
      '该公告未发布，无需撤回',
    );
  });

  it('is published again on the sites it had; each step is in the operations log', async () => {
    ok(await call('/api/manage/noticeAction', { id, action: 'publish' }, { token: root }));
    const logged = await (
      await db()
    )
      .select({ detail: operationLogs.detail, outcome: operationLogs.outcome })
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'notice-publish'), eq(operationLogs.target, `notice:${id}`)));
    expect(logged.map((l) => l.detail)).toEqual(
      expect.arrayContaining([`save ${title}`, 'publish', 'pin', 'unpin', 'withdraw']),
    );
    expect((await publicView(id, party)).listed).not.toBeNull();
    expect((await publicView(id, student)).listed).toBeNull();
  });
});

describe('who may publish, and what is refused', () => {
  it('needs the power over the whole institution: a unit publisher and a learner get 1003', async () => {
    const body = { title: `越权${tag}`, body: '正文', publish: true };
    expect(await call('/api/manage/noticeWrite', body, { token: unitPublisher })).toMatchObject({
      code: 1003,
      msg: '没有该单位的管理权限',
    });
    expect(await call('/api/manage/notices', { pageNum: 1 }, { token: learner })).toMatchObject({
      code: 1003,
      msg: '没有管理权限',
    });
    expect((await call('/api/manage/noticeAction', { id: 1, action: 'withdraw' }, { token: learner })).code).toBe(1003);
  });

  it('names a bad field in Chinese', async () => {
    expect((await call('/api/manage/noticeWrite', { title: '  ', body: 'x' }, { token: root })).msg).toBe(
      '参数错误：title 请填写公告标题',
    );
    expect((await call('/api/manage/noticeWrite', { title: 't', audiences: [] }, { token: root })).msg).toBe(
      '参数错误：audiences 请选择发布站点',
    );
    expect((await callRaw('/api/manage/noticeAction', { id: 1, action: 'delete' }, { token: root })).msg).toMatch(
      /^参数错误：action/,
    );
    expect((await call('/api/manage/notice', { id: 2_000_000_000 }, { token: root })).code).toBe(1004);
  });
});

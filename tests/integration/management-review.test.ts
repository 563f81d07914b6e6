/**
 * 课程审核 (issue 25) on data made here: unit A (with sub-unit A1) and unit B, a creator in A1 and one in B, a
 * reviewer holding 单位管理员 over A, the demo `manager` over the whole institution, and a learner. The queue is
 * scoped and paged, the preview shows the chapters, a submitted course's video plays whole for its reviewer only,
 * rejecting needs a reason, and the teacher reads the outcome in the creation centre. Everything made is removed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { courseChapters, courses, operators, orgs, roleGrants, roles } from '@/lib/server/db/schema';
import type { CallResult } from '@/lib/server/http/dispatch';
import { testClient } from '../support/client';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { chapterMedia } from '@/lib/server/http/media-route';
import { handleUpload, serveFile } from '@/lib/server/http/streaming';
import type { Page } from '@/lib/contract/home';
import type { ReviewPreview, ReviewQueueRow } from '@/lib/contract/review';
import type { CreationCourseRow, UploadedFile } from '@/lib/contract/spaces';
import { COURSE_NOT_PENDING_MSG, REVIEW_REASON_REQUIRED_MSG } from '@/lib/contract/spaces';

// The demo clip's HLS package is copied into the file store on first play.
const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'management-review-'));
process.env.UPLOAD_DIR = uploadDir;
const { call } = testClient({ ip: '10.0.25.2' });
const ok = <T>(res: CallResult): T => {
  if (res.code !== 0) throw new Error(`expected success, got ${res.code} ${res.msg}`);
  return res.data as T;
};
const media = (chapterId: number, token: string | null) =>
  chapterMedia(
    new Request(`http://localhost/media/chapter/${chapterId}`, {
      method: 'HEAD',
      headers: token ? { 'x-access-token': token, range: 'bytes=0-0' } : { range: 'bytes=0-0' },
    }),
    String(chapterId),
  );

const tag = randomBytes(3).toString('hex');
const made = { orgs: [] as number[], operators: [] as number[], courses: [] as number[] };
let tokens: Record<'reviewerA' | 'root' | 'learner' | 'creatorA' | 'creatorB', string>;
let courseA: number[];
let courseB: number;
let chapterA: number;

beforeAll(async () => {
  const d = await db();
  const [a] = await d
    .insert(orgs)
    .values({ name: `审核甲${tag}` })
    .returning({ id: orgs.id });
  const [a1] = await d
    .insert(orgs)
    .values({ name: `审核甲一${tag}`, parentId: a.id })
    .returning({ id: orgs.id });
  const [b] = await d
    .insert(orgs)
    .values({ name: `审核乙${tag}` })
    .returning({ id: orgs.id });
  made.orgs.push(a1.id, a.id, b.id);
  const person = async (key: string, orgId: number | null) => {
    const [row] = await d
      .insert(operators)
      .values({ userId: `${key}_${tag}`, name: `${key}${tag}`, orgId, passwordHash: '!disabled' })
      .returning({ id: operators.id });
    made.operators.push(row.id);
    return row.id;
  };
  const creatorA = await person('creatorA', a1.id);
  const creatorB = await person('creatorB', b.id);
  const reviewerA = await person('reviewerA', null);
  const [contentRole] = await d.select({ id: roles.id }).from(roles).where(eq(roles.name, '内容管理员'));
  await d.insert(roleGrants).values({ operatorId: reviewerA, roleId: contentRole.id, orgId: a.id });
  const submitted = (n: number) => new Date(Date.UTC(2020, 0, 1, 0, n));
  // Three submitted courses of A1 (the oldest first in the queue), one of B, and a draft of A1 never submitted.
  const rows = await d
    .insert(courses)
    .values([
      { title: `甲课一${tag}`, categoryCode: 302, creatorId: creatorA, auditStatus: 1054, submittedAt: submitted(1) },
      { title: `甲课二${tag}`, categoryCode: 302, creatorId: creatorA, auditStatus: 1056, submittedAt: submitted(2) },
      { title: `甲课三${tag}`, categoryCode: 302, creatorId: creatorA, auditStatus: 1054, submittedAt: submitted(3) },
      { title: `乙课${tag}`, categoryCode: 301, creatorId: creatorB, auditStatus: 1054, submittedAt: submitted(0) },
      { title: `甲草稿${tag}`, categoryCode: 302, creatorId: creatorA, auditStatus: 1051 },
    ])
    .returning({ id: courses.id });
  made.courses.push(...rows.map((r) => r.id));
  courseA = rows.slice(0, 3).map((r) => r.id);
  courseB = rows[3].id;
  const [ch] = await d
    .insert(courseChapters)
    .values({ courseId: courseA[0], sort: 1, title: `第一讲${tag}`, media: 'demo-1', durationSeconds: 300 })
    .returning({ id: courseChapters.id });
  chapterA = ch.id;
  const [root] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'manager'));
  const [learner] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'learner'));
  tokens = {
    reviewerA: await createSession(reviewerA),
    root: await createSession(root.id),
    learner: await createSession(learner.id),
    creatorA: await createSession(creatorA),
    creatorB: await createSession(creatorB),
  };
}, 60_000);

afterAll(async () => {
  const d = await db();
  await d.delete(courses).where(inArray(courses.id, made.courses));
  await d.delete(roleGrants).where(inArray(roleGrants.operatorId, made.operators));
  await d.delete(operators).where(inArray(operators.id, made.operators));
  for (const id of made.orgs) await d.delete(orgs).where(eq(orgs.id, id));
  await closeDb();
  rmSync(uploadDir, { recursive: true, force: true });
});

const queue = (token: string, pageNum = 1, pageSize = 100) =>
  call('/api/manage/reviewQueue', { pageNum, pageSize }, { token });
const mine = (p: Page<ReviewQueueRow>) => p.list.filter((c) => made.courses.includes(c.courseId));

describe('the queue', () => {
  it("holds the submitted courses of the reviewer's units (sub-units too), oldest first, never B's or a draft", async () => {
    const page = ok<Page<ReviewQueueRow>>(await queue(tokens.reviewerA));
    expect(mine(page).map((c) => c.courseId)).toEqual(courseA);
    expect(mine(page)[0]).toMatchObject({
      title: `甲课一${tag}`,
      categoryName: '学术前沿',
      auditStatus: 1054,
      auditLabel: '审批中',
      creatorName: `creatorA${tag}`,
      orgName: `审核甲一${tag}`,
    });
    expect(mine(page)[1].auditLabel).toBe('已修改');
    // The whole institution's reviewer sees B's course too.
    const all = ok<Page<ReviewQueueRow>>(await queue(tokens.root));
    expect(mine(all).map((c) => c.courseId)).toEqual([courseB, ...courseA]);
  });

  it('is paged', async () => {
    const first = ok<Page<ReviewQueueRow>>(await queue(tokens.reviewerA, 1, 2));
    const second = ok<Page<ReviewQueueRow>>(await queue(tokens.reviewerA, 2, 2));
    expect(first.list).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(second.pageNum).toBe(2);
    // The pages follow one another: nothing twice.
    const ids = [...first.list, ...second.list].map((c) => c.courseId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is refused without the power (1003, 没有审核权限), and names a bad page size in Chinese', async () => {
    const refused = await queue(tokens.learner);
    expect(refused).toMatchObject({ code: 1003, msg: '没有审核权限' });
    const bad = await call('/api/manage/reviewQueue', { pageNum: 1, pageSize: 0 }, { token: tokens.root });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toMatch(/^参数错误：pageSize/);
  });
});

describe('the preview', () => {
  it('shows the basic information and the chapters as the player does', async () => {
    const p = ok<ReviewPreview>(
      await call('/api/manage/reviewPreview', { courseId: courseA[0] }, { token: tokens.reviewerA }),
    );
    expect(p).toMatchObject({ courseId: courseA[0], title: `甲课一${tag}`, audiences: ['general'] });
    expect(p.chapters).toEqual([
      expect.objectContaining({ id: chapterA, title: `第一讲${tag}`, kind: 'video', playable: true, duration: 300 }),
    ]);
  });

  it('refuses a course of another unit (1003) and one that does not exist (1004)', async () => {
    const other = await call('/api/manage/reviewPreview', { courseId: courseB }, { token: tokens.reviewerA });
    expect(other).toMatchObject({ code: 1003, msg: '没有该单位的管理权限' });
    expect((await call('/api/manage/reviewPreview', { courseId: 2_000_000_000 }, { token: tokens.root })).code).toBe(
      1004,
    );
    expect((await call('/api/manage/reviewPreview', { courseId: courseA[0] }, { token: tokens.learner })).code).toBe(
      1003,
    );
  });

  it("plays the whole video to its reviewer and creator only (the power over the creator's unit)", async () => {
    const reviewer = await media(chapterA, tokens.reviewerA);
    expect(reviewer.status).toBe(206);
    expect(reviewer.headers.get('x-media-rendition')).toBe('full');
    expect((await media(chapterA, tokens.creatorA)).headers.get('x-media-rendition')).toBe('full');
    expect((await media(chapterA, tokens.root)).headers.get('x-media-rendition')).toBe('full');
    // Another unit's creator, a learner and a visitor: the course is not in the catalogue.
    expect((await media(chapterA, tokens.creatorB)).status).toBe(404);
    expect((await media(chapterA, tokens.learner)).status).toBe(404);
    expect((await media(chapterA, null)).status).toBe(404);
  });

  it('gives its reviewer a play ticket for the whole video (the player path); a learner none', async () => {
    const ticket = ok<{ scope: string; master: string | null }>(
      await call('/api/course/playTicket', { chapterId: chapterA }, { token: tokens.reviewerA }),
    );
    expect(ticket.scope).toBe('full');
    expect(ticket.master).toMatch(new RegExp(`^/media/hls/${chapterA}/master.m3u8\\?t=`));
    expect((await call('/api/course/playTicket', { chapterId: chapterA }, { token: tokens.learner })).code).toBe(1004);
  });
});

describe("a submitted course's cover", () => {
  const PNG_1PX = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const fetchAs = (url: string, token: string | null) =>
    serveFile(
      new Request(`http://localhost${url}`, { headers: token ? { 'x-access-token': token } : {} }),
      url.split('/').pop()!,
    );

  it('is shown to its reviewer and creator, not to a reviewer of another unit or a visitor', async () => {
    const fd = new FormData();
    // Distinct bytes per run: a file is stored once per content.
    fd.append('file', new Blob([new Uint8Array(Buffer.concat([PNG_1PX, Buffer.from(tag)]))]), '封面.png');
    const res = await handleUpload(
      new Request('http://localhost/api/resourceFile/uploadFile', {
        method: 'POST',
        body: fd,
        headers: { 'x-access-token': tokens.creatorA },
      }),
      'uploadFile',
    );
    const cover = ((await res.json()) as { data: UploadedFile }).data;
    await (await db()).update(courses).set({ cover: cover.url }).where(eq(courses.id, courseA[0]));
    expect((await fetchAs(cover.url, tokens.reviewerA)).headers.get('content-type')).toBe('image/png');
    expect((await fetchAs(cover.url, tokens.creatorA)).status).toBe(200);
    expect((await fetchAs(cover.url, tokens.creatorB)).status).toBe(404);
    expect((await fetchAs(cover.url, null)).status).toBe(404);
  });
});

describe('the decision', () => {
  it('needs a reason to reject or return; is refused for another unit', async () => {
    const noReason = await call(
      '/api/course/audit',
      { courseId: courseA[2], auditStatus: 1053, reason: '  ' },
      { token: tokens.reviewerA },
    );
    expect(noReason.msg).toBe(REVIEW_REASON_REQUIRED_MSG);
    const other = await call(
      '/api/course/audit',
      { courseId: courseB, auditStatus: 1052, reason: '' },
      { token: tokens.reviewerA },
    );
    expect(other.code).toBe(1003);
    expect(
      (await call('/api/course/audit', { courseId: courseA[2], auditStatus: 1052 }, { token: tokens.learner })).code,
    ).toBe(1003);
  });

  it('rejects with a reason (1053): out of the queue, the teacher reads the reason in the creation centre', async () => {
    ok(
      await call(
        '/api/course/audit',
        { courseId: courseA[2], auditStatus: 1053, reason: '课程简介过短' },
        { token: tokens.reviewerA },
      ),
    );
    const page = ok<Page<ReviewQueueRow>>(await queue(tokens.reviewerA));
    expect(mine(page).map((c) => c.courseId)).not.toContain(courseA[2]);
    const own = ok<Page<CreationCourseRow>>(
      await call('/api/resourceFile/myCourses', { pageNum: 1, pageSize: 50 }, { token: tokens.creatorA }),
    );
    expect(own.list.find((c) => c.courseId === courseA[2])).toMatchObject({
      auditStatus: 1053,
      auditLabel: '审核不通过',
      auditReason: '课程简介过短',
    });
    // Decided once: a second decision is refused.
    const again = await call(
      '/api/course/audit',
      { courseId: courseA[2], auditStatus: 1052 },
      { token: tokens.reviewerA },
    );
    expect(again.msg).toBe(COURSE_NOT_PENDING_MSG);
  });

  it('approves (1052): out of the queue and published', async () => {
    ok(
      await call(
        '/api/course/audit',
        { courseId: courseA[1], auditStatus: 1052, reason: '' },
        { token: tokens.reviewerA },
      ),
    );
    const page = ok<Page<ReviewQueueRow>>(await queue(tokens.reviewerA));
    expect(mine(page).map((c) => c.courseId)).toEqual([courseA[0]]);
    const p = ok<ReviewPreview>(
      await call('/api/manage/reviewPreview', { courseId: courseA[1] }, { token: tokens.reviewerA }),
    );
    expect(p.auditStatus).toBe(1052);
    expect(p.history[0]).toMatchObject({ kind: 'manual', fromStatus: 1056, toStatus: 1052 });
  });
});

/**
 * The creation centre and review (issue 6 points 2, 5, 7): updateBasic/getBasic, chapters, submit under
 * each audit setting, the manager's review endpoint, SPEC 4.5 labels, the course reaching the lists,
 * removal; a second account whose every write on the teacher's course is refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { testClient, type TestClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { operators, siteSettings } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { JOBS } from '@/lib/server/jobs';
import { drainJobs } from '@/lib/server/job-workers';
import { playableVideo } from '../fixtures/playable-video';
import { handleUpload } from '@/lib/server/http/streaming';
import type { CreationCourse, SpaceDetail, UploadedFile, UploadProgress } from '@/lib/contract/spaces';
import type { CourseCard } from '@/lib/contract/home';
import type { Audience, Site } from '@/lib/variants';
import { OWN_FILES_ONLY_MSG, REVIEW_REASON_REQUIRED_MSG } from '@/lib/contract/spaces';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'spaces-creation-'));
process.env.UPLOAD_DIR = uploadDir;
const party: Site = { variant: 'party', dx: false };
const client = testClient();
const { callRaw } = client;
/** A submission is made once the chapters' videos are transcoded (a worker would have run the jobs by then). */
const call: TestClient['call'] = async (p, ...args) => {
  if (p === '/api/resourceFile/submit') await drainJobs({ names: [JOBS.hlsTranscode] });
  return client.call(p, ...args);
};
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

async function account(userId: string) {
  const [op] = await (
    await db()
  )
    .select({ id: operators.id, tchrId: operators.tchrId })
    .from(operators)
    .where(eq(operators.userId, userId));
  return { ...op, token: await createSession(op.id) };
}

async function upload(
  action: 'uploadFile' | 'uploadCourseWareFile',
  tok: string,
  file: Buffer,
  name: string,
): Promise<UploadedFile> {
  const fd = new FormData();
  if (action === 'uploadCourseWareFile') {
    for (const [k, v] of Object.entries({
      fileMd5: md5(file),
      fileSize: file.length,
      chunkSize: 1024 * 1024,
      chunkIndex: 0,
      chunkMd5: md5(file),
    }))
      fd.append(k, String(v));
  }
  fd.append('file', new Blob([new Uint8Array(file)]), name);
  const res = await handleUpload(
    new Request(`http://localhost/api/resourceFile/${action}`, {
      method: 'POST',
      body: fd,
      headers: { 'x-access-token': tok },
    }),
    action,
  );
  const env = (await res.json()) as { code: number; msg: string; data: UploadedFile | UploadProgress };
  if (env.code !== 0) throw new Error(env.msg);
  return action === 'uploadFile' ? (env.data as UploadedFile) : (env.data as UploadProgress).file!;
}

// A real video (its HLS transcoding must succeed before the course is submitted), distinct per seed.
const video = (seed: number) => playableVideo(50_000 + seed, seed + randomBytes(4).readUInt32BE(0));
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]);

async function setAudit(isMachine: boolean, isManual: boolean) {
  await (
    await db()
  )
    .insert(siteSettings)
    .values({ key: 'auditSetting', value: { isMachine, isManual } })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: { isMachine, isManual } } });
}

let teacher: Awaited<ReturnType<typeof account>>;
let other: Awaited<ReturnType<typeof account>>;
let manager: Awaited<ReturnType<typeof account>>;

beforeAll(async () => {
  teacher = await account('teacher');
  other = await account('learner');
  manager = await account('manager');
}, 120_000);
afterAll(async () => {
  await setAudit(true, false);
  await closeDb();
  rmSync(uploadDir, { recursive: true, force: true });
});

async function makeCourse(title: string, audiences: Audience[] = ['general']) {
  const cover = await upload('uploadFile', teacher.token, png(), '封面.png');
  const basic = await call(
    '/api/resourceFile/updateBasic',
    { title, categoryCode: 302, cover: cover.url, summary: '本课程介绍量子计算的基本原理与最新进展。', audiences },
    { token: teacher.token },
  );
  expect(basic.code).toBe(0);
  const courseId = (basic.data as { courseId: number }).courseId;
  const file = await upload('uploadCourseWareFile', teacher.token, video(title.length), '第一讲.mp4');
  const ch = await call(
    '/api/resourceFile/saveChapter',
    { courseId, title: '第一讲 导论', fileId: file.fileId, durationSeconds: 600 },
    { token: teacher.token },
  );
  expect(ch.code).toBe(0);
  return { courseId, file, cover: cover.url };
}

describe('basic information', () => {
  it('validates title and category 301-306 in Chinese', async () => {
    const noTitle = await call(
      '/api/resourceFile/updateBasic',
      { title: ' ', categoryCode: 301 },
      { token: teacher.token },
    );
    expect(noTitle.msg).toBe('参数错误：title 请填写课程名称');
    const badCat = await call(
      '/api/resourceFile/updateBasic',
      { title: '课程', categoryCode: 399 },
      { token: teacher.token },
    );
    expect(badCat.msg).toBe('参数错误：categoryCode 请选择课程分类');
    const badCover = await call(
      '/api/resourceFile/updateBasic',
      { title: '课程', categoryCode: 301, cover: 'javascript:alert(1)' },
      { token: teacher.token },
    );
    expect(badCover.msg).toBe('参数错误：cover 封面地址不正确');
  });

  it('creates a course as not reviewed (1051) and reads it back with getBasic', async () => {
    const { courseId } = await makeCourse('量子计算导论（测试）');
    const basic = (await call('/api/resourceFile/getBasic', { courseId }, { token: teacher.token }))
      .data as CreationCourse;
    expect(basic).toMatchObject({
      title: '量子计算导论（测试）',
      categoryCode: 302,
      auditStatus: 1051,
      auditLabel: '未审核',
      submitted: false,
    });
    expect(basic.chapters).toHaveLength(1);
    expect(basic.chapters[0]).toMatchObject({ title: '第一讲 导论', fileName: '第一讲.mp4' });
  });

  it('keeps the summary as typed: tags stay text on the course page and in the edit form', async () => {
    const { courseId, cover } = await makeCourse('摘要原样课程');
    const summary = '本课程讲解<b>标签</b>与 a<b 且 c>d 的写法。\n第二段：量子比特的基本原理与最新进展。';
    expect(
      (
        await call(
          '/api/resourceFile/updateBasic',
          { courseId, title: '摘要原样课程', categoryCode: 302, cover, summary },
          { token: teacher.token },
        )
      ).code,
    ).toBe(0);
    const basic = (await call('/api/resourceFile/getBasic', { courseId }, { token: teacher.token }))
      .data as CreationCourse;
    expect(basic.summary).toBe(summary);
    await setAudit(true, false);
    expect((await call('/api/resourceFile/submit', { courseId }, { token: teacher.token })).data).toMatchObject({
      auditStatus: 1052,
    });
    const detail = (await call('/api/course/detail', { id: courseId })).data as { summaryHtml: string };
    expect(detail.summaryHtml).toBe(
      '<p>本课程讲解&lt;b&gt;标签&lt;/b&gt;与 a&lt;b 且 c&gt;d 的写法。</p><p>第二段：量子比特的基本原理与最新进展。</p>',
    );
  });
});

describe('review per the audit setting', () => {
  it('machine review only: approved at once (1052), shown in the lists and the teacher space', async () => {
    await setAudit(true, false);
    const { courseId } = await makeCourse('机器审核课程', ['general', 'party']);
    const res = await call('/api/resourceFile/submit', { courseId }, { token: teacher.token });
    expect(res.data).toMatchObject({ auditStatus: 1052, auditLabel: '审核通过' });
    const list = (await call('/api/course/homeList', { categoryCode: 302, pageSize: 24 })).data as CourseCard[];
    expect(list.map((c) => c.id)).toContain(courseId);
    const space = (await call('/api/space/detail', { kind: 'teacher', id: teacher.tchrId! }, { site: party }))
      .data as SpaceDetail;
    expect(space.created?.map((c) => c.id)).toContain(courseId);
  });

  it('machine review refuses an incomplete course (1053, with the reason)', async () => {
    await setAudit(true, false);
    const basic = await call(
      '/api/resourceFile/updateBasic',
      { title: '没有封面的课程', categoryCode: 301, summary: '短' },
      { token: teacher.token },
    );
    const courseId = (basic.data as { courseId: number }).courseId;
    expect((await call('/api/resourceFile/submit', { courseId }, { token: teacher.token })).msg).toBe(
      '请至少添加一个章节',
    );
    const file = await upload('uploadCourseWareFile', teacher.token, video(3), 'a.mp4');
    await call(
      '/api/resourceFile/saveChapter',
      { courseId, title: '第一讲', fileId: file.fileId },
      { token: teacher.token },
    );
    const res = await call('/api/resourceFile/submit', { courseId }, { token: teacher.token });
    expect(res.data).toMatchObject({ auditStatus: 1053, auditLabel: '审核不通过', auditReason: '请上传课程封面' });
  });

  it('manual review: in approval (1054) until a manager decides; returned (1055), changed (1056), approved (1052)', async () => {
    await setAudit(true, true);
    const { courseId, cover } = await makeCourse('人工审核课程');
    expect((await call('/api/resourceFile/submit', { courseId }, { token: teacher.token })).data).toMatchObject({
      auditStatus: 1054,
      auditLabel: '审批中',
    });
    expect(
      (await call('/api/course/homeList', { categoryCode: 302, pageSize: 24 })).data as CourseCard[],
    ).not.toContainEqual(expect.objectContaining({ id: courseId }));
    // while in approval the teacher cannot change it
    expect(
      (
        await call(
          '/api/resourceFile/updateBasic',
          { courseId, title: '改名', categoryCode: 302 },
          { token: teacher.token },
        )
      ).msg,
    ).toBe('课程审批中，暂不能修改');
    // only a manager reviews
    expect((await call('/api/course/audit', { courseId, auditStatus: 1052 }, { token: teacher.token })).msg).toBe(
      '没有审核权限',
    );
    expect((await call('/api/course/auditList', {}, { token: manager.token })).data).toContainEqual(
      expect.objectContaining({ courseId, auditStatus: 1054 }),
    );
    expect((await call('/api/course/audit', { courseId, auditStatus: 1055 }, { token: manager.token })).msg).toBe(
      REVIEW_REASON_REQUIRED_MSG,
    );
    expect((await callRaw('/api/course/audit', { courseId, auditStatus: 1051 }, { token: manager.token })).msg).toMatch(
      /参数错误：auditStatus/,
    );
    expect(
      (
        await call(
          '/api/course/audit',
          { courseId, auditStatus: 1055, reason: '请补充课程简介' },
          { token: manager.token },
        )
      ).data,
    ).toMatchObject({ auditStatus: 1055, auditLabel: '退回修改' });
    await call(
      '/api/resourceFile/updateBasic',
      {
        courseId,
        title: '人工审核课程（修改后）',
        categoryCode: 302,
        cover,
        summary: '补充后的课程简介，介绍课程内容与目标。',
      },
      { token: teacher.token },
    );
    expect(
      ((await call('/api/resourceFile/getBasic', { courseId }, { token: teacher.token })).data as CreationCourse)
        .auditLabel,
    ).toBe('已修改');
    expect((await call('/api/resourceFile/submit', { courseId }, { token: teacher.token })).data).toMatchObject({
      auditStatus: 1056,
    });
    expect(
      (await call('/api/course/audit', { courseId, auditStatus: 1052, reason: '' }, { token: manager.token })).data,
    ).toMatchObject({ auditStatus: 1052 });
    expect(
      ((await call('/api/course/homeList', { categoryCode: 302, pageSize: 24 })).data as CourseCard[]).map((c) => c.id),
    ).toContain(courseId);
    const trail = (
      (await call('/api/resourceFile/getBasic', { courseId }, { token: teacher.token })).data as CreationCourse
    ).audits.map((a) => a.toStatus);
    expect(trail).toEqual(expect.arrayContaining([1054, 1055, 1056, 1052]));
  });

  it('a change sends an approved or refused course back to not reviewed without the old review comment; a returned one keeps the request', async () => {
    await setAudit(true, false);
    const { courseId, cover } = await makeCourse('修改后重审课程');
    expect((await call('/api/resourceFile/submit', { courseId }, { token: teacher.token })).data).toMatchObject({
      auditStatus: 1052,
    });
    const basicOf = async () =>
      (await call('/api/resourceFile/getBasic', { courseId }, { token: teacher.token })).data as CreationCourse;
    expect(await basicOf()).toMatchObject({ auditStatus: 1052, auditReason: '机器审核通过' });
    const edit = (summary: string) =>
      call(
        '/api/resourceFile/updateBasic',
        { courseId, title: '修改后重审课程', categoryCode: 302, cover, summary },
        { token: teacher.token },
      );
    expect((await edit('修改后的课程简介，介绍课程内容与学习目标。')).code).toBe(0);
    expect(await basicOf()).toMatchObject({
      auditStatus: 1051,
      auditLabel: '未审核',
      submitted: false,
      auditReason: '',
    });
    // refused by the machine review, then changed
    await call(
      '/api/resourceFile/updateBasic',
      { courseId, title: '修改后重审课程', categoryCode: 302, cover, summary: '赌博' },
      { token: teacher.token },
    );
    expect((await call('/api/resourceFile/submit', { courseId }, { token: teacher.token })).data).toMatchObject({
      auditStatus: 1053,
      auditReason: '课程简介不少于10个字',
    });
    expect((await edit('修改后的课程简介，介绍课程内容与学习目标。')).code).toBe(0);
    expect(await basicOf()).toMatchObject({ auditStatus: 1051, auditReason: '' });
    // returned for change by a manager: the change answers the request, which stays in view
    await setAudit(true, true);
    await call('/api/resourceFile/submit', { courseId }, { token: teacher.token });
    await call(
      '/api/course/audit',
      { courseId, auditStatus: 1055, reason: '请补充课程简介' },
      { token: manager.token },
    );
    expect((await edit('再次补充后的课程简介，介绍课程内容与学习目标。')).code).toBe(0);
    expect(await basicOf()).toMatchObject({ auditStatus: 1056, auditReason: '请补充课程简介' });
    await setAudit(true, false);
  });

  it('machine review only: a word it cannot judge sends the course to a person, who approves it', async () => {
    await setAudit(true, false);
    const { courseId } = await makeCourse('网络赌博的危害与防范');
    const submitted = (await call('/api/resourceFile/submit', { courseId }, { token: teacher.token })).data;
    expect(submitted).toMatchObject({
      auditStatus: 1054,
      auditLabel: '审批中',
      auditReason: '内容含需人工核对的词语“赌博”，已转人工审核',
    });
    expect((await call('/api/course/auditList', {}, { token: manager.token })).data).toContainEqual(
      expect.objectContaining({ courseId, auditStatus: 1054 }),
    );
    expect(
      (await call('/api/course/audit', { courseId, auditStatus: 1052, reason: '' }, { token: manager.token })).data,
    ).toMatchObject({ auditStatus: 1052 });
    expect(
      ((await call('/api/course/homeList', { categoryCode: 302, pageSize: 24 })).data as CourseCard[]).map((c) => c.id),
    ).toContain(courseId);
  });

  it('neither machine nor manual: approved on submission', async () => {
    await setAudit(false, false);
    const { courseId } = await makeCourse('免审课程');
    expect((await call('/api/resourceFile/submit', { courseId }, { token: teacher.token })).data).toMatchObject({
      auditStatus: 1052,
    });
    await setAudit(true, false);
  });
});

describe('a second account: every write on the teacher’s course is refused', () => {
  it('getBasic, updateBasic, chapters, submit, remove; and the teacher’s file cannot be attached elsewhere', async () => {
    await setAudit(true, false);
    const { courseId, file } = await makeCourse('他人不可修改的课程');
    const t = other.token;
    for (const [p, body] of [
      ['/api/resourceFile/getBasic', { courseId }],
      ['/api/resourceFile/updateBasic', { courseId, title: '篡改', categoryCode: 301 }],
      ['/api/resourceFile/saveChapter', { courseId, title: '篡改', fileId: file.fileId }],
      ['/api/resourceFile/submit', { courseId }],
      ['/api/resourceFile/removeCourse', { courseId }],
    ] as const) {
      const res = await call(p, body, { token: t });
      expect(`${p} ${res.code}`).not.toBe(`${p} 0`);
      expect(res.msg).toBe('只能修改自己创建的课程');
    }
    const chapterId = (
      (await call('/api/resourceFile/getBasic', { courseId }, { token: teacher.token })).data as CreationCourse
    ).chapters[0].id;
    expect((await call('/api/resourceFile/removeChapter', { chapterId }, { token: t })).msg).toBe(
      '只能修改自己创建的课程',
    );
    const own = await call('/api/resourceFile/updateBasic', { title: '我的课程', categoryCode: 301 }, { token: t });
    const mine = (own.data as { courseId: number }).courseId;
    expect(
      (
        await call(
          '/api/resourceFile/saveChapter',
          { courseId: mine, title: '借用', fileId: file.fileId },
          { token: t },
        )
      ).msg,
    ).toBe(OWN_FILES_ONLY_MSG);
    expect((await call('/api/resourceFile/getBasic', { courseId }, { token: teacher.token })).code).toBe(0);
    expect((await call('/api/resourceFile/removeCourse', { courseId: mine }, { token: t })).code).toBe(0);
    expect((await call('/api/resourceFile/removeCourse', { courseId }, { token: teacher.token })).code).toBe(0);
    expect((await call('/api/resourceFile/getBasic', { courseId }, { token: teacher.token })).msg).toBe('课程不存在');
  });
});

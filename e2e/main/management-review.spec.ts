import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signInFresh } from '../support/accounts';
import { generatedVideo, PNG_1PX, signIn } from '../support/spaces';
import { takeTurns } from '../support/demo-accounts';

takeTurns(test, ['manager']);

/**
 * 课程审核 and 通知公告发布 (issue 25) as a manager uses them. A fresh creator submits two courses (a word the
 * machine review cannot judge sends each to a person); a fresh reviewer, given 系统管理员 over the whole institution
 * by the demo `manager` (signed in once, briefly), opens 课程审核, previews a course and plays its chapter, is told a
 * rejection needs a reason, rejects one with a reason and approves the other; the creator reads the outcome in the
 * creation centre. Then the reviewer writes, previews and publishes a notice that shows on the public notice list,
 * and withdraws it. At the end the courses are removed and the grant revoked.
 */
test.describe.configure({ mode: 'serial' });

const STAMP = Date.now().toString(36).slice(-6);
const REJECTED = `远离赌博 审核一 ${STAMP}`;
const APPROVED = `远离赌博 审核二 ${STAMP}`;
const NOTICE = `端到端公告 ${STAMP}`;
const REASON = '课程简介过于简略，请补充';

type Env<T = unknown> = { code: number; msg: string; data: T };
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const env = (await (await request.post(path, { data })).json()) as Env<T>;
  expect(env.code, `${path}: ${env.msg}`).toBe(0);
  return env.data;
}

/** A course with a cover, a summary and one uploaded video chapter, submitted once its video is transcoded. */
async function submittedCourse(request: APIRequestContext, title: string, seed: number): Promise<number> {
  const cover = (await (
    await request.post('/api/resourceFile/uploadFile', {
      multipart: { file: { name: '封面.png', mimeType: 'image/png', buffer: PNG_1PX } },
    })
  ).json()) as Env<{ url: string }>;
  expect(cover.code, cover.msg).toBe(0);
  const { courseId } = await post<{ courseId: number }>(request, '/api/resourceFile/updateBasic', {
    title,
    categoryCode: 302,
    cover: cover.data.url,
    summary: '本课程讲述如何识别和远离赌博，保护自己和家人。',
    audiences: ['general'],
  });
  const video = generatedVideo(60_000 + seed);
  const up = (await (
    await request.post('/api/resourceFile/uploadCourseWareFile', {
      multipart: {
        fileMd5: md5(video),
        fileSize: String(video.length),
        chunkSize: String(1024 * 1024),
        chunkIndex: '0',
        chunkMd5: md5(video),
        file: { name: '第一讲.mp4', mimeType: 'video/mp4', buffer: video },
      },
    })
  ).json()) as Env<{ file: { fileId: number } }>;
  expect(up.code, up.msg).toBe(0);
  await post(request, '/api/resourceFile/saveChapter', {
    courseId,
    title: '第一讲 导论',
    fileId: up.data.file.fileId,
    durationSeconds: 1,
  });
  // Submitted once the chapter's video is packaged for HLS (a job of the server).
  await expect(async () => {
    const env = (await (await request.post('/api/resourceFile/submit', { data: { courseId } })).json()) as Env<{
      auditStatus: number;
    }>;
    expect(env.code, env.msg).toBe(0);
    expect(env.data.auditStatus).toBe(1054);
  }).toPass({ timeout: 90_000, intervals: [1000] });
  return courseId;
}

let creator: BrowserContext;
let courses: number[] = [];

async function newContext(browser: Browser, baseURL: string) {
  return browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  creator = await newContext(browser, baseURL!);
  await signInFresh(creator.request, `审核作者${STAMP}`);
  courses = [await submittedCourse(creator.request, REJECTED, 1), await submittedCourse(creator.request, APPROVED, 2)];
});

test.afterAll(async () => {
  for (const courseId of courses) await creator.request.post('/api/resourceFile/removeCourse', { data: { courseId } });
  await creator.close();
});

test('a reviewer rejects one course with a reason and approves another; then publishes a notice', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The reviewer: a fresh account given 系统管理员 over the whole institution by the demo manager.
  const reviewer = await signInFresh(page.request, `审核员${STAMP}`);
  const admin = await newContext(browser, baseURL!);
  await signIn(admin.request, baseURL!, 'manager', 'Manager_2026');
  const roles = await post<{ id: number; name: string }[]>(admin.request, '/api/manage/roles', {});
  const grant = await post<{ id: number }>(admin.request, '/api/manage/grant', {
    userId: reviewer.email,
    roleId: roles.find((r) => r.name === '系统管理员')!.id,
    orgId: null,
  });
  const grantId = grant.id;
  await admin.close();
  try {
    await reviewAndPublish(page);
  } finally {
    // The reviewer gives the role back (it holds 角色管理 through it).
    await post(page.request, '/api/manage/revoke', { id: grantId });
  }
});

async function reviewAndPublish(page: Page) {
  // 课程审核: the link in the unit area, the queue with both courses.
  await page.goto('/personal/unit');
  await page.getByRole('navigation', { name: '本单位管理' }).getByRole('link', { name: '课程审核' }).click();
  await expect(page).toHaveURL(/\/personal\/review$/);
  const queue = page.getByRole('list', { name: '待审核课程' });
  await expect(queue.getByRole('button', { name: new RegExp(REJECTED) })).toBeVisible();
  await expect(queue.getByRole('button', { name: new RegExp(APPROVED) })).toBeVisible();

  // The preview: basic information and the chapter, played.
  await queue.getByRole('button', { name: new RegExp(REJECTED) }).click();
  const preview = page.getByRole('article');
  await expect(preview.getByRole('heading', { name: REJECTED })).toBeVisible();
  await expect(preview.getByText('分类：学术前沿')).toBeVisible();
  await preview.getByRole('button', { name: /播放\s*第一讲 导论/ }).click();
  const video = page.getByTestId('review-video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect(video).toHaveAttribute('data-rendition', 'full');

  // 不通过 needs a reason; then the 提示 prompt.
  await preview.getByRole('radio', { name: '不通过' }).check();
  await preview.getByRole('button', { name: '提交审核结果' }).click();
  await expect(preview.getByRole('alert')).toHaveText('请填写审核意见');
  await preview.getByLabel(/审核意见/).fill(REASON);
  await preview.getByRole('button', { name: '提交审核结果' }).click();
  const prompt = page.getByRole('alertdialog', { name: '提示' });
  await expect(prompt).toContainText(`确定将课程“${REJECTED}”审核为“不通过”吗？`);
  await prompt.getByRole('button', { name: '确定' }).click();
  await expect(queue.getByRole('button', { name: new RegExp(REJECTED) })).toHaveCount(0);

  // The other: 通过.
  await queue.getByRole('button', { name: new RegExp(APPROVED) }).click();
  await expect(preview.getByRole('heading', { name: APPROVED })).toBeVisible();
  await preview.getByRole('radio', { name: '通过', exact: true }).check();
  await preview.getByRole('button', { name: '提交审核结果' }).click();
  await page.getByRole('alertdialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
  await expect(queue.getByRole('button', { name: new RegExp(APPROVED) })).toHaveCount(0);

  // The creator reads the outcome and the reason in the creation centre.
  const creatorPage = await creator.newPage();
  await creatorPage.goto('/space/creation');
  const rejectedRow = creatorPage.getByRole('row').filter({ hasText: REJECTED });
  await expect(rejectedRow.getByTestId('audit-status')).toHaveText('审核不通过');
  await expect(rejectedRow).toContainText(`审核意见：${REASON}`);
  await expect(creatorPage.getByRole('row').filter({ hasText: APPROVED }).getByTestId('audit-status')).toHaveText(
    '审核通过',
  );
  await creatorPage.close();

  // 通知公告发布: write, preview, publish.
  await page.getByRole('navigation', { name: '本单位管理' }).getByRole('link', { name: '通知公告发布' }).click();
  await expect(page).toHaveURL(/\/personal\/notices$/);
  await page.getByRole('button', { name: '新建公告' }).click();
  await page.getByLabel('公告标题').fill(NOTICE);
  // The toolbar's area takes typing; markup goes through the HTML source.
  await page.getByRole('textbox', { name: '公告内容' }).fill('草稿');
  await page.getByRole('button', { name: 'HTML源码' }).click();
  await page.getByLabel('公告内容（HTML）').fill('<p>请各单位于本周五前报送材料。</p><script>alert(1)</script>');
  await page.getByRole('button', { name: 'HTML源码' }).click();
  await expect(page.getByRole('textbox', { name: '公告内容' })).toHaveText('请各单位于本周五前报送材料。');
  await page.getByRole('button', { name: '预览' }).click();
  const shown = page.getByRole('region', { name: '公告预览' });
  await expect(shown.getByRole('heading', { name: NOTICE })).toBeVisible();
  await expect(shown).toContainText('请各单位于本周五前报送材料。');
  await expect(shown).not.toContainText('alert(1)');
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await page.getByRole('alertdialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
  const row = page.getByRole('row').filter({ hasText: NOTICE });
  await expect(row).toContainText('已发布');

  // The public notice list shows it at once.
  await page.goto('/notice/index');
  await expect(page.getByRole('link', { name: NOTICE })).toBeVisible();

  // Withdrawn again: the public list no longer has it.
  await page.goto('/personal/notices');
  await page.getByRole('row').filter({ hasText: NOTICE }).getByRole('button', { name: /撤回/ }).click();
  await page.getByRole('alertdialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('row').filter({ hasText: NOTICE })).toContainText('已撤回');
  await page.goto('/notice/index');
  await expect(page.getByRole('heading', { name: '通知公告' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: NOTICE })).toHaveCount(0);
}

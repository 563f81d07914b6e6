import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { generatedVideo, PNG_1PX, signIn, signInInPage } from '../support/spaces';
import { takeTurns } from '../support/demo-accounts';

takeTurns(test, ['manager', 'teacher']);

/**
 * Issue 6 point 7, as people use it. One serial file: a newer sign-in of the same account ends the older
 * session (SPEC 4.1), so the accounts used here (teacher, manager) are never signed in by two tests at once.
 * The foundation's specs sign in as learner, party and student; these avoid them.
 */
test.describe.configure({ mode: 'serial' });

const PORT = Number(process.env.E2E_PORT || 3100);
const TITLE = `端到端测试课程 ${Date.now()}`;
let tchrId = 0;

/* ---------- the chat-completions stand-in of the assistant (scripts/serve-test.mjs: LLM_BASE_URL = port + 7) ---------- */
let standIn: http.Server | null = null;
test.beforeAll(async () => {
  standIn = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const t of ['您好！', '请在课程详情页', '点击“选学”。'])
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: t } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    standIn!.once('error', reject);
    standIn!.listen(PORT + 7, '127.0.0.1', resolve);
  });
});
test.afterAll(async () => {
  await new Promise((r) => (standIn ? standIn.close(r) : r(null)));
});

/* ---------- creation centre, upload with resume, review ---------- */

test('a teacher creates a course, uploads a video that resumes after a reload, and submits it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const me = await signIn(page.request, baseURL!, 'teacher', 'Teacher_2026');
  tchrId = me.tchrId!;
  await page.goto(`/space/creation?tab=videoSubmit&id=${me.operatorID}`);
  await expect(page.getByRole('heading', { name: '创作中心' })).toBeVisible();

  await page.getByLabel('课程名称').fill(TITLE);
  await page.getByLabel('课程分类').selectOption({ label: '学术前沿' });
  await page.getByLabel(/封面图片/).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.getByRole('img', { name: '封面预览' })).toBeVisible();
  await page.getByLabel('课程简介').fill('端到端测试：上传、断点续传、提交审核与机器审核的完整流程。');
  await page.getByRole('button', { name: '保存基本信息' }).click();
  await expect(page).toHaveURL(/courseId=\d+/);
  await expect(page.getByTestId('audit-status').first()).toHaveText('未审核（未提交）');

  // The first chunk goes through; then the connection drops for every further chunk.
  const video = { name: '第一讲.mp4', mimeType: 'video/mp4', buffer: generatedVideo(5 * 1024 * 1024 + 12345) };
  let sent = 0;
  await page.route('**/api/resourceFile/uploadCourseWareFile', (route) =>
    ++sent === 1 ? route.continue() : route.abort('connectionreset'),
  );
  await page.getByLabel('章节名称').fill('第一讲 导论');
  const first = page.waitForResponse((r) => r.url().endsWith('/uploadCourseWareFile') && r.status() === 200);
  await page.getByLabel(/选择课程文件/).setInputFiles(video);
  await expect(page.getByRole('progressbar', { name: '计算文件MD5' })).toBeVisible();
  await first;

  // Reload mid-upload: the page knows what is on the server and resumes from the first missing chunk.
  await page.reload();
  await page.unroute('**/api/resourceFile/uploadCourseWareFile');
  await expect(page.getByText(/有未完成的上传/)).toBeVisible();
  await expect(page.getByText(/第一讲\.mp4（5\.01 MB，已上传 1\/3 个分片）/)).toBeVisible();
  await page.getByLabel('章节名称').fill('第一讲 导论');
  await page.getByLabel(/选择课程文件/).setInputFiles(video);
  await expect(page.getByText('断点续传：已上传 1/3 个分片，从第 2 个分片继续；上传完成')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('progressbar', { name: '上传进度' })).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('button', { name: '保存章节' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: '第一讲 导论' })).toBeVisible();

  // Searched for before it is approved: nothing, and that results page is now cached (the next test sees it refreshed).
  const searched = await page.request.get(`/search/index?key=${encodeURIComponent(TITLE)}`);
  expect(await searched.text()).toContain('未找到与“');

  // The video is transcoded for HLS by a job (转码中 NN%, read again every 2 s); the course is submitted once it is done.
  await expect(page.getByTestId('transcode-state')).toHaveCount(0, { timeout: 60_000 });
  await page.getByRole('button', { name: '提交审核' }).click();
  const ask = page.getByRole('alertdialog', { name: '提示' });
  await expect(ask).toContainText('确定提交审核吗');
  await ask.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(/已提交：审核通过/)).toBeVisible();
  await expect(page.getByTestId('audit-status').first()).toHaveText('审核通过');

  // The same file again completes at once (its MD5 is known).
  await page.getByLabel('章节名称').fill('第二讲 复习');
  await page.getByLabel(/选择课程文件/).setInputFiles(video);
  await expect(page.getByText('秒传：服务器已有该文件，上传完成')).toBeVisible({ timeout: 30_000 });
});

test('the approved course is in the course list, in search results and on the teacher space', async ({
  page,
  request,
  baseURL,
}) => {
  const list = (await (
    await request.post(`${baseURL}/api/course/homeList`, { data: { categoryCode: 302, pageSize: 24 } })
  ).json()) as { data: { title: string }[] };
  expect(list.data.map((c) => c.title)).toContain(TITLE);
  // The cached results page of the previous test was revalidated by the approval: the next visit regenerates it
  // (and may still get the old copy once, as with every cached page).
  await expect(async () => {
    await page.goto(`/search/index?key=${encodeURIComponent(TITLE)}`);
    await expect(page.getByRole('region', { name: /^课程/ }).getByRole('link', { name: TITLE })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  await page.goto(`/space/teacher?id=${tchrId}`);
  await expect(page.getByRole('region', { name: '主讲课程' }).getByRole('heading', { name: TITLE })).toBeVisible();
});

test('a second user follows the teacher and comments', async ({ page, baseURL }) => {
  await signIn(page.request, baseURL!, 'manager', 'Manager_2026');
  await page.goto(`/space/teacher?id=${tchrId}`);
  const fans = Number(await page.getByTestId('fans-count').textContent());
  await page.getByRole('button', { name: /^关注/ }).click();
  await expect(page.getByRole('button', { name: /^已关注/ })).toBeVisible();
  await expect(page.getByTestId('fans-count')).toHaveText(String(fans + 1));
  await page.getByRole('tab', { name: '粉丝' }).click();
  await expect(page.getByRole('tabpanel').getByText('李建国')).toBeVisible();

  await page.getByLabel('发表评论').fill('<b>讲得很清楚</b>，谢谢老师！');
  await page.getByRole('button', { name: '发表' }).click();
  const comment = page.getByRole('list', { name: '评论列表' }).getByRole('listitem').first();
  // plain text: shown exactly as typed, the tags as text
  await expect(comment).toContainText('<b>讲得很清楚</b>，谢谢老师！');
  await expect(comment).toContainText('李建国');
  // they may delete their own comment, and only that one
  await expect(comment.getByRole('button', { name: /删除/ })).toBeVisible();
  await expect(page.getByRole('list', { name: '评论列表' }).getByRole('button', { name: /删除/ })).toHaveCount(1);

  // A comment with a long unbroken string wraps: on a phone the space does not scroll sideways.
  await page.getByLabel('发表评论').fill(`订单号参考资料：${'8'.repeat(120)}`);
  await page.getByRole('button', { name: '发表' }).click();
  await expect(page.getByRole('list', { name: '评论列表' }).getByRole('listitem').first()).toContainText(
    '8'.repeat(120),
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(375);
  // and its small controls are big enough to tap (WCAG 2.5.8: 24 px)
  const remove = await page
    .getByRole('list', { name: '评论列表' })
    .getByRole('button', { name: /删除/ })
    .first()
    .boundingBox();
  const home = await page.getByRole('navigation', { name: '面包屑' }).getByRole('link', { name: '首页' }).boundingBox();
  expect([remove!.width, remove!.height, home!.width, home!.height].map((px) => px >= 24)).toEqual([
    true,
    true,
    true,
    true,
  ]);
});

/* ---------- SPEC 2.3 and 6 with real accounts ---------- */

test('a visitor with a creation id goes to that teacher space; without one to /home', async ({ page }) => {
  await page.goto('/space/creation?id=2');
  await expect(page).toHaveURL(/\/space\/teacher\?id=2$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('教师空间');
  await page.goto('/space/creation');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
});

test('a teacher opens the creation centre with their operatorID or tchrId; another id goes to that teacher space', async ({
  page,
  baseURL,
}) => {
  const me = await signIn(page.request, baseURL!, 'teacher', 'Teacher_2026');
  await page.goto(`/space/creation?tab=videoSubmit&id=${me.operatorID}`);
  await expect(page.getByRole('heading', { name: '创作中心' })).toBeVisible();
  await page.goto(`/space/creation?id=${me.tchrId}`);
  await expect(page.getByRole('heading', { name: '创作中心' })).toBeVisible();
  await page.goto('/space/teacher?id=3');
  const third = await page.getByRole('heading', { level: 1 }).textContent();
  await page.goto('/space/creation?id=3&tab=videoSubmit');
  await expect(page).toHaveURL(/\/space\/teacher\?id=3&tab=videoSubmit$/);
  // that teacher's space, although the URL carries the creation centre's tab beside the id
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(third!);
  await expect(page.getByRole('heading', { name: '我的空间管理' })).toBeHidden();
  // their own space: the teacher space, with the owner's tools
  await page.goto('/space/teacher');
  await expect(page).toHaveURL(new RegExp(`/space/teacher\\?id=${me.tchrId}$`));
  await expect(page.getByRole('heading', { name: '我的空间管理' })).toBeVisible();
});

test('a user without a tchrId opens a student space as their own', async ({ page, baseURL }) => {
  const me = await signIn(page.request, baseURL!, 'manager', 'Manager_2026');
  await page.goto('/space/teacher');
  await expect(page).toHaveURL(new RegExp(`/space/student\\?id=${me.operatorID}$`));
  await expect(page.getByRole('heading', { name: '我的空间管理' })).toBeVisible();
});

/* ---------- new-employee training and assessment ---------- */

test('a visitor browses the new-employee training and opens a series', async ({ page }) => {
  await page.goto('/newEmployee/Train');
  await expect(page.getByRole('heading', { level: 1, name: '新员工培训' })).toBeVisible();
  const first = page.getByRole('listitem').filter({ hasText: '必修' }).first();
  const title = (await first.getByRole('heading', { level: 2 }).textContent())!.replace('必修', '').trim();
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/newEmployee\/TrainDetail\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  await expect(page.getByRole('region', { name: '专题课程' }).getByRole('article').first()).toBeVisible();
});

test('a user assesses a training they took part in', async ({ page, baseURL }) => {
  await page.goto('/assess');
  await expect(page.getByText(/后评估您参加过的培训/)).toBeVisible();
  await signIn(page.request, baseURL!, 'manager', 'Manager_2026');
  await page.reload();
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: '提交评估' }) })
    .first();
  await form.getByRole('button', { name: '提交评估' }).click();
  await expect(form.getByRole('alert')).toHaveText('请为每一项评分');
  for (const aspect of ['培训内容', '师资水平', '组织服务'])
    await form.getByRole('group', { name: aspect }).getByLabel('5').check();
  await form.getByLabel('意见建议').fill('安排紧凑，收获很大。');
  await form.getByRole('button', { name: '提交评估' }).click();
  await expect(page.getByText('评估已提交')).toBeVisible();
  await expect(page.getByText('已评估').first()).toBeVisible();
});

/* ---------- the assistant: SPEC 1 ---------- */

const icon = (page: Page) => page.getByRole('button', { name: '智能助手' });

test('a visitor does not see the assistant', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: '课程资源', level: 2 })).toBeVisible();
  await expect(icon(page)).toHaveCount(0);
});

test('a signed-in user sees it on the home page of the main host only, and gets a streamed answer', async ({
  page,
  baseURL,
}) => {
  await signIn(page.request, baseURL!, 'manager', 'Manager_2026');
  await page.goto('/home');
  await icon(page).click();
  const dialog = page.getByRole('dialog', { name: '智能助手' });
  // The daily allowance (issue 26): shown, and one less once a question is answered.
  const allowance = dialog.getByText(/今日还可提问 \d+ 次/);
  await expect(allowance).toBeVisible();
  const before = Number(/(\d+)/.exec((await allowance.textContent()) ?? '')![1]);
  await dialog.getByLabel('输入问题').fill('怎么开始学习？');
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(dialog.getByText('您好！请在课程详情页点击“选学”。')).toBeVisible();
  await expect(dialog.getByText(`今日还可提问 ${before - 1} 次`)).toBeVisible();

  await page.goto('/space/teacher?id=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(icon(page)).toHaveCount(0);
});

test('not on the party host, even signed in', async ({ page }) => {
  const party = `http://party.localhost:${PORT}`;
  await page.goto(`${party}/home`);
  await signInInPage(page, 'manager', 'Manager_2026');
  await page.reload();
  await expect(page.getByRole('banner').getByText('李建国')).toBeVisible();
  await expect(icon(page)).toHaveCount(0);
});

import { expect, test, type Page } from '@playwright/test';
import { pathOf } from '../support/sites';
import { search, signInByApi } from '../support/catalogue';
import { takeTurns } from '../support/demo-accounts';

takeTurns(test, ['manager']);

const MANAGER = { userID: 'manager', password: 'Manager_2026' };
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n% 作业附件\n'), Buffer.alloc(4000, 0x41)]);

const assignment = (page: Page) => page.locator('[data-assignment-id]').filter({ hasText: '学习心得体会' });

/**
 * /train/task (issue 26): a learner enrolled in a training hands in text and a file, replaces it; the manager marks
 * it on the same page; the learner sees the score and comment.
 */
test('a learner hands in an assignment, replaces it, and sees the manager’s mark', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'main', 'one host is enough: the hand-in is the same on every site');
  test.setTimeout(120_000);

  // Enrol in an open training project (t=5001: academic reports have no assignments), approved by the manager.
  const learner = await signInByApi(page);
  await page.goto('/train/index?t=5001&month=0&status=1');
  await page.getByRole('main').locator('article h3 a').first().click();
  await expect.poll(() => pathOf(page)).toBe('/train/detail');
  const trainId = search(page).get('id');
  await page.getByRole('button', { name: '立即报名' }).click();
  await expect(page.getByTestId('apply-status')).toHaveText('报名待审核');
  await signInByApi(page, MANAGER);
  await page.reload();
  const review = page.getByRole('region', { name: /报名审核/ });
  await review.getByRole('listitem').filter({ hasText: learner.name }).getByRole('button', { name: /^通过/ }).click();
  await expect(review.getByRole('status')).toHaveText('审核通过');

  // The learner hands in text and a file.
  await signInByApi(page, learner);
  await page.goto(`/train/task?id=${trainId}`);
  const task = assignment(page);
  await expect(task.getByTestId('task-state')).toHaveText('未提交');
  await expect(task.getByText(/截止时间：\d{4}-\d{2}-\d{2}/)).toBeVisible();
  await task.getByLabel('作业内容').fill('第一次提交：结合本职工作的学习心得。');
  await task.getByLabel(/^附件/).setInputFiles({ name: '学习心得.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(task.getByRole('list', { name: '已添加的附件' })).toContainText('学习心得.pdf');
  await task.getByRole('button', { name: '提交作业' }).click();
  await expect(task.getByRole('status')).toHaveText('作业已提交');
  await expect(task.getByTestId('task-state')).toHaveText('已提交');
  await expect(task.getByTestId('submission')).toContainText('第一次提交');
  await expect(task.getByRole('link', { name: '学习心得.pdf' })).toBeVisible();

  // ... and replaces it before the deadline.
  await task.getByRole('button', { name: /修改作业/ }).click();
  await task.getByLabel('作业内容').fill('修改后的心得：补充了小组研讨的体会。');
  await task.getByRole('button', { name: '重新提交' }).click();
  await expect(task.getByTestId('submission')).toContainText('修改后的心得');
  await page.reload();
  await expect(assignment(page).getByTestId('submission')).toContainText('修改后的心得');

  // The manager opens it (text and file) and marks it.
  await signInByApi(page, MANAGER);
  await page.goto(`/train/task?id=${trainId}`);
  const marking = page.getByRole('region', { name: '作业批改' });
  await expect(marking).toBeVisible();
  const row = marking.getByRole('listitem').filter({ hasText: learner.name! });
  await row.getByRole('button', { name: /^批改/ }).click();
  await expect(row.getByTestId('submission')).toContainText('修改后的心得');
  const href = await row.getByRole('link', { name: '学习心得.pdf' }).getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
  await row.getByLabel('分数（0-100）').fill('88');
  await row.getByLabel('评语').fill('联系实际，条理清楚');
  await row.getByRole('button', { name: '保存批改' }).click();
  await expect(marking.getByRole('status').first()).toHaveText(`已保存${learner.name}的批改`);
  await expect(row).toContainText('已批改 88分');

  // The learner sees the mark.
  await signInByApi(page, learner);
  await page.goto(`/train/task?id=${trainId}`);
  await expect(assignment(page).getByTestId('task-state')).toHaveText('已批改');
  await expect(assignment(page).getByTestId('mark')).toContainText('成绩：88 分');
  await expect(assignment(page).getByTestId('mark')).toContainText('评语：联系实际，条理清楚');
  await expect(page.getByRole('region', { name: '作业批改' })).toHaveCount(0);
});

/** SPEC 7 science-platform index and SPEC 3 platform images, on the student host only. */
test('the student platform’s landing and personal area stand on the platform detail’s images', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'student', 'the science-platform index is the student host’s');
  await page.goto('/course/index');
  const landing = page.getByRole('region', { name: '平台概览' });
  await expect(landing).toContainText('研究生科学教育平台');
  await expect(landing.getByTestId('science-course-count')).toHaveText(/^共\d+门课程$/);
  await expect(landing).toHaveCSS('background-image', /banner-3\.svg/);
  await expect(landing.getByTestId('platform-document')).toHaveAttribute('src', '/banners/banner-4.svg');
  await landing.getByRole('link').first().click();
  await expect.poll(() => new URL(page.url()).searchParams.get('t')).toMatch(/^30\d$/);
  await expect(page.getByRole('region', { name: '平台概览' })).toHaveCount(0);

  await signInByApi(page);
  await page.goto('/personal/index');
  const area = page.getByRole('region', { name: '科教个人空间背景' });
  await expect(area.getByRole('heading', { level: 1 })).toHaveText('科教个人空间');
  await expect(area).toHaveCSS('background-image', /banner-1\.svg/);
});

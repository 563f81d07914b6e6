import { expect, test } from '@playwright/test';
import { pathOf } from '../support/sites';
import { signInByApi } from '../support/catalogue';
import { takeTurns } from '../support/demo-accounts';

takeTurns(test, ['manager']);

test('a visitor of a policy page is asked to log in', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'student', 'the student host has no policy pages (SPEC 2.2)');
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: '主导航' });
  await expect(async () => {
    await nav.getByRole('link', { name: '政策制度', exact: true }).click();
    await expect(page.getByRole('dialog').getByText('请先登录系统后再查看相关内容，谢谢！')).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 20_000 });
  expect(pathOf(page)).toBe('/home');

  // A direct visit lands on /home with the login dialog open.
  await page.goto('/policy/index?t=1');
  await expect.poll(() => pathOf(page)).toBe('/home');
  await expect(page.getByRole('dialog').getByRole('button', { name: '登录', exact: true })).toBeVisible();
});

test('a signed-in learner enrols in a training project and sees it pending review', async ({ page }, testInfo) => {
  const learner = await signInByApi(page);
  await page.goto('/train/index?month=0&status=1');
  const first = page.getByRole('main').locator('article h3 a').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect.poll(() => pathOf(page)).toBe('/train/detail');
  const status = page.getByTestId('apply-status');
  await expect(status).toHaveText('可报名');
  await page.getByRole('button', { name: '立即报名' }).click();
  await expect(status).toHaveText('报名待审核');
  await expect(page.getByRole('button', { name: '等待审核' })).toBeDisabled();
  // Stays pending after a reload (the cached page shows the visitor's status, the learner's own loads after).
  await page.reload();
  await expect(page.getByTestId('apply-status')).toHaveText('报名待审核');
  await expect(page.getByRole('heading', { name: '问卷、考试、证书与考核' })).toBeVisible();

  // A learner does not review; on the party host the manager (李建国, cmsRoles) approves the application (6 -> 7),
  // and the learner then sees it approved.
  await expect(page.getByRole('region', { name: /报名审核/ })).toHaveCount(0);
  if (testInfo.project.name === 'party') {
    await signInByApi(page, { userID: 'manager', password: 'Manager_2026' });
    await page.reload();
    const review = page.getByRole('region', { name: /报名审核/ });
    await expect(review).toBeVisible();
    expect(learner.name).toMatch(/^报名测试/);
    await review.getByRole('listitem').filter({ hasText: learner.name }).getByRole('button', { name: /^通过/ }).click();
    await expect(review.getByRole('status')).toHaveText('审核通过');
    await signInByApi(page, learner);
    await page.reload();
    await expect(page.getByTestId('apply-status')).toHaveText('审核通过');
    await expect(page.getByRole('link', { name: '进入学习' })).toBeVisible();
  }
  if (testInfo.project.name === 'main') {
    // Rejected (6 -> 8): the tasks page says what that means, not that approval is still to come.
    const trainUrl = page.url();
    await signInByApi(page, { userID: 'manager', password: 'Manager_2026' });
    await page.reload();
    const review = page.getByRole('region', { name: /报名审核/ });
    await review
      .getByRole('listitem')
      .filter({ hasText: learner.name })
      .getByRole('button', { name: /^不通过/ })
      .click();
    await expect(review.getByRole('status')).toHaveText('审核不通过');
    await signInByApi(page, learner);
    await page.goto(trainUrl.replace('/train/detail', '/train/task'));
    await expect(page.getByText(/我的报名状态：审核不通过，未能参加本培训/)).toBeVisible();
    await expect(page.getByText(/审核通过后可参加培训/)).toHaveCount(0);
  }
});

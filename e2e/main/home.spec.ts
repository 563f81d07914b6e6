import { expect, test } from '@playwright/test';
import { SITES, expectHomePage } from '../support/sites';

test('the main site home page shows its title, the six modules, news and notices', async ({ page }) => {
  await expectHomePage(page, SITES.main);
});

test('the home modules arrive with the page: the browser asks the API for none of them', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (/\/(api|modules)\//.test(new URL(r.url()).pathname)) calls.push(new URL(r.url()).pathname);
  });
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 2, name: '学习排行' })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(calls).toEqual([]);
});

test('the home rankings give hours as /rank/index does (hours and minutes, SPEC 9), under the same names', async ({
  page,
}) => {
  await page.goto('/home');
  for (const name of ['个人学时排行', '单位学时排行', '单位学习课程排行'])
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  const first = page.locator('ol.rank-list').first().locator('li').first().locator('span').nth(2);
  await expect(first).toHaveText(/^\d+小时\d+分钟$/);
  await page.goto('/rank/index');
  for (const name of ['个人学时排行', '单位学时排行', '单位学习课程排行'])
    await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('the party-school host runs in dx mode: its own title, no feedback or favourite, no live or teacher modules', async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL!).port;
  await page.goto(`http://dangxiao.localhost:${port}/home`);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: '党校干部网络教学平台', exact: true })).toBeVisible();
  await expect(banner.getByRole('link', { name: '意见反馈' })).toHaveCount(0);
  await expect(banner.getByRole('button', { name: '加入收藏' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: '系列专题' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '直播课堂' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: '师资资源' })).toHaveCount(0);
  const live = await page.goto(`http://dangxiao.localhost:${port}/live/index`);
  expect(live?.status()).toBe(404);
});

test('the favourite button explains Ctrl+D, and a policy link asks a visitor to log in', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('banner').getByRole('button', { name: '加入收藏' }).click();
  await expect(
    page.getByText('抱歉，您所使用的浏览器无法完成此操作。加入收藏失败，请使用Ctrl+D进行添加'),
  ).toBeVisible();
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '政策制度', exact: true }).click();
  const box = page.getByRole('dialog');
  await expect(box.getByText('请先登录系统后再查看相关内容，谢谢！')).toBeVisible();
  await box.getByRole('button', { name: '确定' }).click(); // mode 2 (SPEC 2.7): login required, OK
  await expect(page.getByRole('dialog').getByRole('heading', { name: '登录继续教育网络学院' })).toBeVisible();
});

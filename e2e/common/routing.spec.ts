import { expect, test } from '@playwright/test';
import { expectNotFound, pathOf, siteOf } from '../support/sites';

test('the root redirects to the variant home', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect.poll(() => pathOf(page)).toBe(siteOf(testInfo).home);
});

test('a section redirect keeps the query string', async ({ page }) => {
  await page.goto('/course?t=302');
  await expect.poll(() => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  }).toBe('/course/index?t=302');
});

test('an unknown page answers 404 with a link back home', async ({ page }, testInfo) => {
  await expectNotFound(page, '/no-such-page');
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect.poll(() => pathOf(page)).toMatch(new RegExp(`^(/home|${siteOf(testInfo).home})$`));
});

test('a page outside the site’s route set is a whole 404 page without JavaScript too', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '抱歉，您访问的页面不存在' })).toBeVisible();
    await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
  } finally {
    await context.close();
  }
});

test('a login-required page sends a visitor without a session to the home page', async ({ page }) => {
  await page.goto('/personal/index');
  await expect.poll(() => pathOf(page)).toBe('/home');
});

import { expect, test } from '@playwright/test';
import { pathOf } from '../support/sites';

test('searching with an empty keyword asks for a keyword and stays on the page', async ({ page }) => {
  await page.goto('/home');
  const keyword = page.getByLabel('搜索关键词');
  await expect(keyword).toBeVisible();
  const message = page.getByText('请输入搜索内容').first();
  // Clicked before the page is interactive, the form goes to /search/index, which says the same (next test);
  // once interactive it answers in place: try again from /home, as a person would.
  await expect(async () => {
    if (pathOf(page) !== '/home') await page.goto('/home');
    await keyword.fill('');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(message).toBeVisible({ timeout: 1000 });
    expect(pathOf(page)).toBe('/home');
  }).toPass({ timeout: 20_000 });
});

test('without JavaScript the search box still searches, and still asks for a keyword', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/home');
  await page.getByLabel('搜索关键词').fill('科研');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('key')).toBe('科研');
  expect(pathOf(page)).toBe('/search/index');
  await expect(page.getByRole('main').locator('mark', { hasText: '科研' }).first()).toBeVisible();
  await page.getByLabel('搜索关键词').fill('');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByRole('main').getByText('请输入搜索内容').first()).toBeVisible();
  await context.close();
});

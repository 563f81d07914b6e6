import { expect, test } from '@playwright/test';
import { pathOf } from '../support/sites';

test('searching with an empty keyword asks for a keyword and stays on the page', async ({ page }) => {
  await page.goto('/home');
  const keyword = page.getByLabel('搜索关键词');
  await expect(keyword).toBeVisible();
  const message = page.getByText('请输入搜索内容').first();
  // Clicked before the page has hydrated, the form may just reload the page: try again, as a person would.
  await expect(async () => {
    await keyword.fill('');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(message).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  expect(pathOf(page)).toBe('/home');
});

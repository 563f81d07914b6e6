import { expect, test } from '@playwright/test';
import { pathOf, settle } from '../support/sites';

test('searching with an empty keyword asks for a keyword and stays on the page', async ({ page }) => {
  await page.goto('/home');
  await settle(page);
  const keyword = page.getByLabel('搜索关键词');
  await expect(keyword).toBeVisible();
  await keyword.fill('');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByText('请输入搜索内容')).toBeVisible();
  expect(pathOf(page)).toBe('/home');
});

import { expect, test } from '@playwright/test';
import { siteOf } from '../support/sites';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page HTML has the modules and course links', async ({ page }, testInfo) => {
    const response = await page.goto('/home');
    expect(response?.status()).toBe(200);
    for (const heading of siteOf(testInfo).moduleHeadings) {
      await expect(page.getByRole('heading', { level: 2, name: heading, exact: true }), `h2 ${heading}`).toBeVisible();
    }
    // Visible ones: the carousel's other slides are in the HTML too, hidden.
    const courseLinks = page.locator('a[href*="/course/detail"]').filter({ hasText: /\S/, visible: true });
    expect(await courseLinks.count(), 'course title links').toBeGreaterThan(0);
    await expect(courseLinks.first()).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the home page does not scroll sideways', async ({ page }) => {
    await page.goto('/home');
    await page.waitForLoadState('load');
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width).toBeLessThanOrEqual(375);
  });

  test('the menu folds behind 菜单, so the page starts near the top', async ({ page }) => {
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: '主导航' });
    const menu = nav.getByRole('button', { name: '菜单' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: '首页', exact: true })).toBeHidden();
    const navHeight = await nav.evaluate((el) => el.getBoundingClientRect().height);
    expect(navHeight).toBeLessThan(60);
    await menu.click();
    await expect(nav.getByRole('link', { name: '首页', exact: true })).toBeVisible();
    await nav.getByRole('link', { name: '系列专题', exact: true }).click();
    await expect(page).toHaveURL(/\/series\/index/);
    await expect(nav.getByRole('button', { name: '菜单' })).toHaveAttribute('aria-expanded', 'false');
  });
});

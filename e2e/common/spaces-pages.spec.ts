import { expect, test } from '@playwright/test';
import { pathOf } from '../support/sites';

/**
 * Issue 6 points 1 and 7 on every host (localhost, party.localhost, stu.localhost): the public space pages a
 * visitor sees, and the SPEC 2.3 rules of the creation centre for visitors. No sign-in here: this file runs
 * in every project at once, and a newer sign-in of an account ends the older session (SPEC 4.1); the
 * signed-in flows are in e2e/main/spaces.spec.ts (teacher and manager, one serial file).
 */

test('a visitor sees a teacher space: business card, counts, courses, fans and comments', async ({ page }) => {
  const res = await page.goto('/space/teacher?id=1');
  expect(res?.status()).toBe(200);
  const card = page.getByRole('heading', { level: 1 });
  await expect(card).toContainText('教师空间');
  await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('教师空间');
  await expect(page.getByTestId('fans-count')).toHaveText(/^\d+$/);
  await expect(page.getByRole('region', { name: '主讲课程' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: '粉丝与关注' })).toBeVisible();
  // a visitor is asked to sign in before following
  await expect(
    page.getByRole('button', { name: /^关注/ }).or(page.getByRole('link', { name: /登录/ }).first()),
  ).toBeVisible();
});

test('a visitor sees an organisation space', async ({ page }) => {
  const res = await page.goto('/space/organization?id=1');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('单位空间');
  await expect(page.getByTestId('fans-count')).toHaveText(/^\d+$/);
});

test('an unknown space id is a 404, not an error', async ({ page }) => {
  const res = await page.goto('/space/teacher?id=999999');
  expect(res?.status()).toBe(404);
});

test('a visitor with a creation id goes to that teacher space; without one away from the creation centre', async ({
  page,
}) => {
  await page.goto('/space/creation?id=2');
  await expect(page).toHaveURL(/\/space\/teacher\?id=2$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('教师空间');
  await page.goto('/space/creation');
  await expect.poll(() => pathOf(page)).not.toBe('/space/creation');
});

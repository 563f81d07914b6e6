import { expect, test } from '@playwright/test';
import { signIn } from '../support/spaces';

/** SPEC 2.3 and 6 with real accounts: the creation centre's own-id rule, and which space a user opens as their own. */
test('a visitor with an id goes to that teacher space; without one to /home', async ({ page }) => {
  await page.goto('/space/creation?id=2');
  await expect(page).toHaveURL(/\/space\/teacher\?id=2$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('教师空间');
  await page.goto('/space/creation');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
});

test('a teacher opens the creation centre with their operatorID or tchrId; another id goes to that teacher space', async ({ page, baseURL }) => {
  const me = await signIn(page.request, baseURL!, 'teacher', 'Teacher_2026');
  await page.goto(`/space/creation?tab=videoSubmit&id=${me.operatorID}`);
  await expect(page.getByRole('heading', { name: '创作中心' })).toBeVisible();
  await page.goto(`/space/creation?id=${me.tchrId}`);
  await expect(page.getByRole('heading', { name: '创作中心' })).toBeVisible();
  await page.goto('/space/creation?id=3&tab=videoSubmit');
  await expect(page).toHaveURL(/\/space\/teacher\?id=3&tab=videoSubmit$/);
});

test('a user without a tchrId opens a student space as their own; a teacher their teacher space', async ({ browser, baseURL }) => {
  for (const [user, password, kind] of [
    ['learner', 'Learner_2026', 'student'],
    ['teacher', 'Teacher_2026', 'teacher'],
  ] as const) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const me = await signIn(page.request, baseURL!, user, password);
    await page.goto('/space/teacher');
    await expect(page).toHaveURL(new RegExp(`/space/${kind}\\?id=${kind === 'teacher' ? me.tchrId : me.operatorID}$`));
    await expect(page.getByRole('heading', { name: '我的空间管理' })).toBeVisible();
    await ctx.close();
  }
});

import { test } from '@playwright/test';
import { SITES, expectHomePage, expectNotFound } from '../support/sites';

test('the student site home page shows its title, its modules, news and notices', async ({ page }) => {
  await expectHomePage(page, SITES.student);
});

test('the live classes are not part of the student site', async ({ page }) => {
  await expectNotFound(page, '/live/index');
});

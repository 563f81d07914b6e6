import http from 'node:http';
import { expect, test, type TestInfo } from '@playwright/test';
import { expectNotFound, pathOf, siteOf } from '../support/sites';

test('the root redirects to the variant home', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect.poll(() => pathOf(page)).toBe(siteOf(testInfo).home);
});

test('a section redirect keeps the query string', async ({ page }) => {
  await page.goto('/course?t=302');
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return url.pathname + url.search;
    })
    .toBe('/course/index?t=302');
});

test('an unknown page answers 404 with a link back home', async ({ page }, testInfo) => {
  await expectNotFound(page, '/no-such-page');
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect.poll(() => pathOf(page)).toMatch(new RegExp(`^(/home|${siteOf(testInfo).home})$`));
});

test("a list page past its end answers 404 and offers the list's first page with the same filters", async ({
  page,
}) => {
  await expectNotFound(page, '/course/index?t=302&page=999');
  await page.getByRole('link', { name: '返回列表第一页' }).click();
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return url.pathname + url.search;
    })
    .toBe('/course/index?t=302');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a page outside the site’s route set is a whole 404 page without JavaScript too', async ({
  browser,
}, testInfo) => {
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

/** A GET with the given headers to the test server, by its address with the project's Host (no redirect followed). */
function rawGet(
  testInfo: TestInfo,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; location?: string }> {
  const base = new URL(testInfo.project.use.baseURL!);
  return new Promise((resolve, reject) => {
    const req = http.get(
      { hostname: '127.0.0.1', port: base.port, path, headers: { host: base.host, ...headers } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      },
    );
    req.on('error', reject);
  });
}

test('a client cannot skip the routing by sending the host lane’s header (lib/server/lanes/host-lane)', async ({}, testInfo) => {
  const segment = { main: 'main', party: 'party', student: 'student' }[testInfo.project.name]!;
  const forged = { 'x-portal-routed': '1' };
  // An internal path asked for directly stays a 404, and a login-only page still sends a visitor to the login.
  expect((await rawGet(testInfo, `/${segment}/home`, forged)).status).toBe(404);
  const guarded = await rawGet(testInfo, '/personal/index', forged);
  expect(guarded.status).toBe(307);
  expect(guarded.location).toContain('/home?login=1');
});

test('a page served by the host lane navigates on inside the portal without a full reload', async ({ page }) => {
  await page.goto('/course/index?t=302');
  const pager = page.getByRole('navigation', { name: '课程分页' });
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await pager.getByRole('link', { name: '第2页' }).click();
  await expect(pager.locator('[aria-current="page"]')).toContainText('2');
  expect(new URL(page.url()).search).toBe('?t=302&page=2');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

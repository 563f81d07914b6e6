/**
 * Details of the site's shell as a visitor meets them: each host's /favicon.ico; 直播课堂 out of the main menu but
 * reachable from the home module's 更多; the search page's own box refusing an empty keyword in place; a missing
 * course's 404 with one robots meta and one title however often it is asked for; a column host naming its tenant.
 */
import { expect, test, type TestInfo } from '@playwright/test';
import { pathOf } from '../support/sites';

const port = (testInfo: TestInfo) => new URL(testInfo.project.use.baseURL!).port;

test('/favicon.ico is the site’s own icon on every host', async ({ request }, testInfo) => {
  const bodies = new Map<string, string>();
  for (const host of ['localhost', 'party.localhost', 'stu.localhost', 'dangxiao.localhost', 'column.localhost']) {
    // Node does not resolve *.localhost: the request goes to the loopback address with the host's name.
    const res = await request.get(`http://127.0.0.1:${port(testInfo)}/favicon.ico`, {
      headers: { host: `${host}:${port(testInfo)}` },
    });
    expect(res.status(), host).toBe(200);
    expect(res.headers()['content-type']).toBe('image/x-icon');
    const body = await res.body();
    expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    bodies.set(host, body.toString('base64'));
  }
  expect(bodies.get('party.localhost')).not.toBe(bodies.get('localhost'));
  expect(bodies.get('stu.localhost')).not.toBe(bodies.get('localhost'));
});

test('直播课堂 is not in the main menu, but the home page’s live module and its 更多 lead to it', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'student', 'the student host has no live classes');
  await page.goto('/home');
  const menu = page.getByRole('navigation', { name: '主导航' });
  await expect(menu.getByRole('link', { name: '首页' }).first()).toBeVisible();
  await expect(menu.getByRole('link', { name: '直播课堂' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: '直播课堂' })).toBeVisible();
  await page.getByRole('link', { name: /^更多\s*直播课堂/ }).click();
  await expect.poll(() => pathOf(page)).toBe('/live/index');
});

test('the search page’s own box, left empty, refuses in place and keeps the results', async ({ page }) => {
  await page.goto(`/search/index?key=${encodeURIComponent('科研')}`);
  const box = page.getByRole('search', { name: '搜索结果页搜索' });
  const results = page.getByRole('main').locator('mark', { hasText: '科研' }).first();
  await expect(results).toBeVisible();
  await expect(async () => {
    await box.getByRole('searchbox').fill('');
    await box.getByRole('button', { name: '重新搜索' }).click();
    await expect(box.getByText('请输入搜索内容')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  expect(new URL(page.url()).searchParams.get('key')).toBe('科研');
  await expect(results).toBeVisible();
});

test('a missing course answers 404 with one robots meta and the same title each time', async ({
  request,
}, testInfo) => {
  const titles = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const res = await request.get(`http://127.0.0.1:${port(testInfo)}/course/detail?id=999999`, {
      headers: { host: new URL(testInfo.project.use.baseURL!).host },
    });
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html.match(/<meta name="robots"[^>]*>/g) ?? [], html.slice(0, 2000)).toHaveLength(1);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(title).toMatch(/^页面不存在/);
    titles.add(title!);
  }
  expect(titles.size).toBe(1);
});

test('a column host names its tenant organisation in the header', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'main', 'one host is enough');
  await page.goto(`http://column.localhost:${port(testInfo)}/home`);
  await expect(page.getByTestId('tenant-name')).toHaveText('继续教育学院');
  await page.goto('/home');
  await expect(page.getByRole('banner').getByText('继续教育网络学院').first()).toBeVisible();
  await expect(page.getByTestId('tenant-name')).toHaveCount(0);
});

test('the ranking board states the academy’s study hours of the year (SPEC 3 global study time)', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'student', 'the student host has no ranking board');
  await page.goto('/rank/index');
  await expect(page.getByTestId('global-study-time')).toHaveText(
    new RegExp(`^全院${new Date().getFullYear()}年累计有效学时：线下\\d+小时(\\d+分钟)?，线上\\d+小时`),
  );
});

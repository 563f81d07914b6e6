import { expect, test } from '@playwright/test';
import { pathOf } from '../support/sites';
import { search } from '../support/catalogue';

test('browse a category, page through with the URL changing, open a course detail', async ({ page }) => {
  await page.goto('/course/index');
  await expect(page.getByRole('heading', { level: 1, name: '全部课程' })).toBeVisible();
  await page
    .getByRole('complementary', { name: '课程分类' })
    .getByRole('link', { name: '学术前沿', exact: true })
    .click();
  await expect.poll(() => search(page).get('t')).toBe('302');
  await expect(page.getByRole('heading', { level: 1, name: '学术前沿' })).toBeVisible();
  const firstOnPage1 = await page.getByRole('main').locator('article h3').first().textContent();

  const pager = page.getByRole('navigation', { name: '课程分页' });
  await pager.getByRole('link', { name: '第2页' }).click();
  await expect.poll(() => search(page).get('page')).toBe('2');
  expect(search(page).get('t')).toBe('302');
  await expect(pager.locator('[aria-current="page"]')).toContainText('2');
  await expect(page.getByRole('main').locator('article h3').first()).not.toHaveText(firstOnPage1 ?? '');

  // A page of results is a link: reloading it shows the same page.
  await page.reload();
  await expect(page.getByRole('navigation', { name: '课程分页' }).locator('[aria-current="page"]')).toContainText('2');

  // SPEC 2.1: the detail opens in a named window, with its query.
  const card = page.getByRole('main').locator('article').first();
  const title = (await card.locator('h3').textContent())!.trim();
  const href = await card.getByRole('link').first().getAttribute('href');
  const [detail] = await Promise.all([page.waitForEvent('popup'), card.getByRole('link').first().click()]);
  await expect.poll(() => detail.url()).toContain(href!);
  await expect(detail.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(detail.getByRole('heading', { name: '课程章节' })).toBeVisible();
  await expect(detail.getByRole('button', { name: '选学' })).toBeVisible();
  // A visitor reaches the 3-minute trial from here, in the player's named window; 收藏 asks to log in.
  const trial = detail.getByRole('link', { name: '试看3分钟' });
  await expect(trial).toHaveAttribute('href', /^\/courseView\?courseId=\d+$/);
  await expect(trial).toHaveAttribute('target', 'courseView');
  await detail.getByRole('button', { name: '收藏', exact: true }).click();
  await expect(detail.getByRole('dialog').getByText('请先登录系统后再查看相关内容，谢谢！')).toBeVisible();
  await detail.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await expect(detail).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  expect(await detail.evaluate(() => window.name)).toBe('courseDetail');
  expect(pathOf(page)).toBe('/course/index');
  // SPEC 2.1: leaving the course detail route clears the window name.
  await detail.getByRole('navigation', { name: '面包屑' }).getByRole('link', { name: '首页' }).click();
  await expect.poll(() => pathOf(detail)).toBe('/home');
  await expect.poll(() => detail.evaluate(() => window.name)).toBe('');
});

test('the home page course cards open the course detail in the named window', async ({ page }) => {
  await page.goto('/home');
  const card = page.locator('section[aria-labelledby="home-course"] article').first();
  const link = card.getByRole('link').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/course\/detail\?id=\d+$/);
  const [detail] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect.poll(() => detail.url()).toContain(href!);
  expect(await detail.evaluate(() => window.name)).toBe('courseDetail');
  expect(pathOf(page)).toBe('/home');
});

test('filter training projects by month and status; the filters are in the URL', async ({ page }) => {
  await page.goto('/train/index');
  const now = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', month: 'numeric' }).format(new Date());
  const months = page.getByRole('list', { name: '月份' });
  // The current month is the default.
  await expect(months.getByRole('link', { name: `${now}月` })).toHaveAttribute('aria-current', 'true');

  await months.getByRole('link', { name: '全部' }).click();
  await expect.poll(() => search(page).get('month')).toBe('0');
  // The new page has rendered when its own choice is marked.
  await expect(page.getByRole('list', { name: '月份' }).getByRole('link', { name: '全部' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  const open = page.getByRole('list', { name: '报名状态' }).getByRole('link', { name: '可报名', exact: true });
  await open.click();
  await expect.poll(() => search(page).get('status')).toBe('1');
  await expect(open).toHaveAttribute('aria-current', 'true');
  expect(search(page).get('month')).toBe('0');
  const badges = page.getByRole('main').locator('article span.rounded');
  await expect(badges.first()).toBeVisible();
  for (const text of await badges.allTextContents()) expect(text).toBe('可报名');

  const closed = page.getByRole('list', { name: '报名状态' }).getByRole('link', { name: '不可报名' });
  await closed.click();
  await expect.poll(() => search(page).get('status')).toBe('2');
  await expect(closed).toHaveAttribute('aria-current', 'true');
  for (const text of await page.getByRole('main').locator('article span.rounded').allTextContents())
    expect(text).not.toBe('可报名');

  // A month of its own: every project shown runs in that month.
  await page
    .getByRole('list', { name: '月份' })
    .getByRole('link', { name: `${now}月` })
    .click();
  await expect.poll(() => search(page).get('month')).toBeNull();
  await expect(page.getByRole('status').filter({ hasText: `${now}月共` })).toBeVisible();
});

test('search in Chinese: counts per tab, highlighted words, open a result', async ({ page }) => {
  await page.goto('/home');
  const keyword = page.getByLabel('搜索关键词');
  await expect(async () => {
    await keyword.fill('科研');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect.poll(() => pathOf(page), { timeout: 2000 }).toBe('/search/index');
  }).toPass({ timeout: 20_000 });
  expect(search(page).get('key')).toBe('科研');
  await expect(page.getByRole('heading', { level: 1, name: '“科研”的搜索结果' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: '搜索分类' });
  await expect(tabs.getByRole('link', { name: /^课程（\d+）$/ })).toBeVisible();
  await tabs.getByRole('link', { name: /^课程（/ }).click();
  await expect.poll(() => search(page).get('tab')).toBe('course');
  const results = page.getByRole('region', { name: '搜索结果' });
  await expect(results.locator('mark').first()).toHaveText('科研');
  const first = results.getByRole('listitem').first().getByRole('link');
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect.poll(() => pathOf(page)).toBe('/course/detail');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('sitemap.xml and robots.txt of the host', async ({ page }, testInfo) => {
  const sitemap = await page.goto('/sitemap.xml');
  expect(sitemap?.status()).toBe(200);
  expect(sitemap?.headers()['content-type']).toContain('xml');
  const xml = await sitemap!.text();
  expect(xml).toContain('<urlset');
  expect(xml).toMatch(/\/course\/detail\?id=\d+/);
  expect(xml).toMatch(/\/train\/detail\?id=\d+/);
  expect(xml).not.toContain('/policy/');
  // Every URL is on this host.
  const host = new URL(testInfo.project.use.baseURL!).hostname;
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, '&')).hostname);
  expect(locs.length).toBeGreaterThan(10);
  expect(new Set(locs)).toEqual(new Set([host]));
  const robots = await (await page.goto('/robots.txt'))!.text();
  expect(robots).toMatch(/^Sitemap: http:\/\/.+\/sitemap\.xml$/m);
  expect(robots).toContain('Disallow: /personal/index');
  expect(robots).toContain('Disallow: /search/index');
});

test('with JavaScript disabled a course detail shows its title and chapters', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.goto('/course/index?t=304');
  const link = page.getByRole('main').locator('article a').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/course\/detail\?id=\d+$/);
  const title = (await page.getByRole('main').locator('article h3').first().textContent())!.trim();
  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: '课程章节' })).toBeVisible();
  expect(await page.locator('section[aria-labelledby="chapters-title"] li').count()).toBeGreaterThan(0);
  await expect(page.locator('script[type="application/ld+json"]').first()).toBeAttached();
  await context.close();
});

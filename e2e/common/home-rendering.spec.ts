import { expect, test } from '@playwright/test';
import { siteOf } from '../support/sites';
import { signInFreshInPage } from '../support/accounts';

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

test("a visitor's page and its login form break no rule of their Content-Security-Policy", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  // The login dialog's code is fetched while the page is idle; its form validates with zod.
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(dialog.getByText('请输入登录账号')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test('a visitor who has moved about the page opens 登录 without fetching any more code', async ({ page }) => {
  await page.goto('/course/index');
  await page.waitForLoadState('networkidle');
  await page.mouse.move(200, 300);
  await page.mouse.move(400, 350);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const late: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/_next/static/')) late.push(r.url());
  });
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('dialog').getByLabel('登录账号')).toBeVisible();
  expect(late).toEqual([]);
});

test('before the scripts run, a course page shows someone signed in no visitor buttons, and a visitor its 试看 link', async ({
  page,
  browser,
}, testInfo) => {
  // A visitor without scripts: 试看 is a plain link that works.
  const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: false });
  try {
    const v = await visitor.newPage();
    await v.goto('/course/index');
    const href = await v.getByRole('main').locator('article a').first().getAttribute('href');
    await v.goto(href!);
    await expect(v.getByRole('link', { name: /试看3分钟/ })).toBeVisible();

    // Someone signed in, whose scripts never arrive: no 选学 / 试看 of a visitor that would change under them.
    await signInFreshInPage(page, '课程页测试');
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /试看3分钟/ })).toBeHidden();
    await expect(page.getByRole('button', { name: '选学' })).toBeHidden();
  } finally {
    await visitor.close();
  }
});

test('before the scripts run, a cached page shows someone signed in 您好，… and no 登录', async ({ page }) => {
  await signInFreshInPage(page, '页眉测试');
  // The page's scripts never arrive (a slow network, frozen): only the HTML, its styles and inline scripts.
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.goto('/course/index');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('您好，…')).toBeVisible();
  await expect(banner.getByRole('button', { name: '登录' })).toBeHidden();
  await expect(banner.getByText(/欢迎来到/)).toBeHidden();
  // A visitor's browser, on the same cached page, still offers 登录.
  await page.context().clearCookies();
  await page.goto('/course/index');
  await expect(banner.getByRole('button', { name: '登录' })).toBeVisible();
  await expect(banner.getByText('您好，…')).toBeHidden();
});

test('the menu marks where the learner is, and follows them from page to page', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: '主导航' });
  // The top items (a submenu may hold a link of the same name: 培训项目 is also a kind of training).
  const courses = nav.locator('a[href="/course/index"]');
  const trains = nav.locator('a[href="/train/index"]');
  await page.goto('/course/index');
  await expect(courses).toHaveAttribute('aria-current', 'page');
  await expect(courses).toHaveText('课程资源');
  await trains.click();
  await expect(page).toHaveURL(/\/train\/index/);
  await expect(trains).toHaveAttribute('aria-current', 'page');
  await expect(courses).not.toHaveAttribute('aria-current');
  await page.locator('main a[href*="/train/detail"]').first().click();
  await expect(page).toHaveURL(/\/train\/detail/);
  await expect(trains).toHaveAttribute('aria-current', 'true');
  await page.goBack();
  await expect(trains).toHaveAttribute('aria-current', 'page');
});

test('a page slow to come shows a bar at the top until it arrives; a link that only asks to sign in shows none', async ({
  page,
}) => {
  await page.goto('/course/index');
  const nav = page.getByRole('navigation', { name: '主导航' });
  const bar = page.getByTestId('nav-progress');
  // The router's request for the next page (RSC) takes 1.5 s.
  await page.route('**/series/index**', async (route) => {
    if (route.request().headers()['rsc']) await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await nav.locator('a[href="/series/index"]').click();
  await expect(bar).toBeVisible();
  await expect(page).toHaveURL(/\/series\/index/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('系列专题');
  await expect(bar).toHaveCount(0);
  // 政策制度 asks a visitor to sign in (SPEC 2.3): no page is on its way. (The student site has no policy pages.)
  const policy = nav.locator('a[href="/policy/index"]');
  if ((await policy.count()) === 0) return;
  await policy.click();
  await expect(page.getByRole('dialog').getByText('请先登录系统后再查看相关内容，谢谢！')).toBeVisible();
  await page.waitForTimeout(400);
  await expect(bar).toHaveCount(0);
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

  test('the rankings keep ranks, names, counts and hours to one line; only organisations wrap', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'student', 'the student host has no rankings');
    await page.goto('/rank/index');
    const table = page.getByRole('table', { name: '个人学时排行' });
    await expect(table).toBeVisible();
    const lines = await table.evaluate((t) =>
      [...t.querySelectorAll('th, td')]
        .filter((c) => (c as HTMLTableCellElement).cellIndex !== 2) // 单位
        .map((c) => {
          const r = document.createRange();
          r.selectNodeContents(c);
          return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
        }),
    );
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.every((n) => n <= 1)).toBe(true);
  });

  test.describe('with touch only', () => {
    test.use({ isMobile: true, hasTouch: true });

    test('加入收藏 is not offered: a phone has no Ctrl+D to suggest', async ({ page }) => {
      await page.goto('/home');
      await expect(page.getByRole('link', { name: '意见反馈' })).toBeVisible();
      await expect(page.getByRole('button', { name: '加入收藏' })).toBeHidden();
    });
  });
});

import { expect, test } from '@playwright/test';
import { makeAccount, trackCaptcha } from '../support/accounts';

/**
 * CAS and WeChat QR login in Chromium (issue 26) against the stand-ins scripts/serve-test.mjs starts beside the
 * portal (tests/support/cas-server.mjs on port + 3, wechat-server.mjs on port + 4). The main host runs them.
 */

test('CAS: 统一身份认证登录 goes to the CAS login form and back signed in; the ticket cannot be used again', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'main', 'one host signs in through CAS');
  const returns: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.url().includes('ticket=')) returns.push(r.url());
  });
  await page.goto('/home');
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '统一身份认证登录' }).click();
  await expect(page.getByRole('heading', { name: '统一身份认证（本地测试）' })).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe('/login');
  await page.getByLabel('用户名').fill('learner');
  await page.getByLabel('密码').fill('Cas_2026');
  await page.getByRole('button', { name: '登录统一身份认证' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
  // the ticket does not stay in the address bar
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await expect(page.getByText('用户认证成功，正在初始化用户信息...')).toBeVisible();
  await expect(page.getByRole('banner').getByText('王晓明')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('banner').getByRole('button', { name: '退出' })).toBeVisible();

  // the same return address, replayed in another browser, signs nobody in
  expect(returns).toHaveLength(1);
  const other = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const tab = await other.newPage();
  await tab.goto(returns[0]);
  await expect(tab.getByRole('dialog').getByRole('alert')).toHaveText('统一身份认证登录信息已失效，请重新登录');
  await expect(tab.getByRole('banner').getByRole('button', { name: '退出' })).toHaveCount(0);
  await other.close();
});

test('WeChat QR (type 17): the QR frame, the first scan binds the account, the next signs straight in', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'main', 'one host binds the WeChat test identity');
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const page = await context.newPage();
  const me = await makeAccount(page, '微信绑定测试', 'Wx_bind_2026');
  const captcha = trackCaptcha(page);
  // /home?wxLogin=1 without a code (WeChat's answer when the user declines) opens type 17 again
  const scan = async () => {
    await page.goto('/home?wxLogin=1');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: '考试登录' })).toBeVisible();
    // WeChat's QR page in a frame, as wxLogin.js shows it. The page's CSP frames WeChat's own origin (and
    // WECHAT_OPEN_URL's when set at build time), so the stand-in's page is opened by the link beside the frame.
    const frame = dialog.locator('iframe[title="微信扫码登录"]');
    const src = new URL((await frame.getAttribute('src'))!);
    expect(src.pathname).toBe('/connect/qrconnect');
    expect(src.searchParams.get('scope')).toBe('snsapi_login');
    await dialog.getByRole('link', { name: '二维码无法显示？在本页打开微信登录' }).click();
    await expect(page.getByText('请使用微信扫描二维码登录')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('link', { name: '微信用户一 确认登录' }).click();
    return page.getByRole('dialog');
  };
  const dialog = await scan();
  await expect(dialog.getByText('微信用户“微信用户一”尚未绑定平台账号', { exact: false })).toBeVisible({
    timeout: 15_000,
  });
  await dialog.getByLabel('登录账号').fill(me.email);
  await dialog.getByLabel('登录密码').fill(me.password);
  await dialog.getByLabel('验证码', { exact: true }).fill(await captcha.latest());
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('banner').getByText('微信绑定测试')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('banner').getByRole('button', { name: '退出' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  // bound now: the next scan signs in without a password
  await scan();
  await expect(page.getByRole('banner').getByText('微信绑定测试')).toBeVisible({ timeout: 15_000 });
  await context.close();
});

test('the CAS button and the WeChat frame fit the dialog on every host, at desktop and phone widths', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'main', 'one project visits every host');
  const port = new URL(testInfo.project.use.baseURL!).port;
  const hosts: [string, string][] = [
    ['localhost', '/home'],
    ['party.localhost', '/home'],
    ['stu.localhost', '/course/index'],
    ['dangxiao.localhost', '/home'],
  ];
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'zh-CN' });
    const page = await context.newPage();
    for (const [host, path] of hosts) {
      const base = `http://${host}:${port}${path}`;
      await page.goto(`${base}?login=1`);
      const dialog = page.getByRole('dialog');
      const cas = dialog.getByRole('button', { name: '统一身份认证登录' });
      await expect(cas).toBeVisible({ timeout: 15_000 });
      const box = (await cas.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= width).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`cas-${host}-${width}.png`) });
      await page.goto(`${base}?wxLogin=1`);
      const frame = page.getByRole('dialog').locator('iframe[title="微信扫码登录"]');
      await expect(frame).toBeVisible({ timeout: 15_000 });
      const f = (await frame.boundingBox())!;
      expect(f.x >= 0 && f.x + f.width <= width).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`wechat-${host}-${width}.png`) });
    }
    await context.close();
  }
});

import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInFresh } from '../support/accounts';
import { signIn } from '../support/spaces';

/**
 * Rich text safe in the editor too (issue 38): a notice written through the API with script addresses (an SVG
 * link's xlink:href, a plain link's href) is opened in 通知公告发布's editor by a second manager. The editor keeps
 * it by the server's allow-list: clicking the links runs nothing, no dialog opens, and saving it again stores no
 * script address. A line typed with Enter stays a line of its own in the preview and the saved text.
 */
type Env<T> = { code: number; msg: string; data: T };

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const env = (await (await request.post(path, { data })).json()) as Env<T>;
  expect(env.code, `${path}: ${env.msg}`).toBe(0);
  return env.data;
}

const STAMP = Date.now().toString(36);
const TITLE = `恶意公告${STAMP}`;
const HOSTILE =
  '<p>请阅读<svg width="240" height="40"><a xlink:href="javascript:window.__pwned=1;alert(1)">' +
  '<text x="0" y="24" font-size="20">附件说明</text></a></svg></p>' +
  '<p><a href="javascript:window.__pwned=2;alert(2)">报名入口</a></p>' +
  '<div>第二行</div>';

test('a hostile notice opened in the editor by a second manager runs nothing and is saved clean', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The author: the demo manager writes the notice through the API, as a stolen account would.
  const author = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  await signIn(author.request, baseURL!, 'manager', 'Manager_2026');
  const written = await post<{ id: number; body: string }>(author.request, '/api/manage/noticeWrite', {
    title: TITLE,
    body: HOSTILE,
    audiences: ['general'],
  });
  expect(written.body).toContain('javascript:');

  // The second manager: a fresh account given 系统管理员 by the author.
  const editor = await signInFresh(page.request, `公告编辑${STAMP}`);
  const roles = await post<{ id: number; name: string }[]>(author.request, '/api/manage/roles', {});
  const grant = await post<{ id: number }>(author.request, '/api/manage/grant', {
    userId: editor.email,
    roleId: roles.find((r) => r.name === '系统管理员')!.id,
    orgId: null,
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  try {
    await page.goto('/personal/notices');
    await page
      .getByRole('row')
      .filter({ hasText: TITLE })
      .getByRole('button', { name: new RegExp(`编辑\\s*${TITLE}`) })
      .click();
    const area = page.getByRole('textbox', { name: '公告内容' });
    await expect(area).toContainText('附件说明');
    await expect(area).toContainText('报名入口');
    expect(await area.evaluate((el) => el.innerHTML)).not.toMatch(/javascript|<svg|xlink/i);

    // Clicking the links, plain and with the modifier that follows a link in an editable area.
    for (const text of ['附件说明', '报名入口']) {
      await area.getByText(text).click();
      await area.getByText(text).click({ modifiers: ['Control'] });
    }
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await expect(page).toHaveURL(/\/personal\/notices$/);

    // A line typed with Enter (Chromium writes a <div>) is its own line on the public page too (issue 34).
    await area.getByText('第二行').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('第三行');
    await page.getByRole('button', { name: '预览' }).click();
    const shown = page.getByRole('region', { name: '公告预览' });
    await expect(shown.getByText('第三行', { exact: true })).toBeVisible();
    await expect(shown.getByText('第二行', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: '保存草稿' }).click();
    await expect(page.getByText('公告已保存')).toBeVisible();
    const saved = await post<{ body: string }>(author.request, '/api/manage/notice', {
      id: (written as { id: number }).id,
    });
    expect(saved.body).not.toMatch(/javascript|xlink|<svg/i);
    expect(saved.body).toContain('报名入口');
    // The lines written and typed as <div>s are kept, on the page as in the editor.
    expect(saved.body).toContain('<div>第二行</div>');
    expect(saved.body).toMatch(/<(div|p)>第三行<\/\1>/);
  } finally {
    await post(author.request, '/api/manage/revoke', { id: grant.id });
    await author.close();
  }
});

import { expect, test, type Page } from '@playwright/test';
import { signInFreshInPage } from '../support/accounts';
import { signInInPage } from '../support/spaces';

/**
 * 系列专题管理 (issue 25) as a teacher uses it: the seeded `curator` (a teacher; this spec is the only one that signs
 * it in) makes a draft, adds two published courses and orders them with the keyboard, publishes it behind the
 * 提示/确定/取消 prompt, finds it on the cached /series/index and its detail page in that order, then unpublishes
 * it (gone from the list) and deletes it.
 */
test.describe.configure({ mode: 'serial' });

const title = `端到端专题${Date.now().toString(36)}`;

/** Whether a page of /series/index (cached per site and page) lists the series: each page, up to the last. */
async function onIndex(page: Page): Promise<boolean> {
  for (let p = 1; p <= 8; p++) {
    await page.goto(p === 1 ? '/series/index' : `/series/index?page=${p}`);
    await expect(page.getByRole('heading', { name: '系列专题', level: 1 })).toBeVisible();
    if (await page.getByRole('link', { name: title }).count()) return true;
    if ((await page.getByRole('link', { name: '下一页' }).count()) === 0) return false;
  }
  throw new Error('more pages of series than expected');
}

async function confirmPrompt(page: Page) {
  // The dialog's own element has no box (its panel is fixed-positioned): its buttons are what is visible.
  const dialog = page.getByRole('alertdialog', { name: '提示' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toHaveCount(0);
}

test('a teacher makes a series, orders two courses, publishes, unpublishes and deletes it', async ({ page }) => {
  await page.goto('/home');
  await signInInPage(page, 'curator', 'Curator_2026');
  // The list page is cached before the series exists: publishing must show it there at once.
  expect(await onIndex(page)).toBe(false);

  await page.goto('/personal/series');
  await expect(page.getByRole('heading', { name: '系列专题管理', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '新建系列专题' }).click();
  await expect(page.getByRole('heading', { name: '新建系列专题' })).toBeFocused();
  // An empty name is refused beside the field.
  await page.getByRole('button', { name: '创建草稿' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请填写专题名称' })).toBeVisible();
  await page.getByLabel('专题名称').fill(title);
  await page.getByLabel('专题简介').fill('端到端测试创建的系列专题，两门课程。');
  await page.getByRole('button', { name: '创建草稿' }).click();
  await expect(page.getByRole('heading', { name: '编辑系列专题' })).toBeVisible();
  await expect(page.getByText('草稿', { exact: true })).toBeVisible();

  // Two courses from the published catalogue.
  const offered = page.getByRole('list', { name: '可添加的课程' }).getByRole('button', { name: /^添加 / });
  await expect(offered.first()).toBeVisible();
  const names = (await offered.evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('aria-label')!))).map(
    (l) => l.replace(/^添加 /, ''),
  );
  const order = page.getByRole('list', { name: '专题课程顺序' }).getByRole('listitem');
  await page.getByRole('button', { name: `添加 ${names[0]}` }).click();
  await expect(order).toHaveCount(1);
  await page.getByRole('button', { name: `添加 ${names[1]}` }).click();
  await expect(order).toHaveCount(2);
  await expect(order.nth(0)).toContainText(names[0]);

  // 下移 by the keyboard: the order changes and the focus stays on the moved course's button.
  await page.getByRole('button', { name: `下移 ${names[0]}` }).focus();
  await page.keyboard.press('Enter');
  await expect(order.nth(0)).toContainText(names[1]);
  await expect(order.nth(1)).toContainText(names[0]);
  await expect(page.getByRole('button', { name: `下移 ${names[0]}` })).toBeFocused();

  await page.getByRole('button', { name: `发布 ${title}` }).click();
  await confirmPrompt(page);
  await expect(page.getByText('已发布', { exact: true }).first()).toBeVisible();
  const detailHref = await page.getByRole('link', { name: '查看专题页面' }).getAttribute('href');
  expect(detailHref).toMatch(/^\/series\/detail\?id=\d+$/);

  expect(await onIndex(page)).toBe(true);
  await page.goto(detailHref!);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  expect(body.indexOf(names[1])).toBeGreaterThan(-1);
  expect(body.indexOf(names[1])).toBeLessThan(body.indexOf(names[0]));

  // Unpublish: gone from the list and its page; then delete it.
  await page.goto('/personal/series');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await row.getByRole('button', { name: `取消发布 ${title}` }).click();
  await confirmPrompt(page);
  await expect(row.getByText('草稿', { exact: true })).toBeVisible();
  expect(await onIndex(page)).toBe(false);
  const gone = await page.goto(detailHref!);
  expect(gone?.status()).toBe(404);

  await page.goto('/personal/series');
  await row.getByRole('button', { name: `删除 ${title}` }).click();
  await confirmPrompt(page);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
});

test('a learner is told the screen is not theirs', async ({ page }) => {
  await page.goto('/home');
  await signInFreshInPage(page, `series${Date.now().toString(36)}`);
  await page.goto('/personal/series');
  await expect(page.getByText('系列专题管理仅对教师和有“系列专题管理”权限的管理员开放')).toBeVisible();
  await expect(page.getByRole('button', { name: '新建系列专题' })).toHaveCount(0);
});

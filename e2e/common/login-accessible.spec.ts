import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { makeAccount } from '../support/accounts';

/**
 * A sign-in a screen reader can complete (WCAG 2.2 AA): the dialog opens with the focus on its first field, every
 * control is named (axe), 登录 is a touch target of at least 24x24 px on a phone, and the captcha is answered without
 * the image (无障碍验证). Driven by the keyboard, found through the accessibility tree only.
 */
test('a keyboard and screen-reader user signs in without seeing the captcha', async ({ page }) => {
  test.setTimeout(90_000);
  const account = await makeAccount(page, '无障碍登录');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/course/index');

  const login = page.getByRole('banner').getByRole('button', { name: '登录', exact: true });
  const box = await login.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(24);
  expect(box!.height).toBeGreaterThanOrEqual(24);

  await login.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: '登录账号' })).toBeFocused();
  // The captcha image has loaded: the dialog as a screen reader meets it.
  await expect(dialog.getByRole('img', { name: '验证码图片' })).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('登录密码')).toBeFocused();
  await page.keyboard.type(account.password);
  // Tab past the captcha's text field and its image button to 无障碍验证.
  const check = dialog.getByRole('button', { name: '看不清？使用无障碍验证（无需看图）' });
  for (let i = 0; i < 5 && !(await check.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(check).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status').filter({ hasText: '无障碍验证已完成，可以直接提交' })).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByLabel('登录密码').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('banner').getByText(account.name)).toBeVisible();
});

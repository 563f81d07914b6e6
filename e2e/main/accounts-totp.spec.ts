import { expect, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { captchaAnswer, signInFreshInPage } from '../support/accounts';

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

test('enrol TOTP in the personal centre, sign out, sign in with the password and then the code', async ({ page }) => {
  const account = await signInFreshInPage(page, '两步验证测试');
  await page.goto('/personal/index?tab=settings');
  const section = page.locator('#totp');
  await expect(section.getByRole('heading', { name: '两步验证' })).toBeVisible();
  await section.getByRole('button', { name: '启用两步验证' }).click();
  await expect(section.getByRole('img', { name: '两步验证绑定二维码' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // a wrong code: the message beside the field
  await section.getByLabel('验证码').fill(codeOf(secret, 5));
  await section.getByRole('button', { name: '确认启用' }).click();
  await expect(section.getByText('验证码错误，请重新输入')).toBeVisible();
  await section.getByLabel('验证码').fill(codeOf(secret));
  await section.getByRole('button', { name: '确认启用' }).click();
  const codes = section.getByRole('list', { name: '恢复码' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await section.getByRole('button', { name: '我已保存恢复码' }).click();
  await expect(section.getByText(/已启用两步验证，剩余恢复码 10 个/)).toBeVisible();

  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: '退出' }).click();
  await expect(banner.getByRole('button', { name: '登录', exact: true })).toBeVisible();

  const answer = await captchaAnswer(page, () => banner.getByRole('button', { name: '登录', exact: true }).click());
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('登录账号').fill(account.email);
  await dialog.getByLabel('登录密码').fill(account.password);
  await dialog.getByLabel('验证码', { exact: true }).fill(answer);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();

  // the second step: the code field, focused and labelled; a wrong code is told beside it
  const code = dialog.getByLabel('验证码', { exact: true });
  await expect(code).toBeFocused();
  await expect(dialog.getByText('您的账号已启用两步验证')).toBeVisible();
  await code.fill('000000' === codeOf(secret, 1) ? '111111' : '000000');
  await dialog.getByRole('button', { name: '验证并登录' }).click();
  await expect(dialog.getByText('验证码错误，请重新输入')).toBeVisible();
  await expect(code).toBeFocused();
  await code.fill(codeOf(secret, 1));
  await dialog.getByRole('button', { name: '验证并登录' }).click();
  await expect(banner.getByText(account.name)).toBeVisible({ timeout: 20_000 });
});

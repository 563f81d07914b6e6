import { expect, test } from '@playwright/test';
import { pathOf } from '../support/sites';
import { signInByApi } from '../support/catalogue';
import { signInInPage } from '../support/spaces';
import { linkFromOutbox } from '../support/outbox';
import { takeTurns } from '../support/demo-accounts';

takeTurns(test, ['manager']);

/**
 * Notifications (issue 25) as a learner meets them: a fresh learner applies for a training project, the manager
 * (in a browser of their own) approves it, and the learner's header then shows 消息 with one unread; the inbox lists
 * the approval with its link, 标为已读 (pressed from the keyboard) clears the count, and the e-mail is in the outbox.
 */
test('a learner sees the unread count in the header, opens the inbox and marks the message read', async ({
  page,
  browser,
  baseURL,
}) => {
  const learner = await signInByApi(page);
  await page.goto('/train/index?month=0&status=1');
  const first = page.getByRole('main').locator('article h3 a').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect.poll(() => pathOf(page)).toBe('/train/detail');
  const trainId = Number(new URL(page.url()).searchParams.get('id'));
  const trainTitle = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  await page.getByRole('button', { name: '立即报名' }).click();
  await expect(page.getByTestId('apply-status')).toHaveText('报名待审核');
  const me = await page.evaluate(async () => {
    const r = await fetch('/api/eosoperator/myInfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await r.json()) as { data: { operatorID: number; email: string } }).data;
  });

  // The manager approves from a browser of their own (the learner's session stays).
  const managerContext = await browser.newContext({ baseURL });
  const manager = await managerContext.newPage();
  await manager.goto('/service/copyright');
  await signInInPage(manager, 'manager', 'Manager_2026');
  const review = await manager.evaluate(
    async ([trainId, operatorId]) => {
      const r = await fetch('/api/train/review', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ trainId, operatorId, approve: true }),
      });
      return (await r.json()) as { code: number; msg: string };
    },
    [trainId, me.operatorID] as const,
  );
  expect(review.code, review.msg).toBe(0);
  await managerContext.close();

  // The learner's header counts it (read again when the page is opened).
  await page.goto('/home');
  const bell = page.getByRole('link', { name: '消息，1条未读' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect.poll(() => pathOf(page)).toBe('/personal/messages');
  await expect(page.getByRole('heading', { name: '我的消息', level: 1 })).toBeVisible();
  const item = page.getByRole('listitem', { name: `培训报名审核通过：《${trainTitle}》` });
  await expect(item).toBeVisible();
  await expect(item).toContainText('未读');
  await expect(item.getByRole('link', { name: `培训报名审核通过：《${trainTitle}》` })).toHaveAttribute(
    'href',
    `/train/detail?id=${trainId}`,
  );
  await expect(page.getByText('未读 1 条')).toBeVisible();

  // 标为已读 from the keyboard.
  const markRead = item.getByRole('button', { name: /标为已读/ });
  await markRead.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('未读 0 条')).toBeVisible();
  await expect(item).toContainText('已读');
  await expect(page.getByRole('link', { name: '消息', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '未读', exact: true }).click();
  await expect(page.getByText('没有未读消息')).toBeVisible();

  // The same message went out by e-mail, with the link to the project.
  expect(await linkFromOutbox(me.email, `/train/detail?id=${trainId}`)).toContain(`/train/detail?id=${trainId}`);
  expect(learner.name).toMatch(/^报名测试/);
});

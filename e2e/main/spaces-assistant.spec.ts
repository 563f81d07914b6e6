import http from 'node:http';
import { expect, test } from '@playwright/test';
import { signIn, signInInPage } from '../support/spaces';

/**
 * Issue 6 point 3 / SPEC 1: the assistant appears only on the main host, only on the home page, only for a
 * signed-in user; it streams answers from the chat-completions stand-in started here on loopback
 * (scripts/serve-test.mjs points LLM_BASE_URL at E2E_PORT + 7).
 */
const PORT = Number(process.env.E2E_PORT || 3100);
let standIn: http.Server | null = null;

test.beforeAll(async () => {
  standIn = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const t of ['您好！', '请在课程详情页', '点击“选学”。']) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: t } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    standIn!.once('error', reject);
    standIn!.listen(PORT + 7, '127.0.0.1', resolve);
  });
});
test.afterAll(async () => {
  await new Promise((r) => (standIn ? standIn.close(r) : r(null)));
});

const icon = (page: import('@playwright/test').Page) => page.getByRole('button', { name: '智能助手' });

test('a visitor does not see the assistant', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: '课程资源', level: 2 })).toBeVisible();
  await expect(icon(page)).toHaveCount(0);
});

test('a signed-in user sees it on the home page of the main host only, and gets a streamed answer', async ({ page, baseURL }) => {
  await signIn(page.request, baseURL!, 'learner', 'Learner_2026');
  await page.goto('/home');
  await icon(page).click();
  const dialog = page.getByRole('dialog', { name: '智能助手' });
  await dialog.getByLabel('输入问题').fill('怎么开始学习？');
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(dialog.getByText('您好！请在课程详情页点击“选学”。')).toBeVisible();

  await page.goto('/space/teacher?id=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(icon(page)).toHaveCount(0);
});

test('not on the party host, even signed in', async ({ page }) => {
  const party = `http://party.localhost:${PORT}`;
  await page.goto(`${party}/home`);
  await signInInPage(page, 'party', 'Party_2026');
  await page.reload();
  await expect(page.getByRole('banner').getByText('赵红梅')).toBeVisible();
  await expect(icon(page)).toHaveCount(0);
});

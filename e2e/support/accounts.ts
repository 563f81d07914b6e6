import { expect, type Page } from '@playwright/test';
import { linkFromOutbox } from './outbox';

/**
 * The latest captcha answer the page received, through the test-only hook (PORTAL_TEST_HOOKS=1 on the
 * test server). Call once per page before the dialog opens; read with latest() after it has.
 */
export function trackCaptcha(page: Page): { latest: () => Promise<string> } {
  let answer: string | null = null;
  let count = 0;
  page.on('response', async (r) => {
    if (!r.url().endsWith('/modules/imgCode/detail')) return;
    const mine = ++count;
    try {
      const a = ((await r.json()) as { data: { answer: string } }).data.answer;
      if (mine === count) answer = a;
    } catch {
      /* the page navigated away */
    }
  });
  return {
    latest: async () => {
      await expect.poll(() => answer, { message: 'a captcha was fetched' }).not.toBeNull();
      return answer!;
    },
  };
}

/**
 * A fresh, activated account of its own, so tests on parallel projects never share a session. The calls
 * run inside the page (Node itself cannot resolve *.localhost); the activation link comes from the outbox.
 */
export async function makeAccount(page: Page, name: string, password = 'Own_pass_2026') {
  const email = `${name.length}.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@example.org`;
  if (!page.url().startsWith('http')) await page.goto('/home');
  const post = (path: string, body: unknown) =>
    page.evaluate(
      async ([p, b]) => (await fetch(p as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })).json(),
      [path, body] as const,
    ) as Promise<{ code: number; msg: string; data: { answer: string; uuid: string } }>;
  const cap = await post('/modules/imgCode/detail', {});
  const reg = await post('/api/register/create', { operatorName: name, orgName: '测试研究所', email, password, repassword: password, code: cap.data.answer, codeUuid: cap.data.uuid });
  expect(reg.msg).toBe('success');
  const act = new URL(await linkFromOutbox(email, 'activateToken='));
  expect((await post('/api/register/activate', { token: act.searchParams.get('activateToken') })).code).toBe(0);
  return { email, password, name };
}

import { expect, type APIRequestContext, type Page } from '@playwright/test';
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

/** The answer of the captcha that `trigger` makes the page fetch (the test-only hook, PORTAL_TEST_HOOKS=1). */
export async function captchaAnswer(page: Page, trigger: () => Promise<unknown>): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/modules/imgCode/detail')),
    trigger(),
  ]);
  return ((await response.json()) as { data: { answer: string } }).data.answer;
}

/**
 * A JSON call made by the page itself, with its cookies (Node cannot resolve *.localhost, and the session cookie is
 * the page's): the envelope as the API answers it.
 */
export async function postInPage<T = unknown>(
  page: Page,
  path: string,
  body: unknown,
): Promise<{ code: number; msg: string; data: T }> {
  return page.evaluate(
    async ([p, b]) =>
      (
        await fetch(p as string, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(b),
        })
      ).json(),
    [path, body] as const,
  );
}

type Post = (
  path: string,
  body: unknown,
) => Promise<{ code: number; msg: string; data: { answer: string; uuid: string } }>;

/** Registers and activates an account through `post` (the activation link comes from the outbox). */
async function registerAccount(post: Post, name: string, password: string) {
  const email = `${name.length}.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@example.org`;
  const cap = await post('/modules/imgCode/detail', {});
  const reg = await post('/api/register/create', {
    operatorName: name,
    orgName: '测试研究所',
    email,
    password,
    repassword: password,
    code: cap.data.answer,
    codeUuid: cap.data.uuid,
  });
  expect(reg.msg).toBe('success');
  const act = new URL(await linkFromOutbox(email, 'activateToken='));
  expect((await post('/api/register/activate', { token: act.searchParams.get('activateToken') })).code).toBe(0);
  return { email, password, name };
}

/**
 * A fresh, activated account of its own, so tests on parallel projects never share a session (a newer sign-in
 * ends the older one, SPEC 4.1). The calls run inside the page (Node itself cannot resolve *.localhost).
 */
export async function makeAccount(page: Page, name: string, password = 'Own_pass_2026') {
  if (!page.url().startsWith('http')) await page.goto('/home');
  const post: Post = (path, body) => postInPage(page, path, body);
  return registerAccount(post, name, password);
}

/**
 * A fresh account signed in from inside the page, so the browser holds the session cookie on any host (Node cannot
 * resolve *.localhost for an API request context).
 */
export async function signInFreshInPage(page: Page, name: string, password = 'Own_pass_2026') {
  const account = await makeAccount(page, name, password);
  const signedIn = await page.evaluate(async ({ email, password }) => {
    const post = async (path: string, body: unknown) =>
      (
        await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    const cap = await post('/modules/imgCode/detail', {});
    return post('/modules/eosoperator/login', {
      userID: email,
      password,
      code: cap.data.answer,
      codeUuid: cap.data.uuid,
    });
  }, account);
  expect(signedIn.code, signedIn.msg).toBe(0);
  return account;
}

/** The same through an API request context (the main host's project, whose host Node resolves), signed in. */
export async function signInFresh(request: APIRequestContext, name: string, password = 'Own_pass_2026') {
  const post: Post = async (path, body) => (await request.post(path, { data: body })).json();
  const account = await registerAccount(post, name, password);
  const cap = await post('/modules/imgCode/detail', {});
  const res = await post('/modules/eosoperator/login', {
    userID: account.email,
    password,
    code: cap.data.answer,
    codeUuid: cap.data.uuid,
  });
  expect(res.code, res.msg).toBe(0);
  return account;
}

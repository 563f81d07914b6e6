import { expect, type Page } from '@playwright/test';
import { makeAccount } from './accounts';

/**
 * Catalogue e2e helpers. Sign-in goes through the API (captcha answer from the test hook), so that these
 * specs do not depend on the dialog; the cookies land in the page's context. Without `as`, a fresh account
 * (e2e/support/accounts.ts): a demo account would be signed out whenever a spec running at the same time
 * signs it in elsewhere (SPEC 4.1, 2001).
 */
type Account = { userID: string; password: string; name?: string };

export async function signInByApi(page: Page, as?: Account): Promise<Account> {
  let account = as;
  if (!account) {
    // A name of its own too, so that a manager reviewing tells this application from those of earlier runs.
    const made = await makeAccount(page, `报名测试${Date.now().toString(36).slice(-5)}`);
    account = { userID: made.email, password: made.password, name: made.name };
  }
  if (page.url() === 'about:blank') await page.goto('/service/copyright');
  // From the page (Node cannot resolve *.localhost): the browser keeps the session cookies it is given.
  const result = await page.evaluate(async (acc) => {
    const post = async (path: string, body: object) =>
      (
        await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          credentials: 'include',
        })
      ).json();
    const cap = await post('/modules/imgCode/detail', {});
    return post('/modules/eosoperator/login', {
      userID: acc.userID,
      password: acc.password,
      code: cap.data.answer,
      codeUuid: cap.data.uuid,
    });
  }, account);
  expect(result.code, result.msg).toBe(0);
  return account;
}

export const search = (page: Page) => new URL(page.url()).searchParams;

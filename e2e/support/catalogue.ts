import { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * Catalogue e2e helpers. Sign-in goes through the API (captcha answer from the test hook), so that these
 * specs do not depend on the dialog; the cookies land in the page's context. The accounts are not the ones
 * e2e/common/login.spec.ts signs in and out with, so that parallel runs do not replace each other's session.
 */
const ACCOUNTS: Record<string, { userID: string; password: string }> = {
  main: { userID: 'teacher', password: 'Teacher_2026' },
  party: { userID: 'manager', password: 'Manager_2026' },
  student: { userID: 'student', password: 'Student_2026' },
};

export async function signInByApi(page: Page, testInfo: TestInfo): Promise<void> {
  const account = ACCOUNTS[testInfo.project.name];
  // From the page (Node cannot resolve *.localhost): the browser keeps the session cookies it is given.
  if (page.url() === 'about:blank') await page.goto('/service/copyright');
  const result = await page.evaluate(async (acc) => {
    const post = async (path: string, body: object) =>
      (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'include' })).json();
    const cap = await post('/modules/imgCode/detail', {});
    return post('/modules/eosoperator/login', { userID: acc.userID, password: acc.password, code: cap.data.answer, codeUuid: cap.data.uuid });
  }, account);
  expect(result.code, result.msg).toBe(0);
}

export const search = (page: Page) => new URL(page.url()).searchParams;

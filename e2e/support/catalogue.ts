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
  const captcha = await page.request.post('/modules/imgCode/detail', { data: {} });
  const { data } = (await captcha.json()) as { data: { uuid: string; answer: string } };
  const res = await page.request.post('/modules/eosoperator/login', { data: { userID: account.userID, password: account.password, code: data.answer, codeUuid: data.uuid } });
  const body = (await res.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(0);
}

export const search = (page: Page) => new URL(page.url()).searchParams;

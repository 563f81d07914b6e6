import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { playableVideo } from '../../tests/fixtures/playable-video';

/** Signs in through the login endpoint with the test-only captcha answer (PORTAL_TEST_HOOKS=1); the context keeps the cookies. */
export async function signIn(
  request: APIRequestContext,
  origin: string,
  userID: string,
  password: string,
): Promise<{ operatorID: number; tchrId: number | null }> {
  const captcha = (await (await request.post(`${origin}/modules/imgCode/detail`, { data: {} })).json()) as {
    data: { uuid: string; answer: string };
  };
  const login = (await (
    await request.post(`${origin}/modules/eosoperator/login`, {
      data: { userID, password, code: captcha.data.answer, codeUuid: captcha.data.uuid },
    })
  ).json()) as { code: number; msg: string };
  expect(login.code, login.msg).toBe(0);
  const me = (await (await request.post(`${origin}/api/eosoperator/myInfo`, { data: {} })).json()) as {
    data: { operatorID: number; tchrId: number | null };
  };
  return me.data;
}

/**
 * A few MB of real MP4 (tests/fixtures/playable-video.ts: a 1 s clip and a padding box): uploaded course videos are
 * transcoded for HLS, and the course is submitted only once that is done.
 */
export function generatedVideo(bytes: number): Buffer {
  return playableVideo(bytes);
}

export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The same sign-in from inside the page (for hosts Node cannot resolve, such as party.localhost); the browser keeps the cookies. */
export async function signInInPage(page: Page, userID: string, password: string): Promise<void> {
  const code = await page.evaluate(
    async ([u, p]) => {
      const post = (path: string, body: unknown) =>
        fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.json());
      const cap = await post('/modules/imgCode/detail', {});
      const login = await post('/modules/eosoperator/login', {
        userID: u,
        password: p,
        code: cap.data.answer,
        codeUuid: cap.data.uuid,
      });
      return login.code as number;
    },
    [userID, password],
  );
  expect(code).toBe(0);
}

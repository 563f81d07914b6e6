import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

/** A few MB that a browser and the server take for an MP4 (an ftyp box, then noise). */
export function generatedVideo(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]).copy(out);
  let x = 2463534242;
  for (let i = 16; i < bytes; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
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

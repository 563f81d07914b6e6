/** Helpers of the learning specs: sign in through the API (captcha test hook), pick a course, read the video. */
import { expect, type APIRequestContext, type Page, type TestInfo, test } from '@playwright/test';

export const PASSWORDS: Record<string, string> = {
  learner: 'Learner_2026',
  teacher: 'Teacher_2026',
  manager: 'Manager_2026',
  party: 'Party_2026',
  student: 'Student_2026',
};

/** These specs change the shared database: they run once, on the main host's project. */
export function mainOnly(testInfo: TestInfo) {
  test.skip(testInfo.project.name !== 'main', 'runs once, on the main host');
}

export async function signIn(request: APIRequestContext, userID: string) {
  const cap = await (await request.post('/modules/imgCode/detail', { data: {} })).json();
  const res = await (
    await request.post('/modules/eosoperator/login', {
      data: { userID, password: PASSWORDS[userID], code: cap.data.answer, codeUuid: cap.data.uuid },
    })
  ).json();
  expect(res.code, res.msg).toBe(0);
}

/** The same from inside the page (Node does not resolve *.localhost, Chromium does). */
export async function signInInPage(page: Page, userID: string) {
  await page.goto('/bench/baseline');
  const res = await page.evaluate(
    async ({ userID, password }) => {
      const post = async (path: string, body: unknown) =>
        (
          await fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json();
      const cap = await post('/modules/imgCode/detail', {});
      return post('/modules/eosoperator/login', { userID, password, code: cap.data.answer, codeUuid: cap.data.uuid });
    },
    { userID, password: PASSWORDS[userID] },
  );
  expect(res.code, res.msg).toBe(0);
}

export async function api<T>(
  request: APIRequestContext,
  path: string,
  data: unknown = {},
): Promise<{ code: number; msg: string; data: T }> {
  return (await request.post(path, { data })).json();
}

/** A published course the signed-in user has not chosen yet, with at least two chapters. */
export async function unchosenCourse(request: APIRequestContext, skip = 0): Promise<number> {
  for (let id = 11 + skip; id < 400; id++) {
    const view = await api<{ chapters: unknown[] }>(request, '/api/course/view', { courseId: id });
    if (view.code !== 0 || view.data.chapters.length < 2) continue;
    const state = await api<{ chosen: boolean }>(request, '/api/course/state', { courseId: id });
    if (!state.data.chosen) return id;
  }
  throw new Error('no unchosen course');
}

export const video = (page: Page) => page.getByTestId('course-video');

export async function videoTime(page: Page): Promise<number> {
  return video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
}

/** Starts playback muted (autoplay rules), as a click on the play button would. */
export async function play(page: Page) {
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
}

/**
 * The course player as a person uses it (issue 5 point 8): the visitor's 3-minute trial (test clock), choosing,
 * watching, reloading and resuming, the hours in the personal centre, and a network cut that loses nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, mainOnly, play, unchosenCourse, video, videoTime } from './learning-support';
import { signInFresh } from '../support/accounts';

/** A fresh learner of its own (name) who has chosen a course (the first unchosen one after `skip`), in the player with the video ready. */
async function openChosenCourse(page: Page, name: string, skip: number): Promise<number> {
  await signInFresh(page.request, name);
  const courseId = await unchosenCourse(page.request, skip);
  await api(page.request, '/api/course/choose', { courseId });
  await page.goto(`/courseView?courseId=${courseId}`);
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  return courseId;
}

const TRIAL = '当前课程只能试看3分钟，请您点击“选学”按钮“开始学习”按钮观看课程完整内容';

test('a visitor watches the 3-minute trial, then the video stops with message mode 3; other chapters need 选学', async ({
  page,
  request,
}, testInfo) => {
  mainOnly(testInfo);
  await page.clock.install();
  const courseId = await unchosenCourse(request);
  await page.goto(`/courseView?courseId=${courseId}`);
  await expect(page.getByText('试看中（3分钟）')).toBeVisible();
  await expect(video(page)).toBeVisible();
  await play(page);
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  // Three minutes of playing, on the test clock.
  await page.clock.runFor(181_000);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(TRIAL)).toBeVisible();
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await dialog.getByRole('button', { name: '确定' }).click();
  // Another chapter: 请选学后播放 (mode 4).
  await page.getByRole('navigation', { name: '课程章节' }).getByRole('button').nth(1).click();
  await expect(page.getByRole('dialog').getByText('请选学后播放')).toBeVisible();

  // The server never serves a byte past the trial: the visitor gets the trial rendition, whatever the range.
  const chapterId = Number(await video(page).getAttribute('data-chapter-id'));
  const head = await request.get(`/media/chapter/${chapterId}?r=full`, { headers: { range: 'bytes=0-99' } });
  expect(head.status()).toBe(206);
  expect(head.headers()['x-media-rendition']).toBe('trial');
  const total = Number(head.headers()['content-range'].split('/')[1]);
  const beyond = await request.get(`/media/chapter/${chapterId}`, { headers: { range: `bytes=${total}-` } });
  expect(beyond.status()).toBe(416);
});

test('a learner chooses a course, watches, reloads and resumes at the same position, and sees the hours', async ({
  page,
}, testInfo) => {
  mainOnly(testInfo);
  test.setTimeout(120_000);
  await signInFresh(page.request, '学习测试');
  const courseId = await unchosenCourse(page.request, 20);
  const before = (await api<{ onLineAllTimeEffective: number }>(page.request, '/api/study/totalTime')).data
    .onLineAllTimeEffective;
  await page.goto(`/courseView?courseId=${courseId}`);
  await page.getByRole('button', { name: '选学', exact: true }).click();
  await expect(page.getByTestId('course-progress')).toBeVisible();
  await expect(video(page)).toHaveAttribute('data-rendition', 'full');
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await play(page);
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(7);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  await expect(page.getByTestId('study-status')).toContainText('学习进度已保存');
  const position = await videoTime(page);

  await page.reload();
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(position - 1.5);
  expect(await videoTime(page)).toBeLessThan(position + 1.5);

  const after = (await api<{ onLineAllTimeEffective: number }>(page.request, '/api/study/totalTime')).data
    .onLineAllTimeEffective;
  expect(after - before).toBeGreaterThanOrEqual(5);
  await page.goto('/personal/index?tab=courses');
  const title = (await api<{ title: string }>(page.request, '/api/course/view', { courseId })).data.title;
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `${title} 学习进度` })).toBeVisible();
  await page.goto('/personal/index');
  await expect(page.getByRole('img', { name: /网络学时：\d+小时\d+分钟，要求50学时/ })).toBeVisible();
});

test('the network is cut mid-study and restored: no progress is lost', async ({ page, context }, testInfo) => {
  mainOnly(testInfo);
  test.setTimeout(120_000);
  const courseId = await openChosenCourse(page, '断网测试', 40);
  await play(page);
  // Enough is buffered to keep playing offline.
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => (v.buffered.length ? v.buffered.end(0) : 0)), {
      timeout: 20_000,
    })
    .toBeGreaterThan(30);
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(4);
  await context.setOffline(true);
  const offlineFrom = await videoTime(page);
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(offlineFrom + 6);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  await expect(page.getByTestId('pending-heartbeats')).toBeVisible();
  const watchedTo = await videoTime(page);
  const queued = await page.evaluate(() => JSON.parse(localStorage.getItem('learning-heartbeat-queue') ?? '[]').length);
  expect(queued).toBeGreaterThan(0);

  await context.setOffline(false);
  await expect(page.getByTestId('pending-heartbeats')).toHaveCount(0, { timeout: 20_000 });
  const state = (
    await api<{ studiedSeconds: number; lastPosition: number }>(page.request, '/api/course/state', { courseId })
  ).data;
  // Everything watched (online and offline) was credited; the position is where playback stopped.
  expect(state.studiedSeconds).toBeGreaterThanOrEqual(Math.floor(watchedTo) - 3);
  expect(Math.abs(state.lastPosition - watchedTo)).toBeLessThan(2);
});

test('the batch player resumes at the saved position and holds the course against a second window', async ({
  page,
  context,
}, testInfo) => {
  mainOnly(testInfo);
  test.setTimeout(90_000);
  // Some study in the ordinary player first, so that there is a saved position to resume at.
  const courseId = await openChosenCourse(page, '批量测试', 80);
  await play(page);
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(5);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  await expect(page.getByTestId('study-status')).toContainText('学习进度已保存');
  const state = (await api<{ lastPosition: number }>(page.request, '/api/course/state', { courseId })).data;
  expect(state.lastPosition).toBeGreaterThan(0);
  await page.goto(`/courseViewBatch?courseId=${courseId}`);
  await expect(page.getByText('批量学习')).toBeVisible();
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(state.lastPosition - 1.5);
  const second = await context.newPage();
  await second.goto(`/courseViewBatch?courseId=${courseId}`);
  await expect(second.getByText('该课程正在其他窗口学习，请关闭其他窗口后再学习').first()).toBeVisible();
});

test('after a chapter ends the self test opens and is scored; a review and a summary are published', async ({
  page,
}, testInfo) => {
  mainOnly(testInfo);
  await openChosenCourse(page, '自测测试', 60);
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration - 1;
  });
  await play(page);
  const test1 = page.getByTestId('self-test');
  await expect(test1).toBeVisible({ timeout: 15_000 });
  // Nothing answered: the questions are marked, nothing is scored or revealed.
  await test1.getByRole('button', { name: '提交自测' }).click();
  await expect(test1.getByRole('alert')).toHaveText('还有3道题需要填写，请查看标红的题目');
  await expect(test1.getByRole('group', { name: /^1\./ })).toBeFocused();
  await expect(test1.getByRole('status')).toHaveCount(0);
  await test1.getByRole('group', { name: /^1\./ }).getByLabel('正确').check();
  await test1.getByRole('group', { name: /^2\./ }).getByRole('radio').first().check();
  await test1.getByRole('group', { name: /^3\./ }).getByLabel('正确').check();
  await test1.getByRole('button', { name: '提交自测' }).click();
  await expect(test1.getByRole('status')).toContainText(/答对 [23] \/ 3 题/);

  await page.getByRole('tab', { name: '课程评价' }).click();
  await page.getByPlaceholder('写下您对本课程的评价').fill('讲解清楚，案例丰富');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('讲解清楚，案例丰富')).toBeVisible();
  await page.getByRole('tab', { name: '学习心得' }).click();
  // Wait for the summary form itself before submitting it empty (the review panel's button may still be on screen).
  await expect(page.getByPlaceholder('写下您的学习心得')).toBeVisible();
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('请填写内容')).toBeVisible();
  await page.getByPlaceholder('写下您的学习心得').fill('结合工作实际，收获很大');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('结合工作实际，收获很大')).toBeVisible();
});

test('keyboard anywhere on the page and on the focused video: space toggles once, → seeks 5 s; 收藏 from the player shows in 我的收藏', async ({
  page,
}, testInfo) => {
  mainOnly(testInfo);
  const courseId = await openChosenCourse(page, '键盘收藏', 120);
  const v = video(page);
  // Focus on <body>: the shortcuts work, and space does not scroll the page.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.keyboard.press(' ');
  await expect.poll(() => v.evaluate((el: HTMLVideoElement) => !el.paused)).toBe(true);
  await page.keyboard.press('k');
  await expect.poll(() => v.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
  await v.focus();
  await page.keyboard.press(' ');
  await expect.poll(() => v.evaluate((el: HTMLVideoElement) => !el.paused)).toBe(true);
  await page.keyboard.press(' ');
  await expect.poll(() => v.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
  const before = await videoTime(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Math.round((await videoTime(page)) - before)).toBe(5);

  await page.getByRole('button', { name: '收藏', exact: true }).click();
  await expect(page.getByRole('button', { name: '取消收藏' })).toBeVisible();
  await page.goto('/personal/index?tab=favourites');
  await expect(page.getByRole('list').getByRole('link').filter({ hasText: /./ }).first()).toBeVisible();
  expect(await page.locator(`a[href="/course/detail?id=${courseId}"]`).count()).toBe(1);

  // 取消收藏 by keyboard: the course leaves the list, and the keyboard stays in it (the next course, or the heading).
  const item = page.getByRole('listitem').filter({ has: page.locator(`a[href="/course/detail?id=${courseId}"]`) });
  await item.getByRole('button', { name: '取消收藏' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(`a[href="/course/detail?id=${courseId}"]`)).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.activeElement?.matches('[data-favourite], h2#fav-title') ? document.activeElement.textContent : 'lost',
      ),
    )
    .toMatch(/^(取消收藏|我的收藏)$/);
});

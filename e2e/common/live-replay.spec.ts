/**
 * A live class's recording is watched on its page (QA: there was no way to watch one): a visitor is asked to sign
 * in; a signed-in learner plays it there and its start is recorded (the hours at its end: tests/integration/live-replay).
 * Not on the student host, which has no live classes.
 */
import { expect, test, type Page } from '@playwright/test';
import { PASSWORDS, signInInPage } from './learning-support';

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === 'student', 'the student host has no live classes');
});

/** The first ended class of this host's list with a recording (the list's own call, from the page). */
async function endedClass(page: Page): Promise<{ id: number; recordHours: number }> {
  await page.goto('/live/index');
  return page.evaluate(async () => {
    const platform = location.hostname.startsWith('dangxiao') ? '/api/platform' : '/api';
    const res = await fetch(`${platform}/live/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'ended', pageSize: 20 }),
    });
    const list = (await res.json()).data.list as { id: number; recordHours: number; hasReplay: boolean }[];
    // A class the live spec broadcast has its recording as HLS: this spec plays a clip of the media store.
    for (const l of list.filter((c) => c.recordHours > 0 && c.hasReplay)) {
      const detail = await fetch(`${platform}/live/detail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: l.id }),
      });
      if ((await detail.json()).data.replay?.hls === false) return l;
    }
    throw new Error('no ended class with a recorded clip');
  });
}

test('a visitor is asked to sign in to watch a recording', async ({ page }) => {
  const live = await endedClass(page);
  await page.goto(`/live/detail?id=${live.id}`);
  const replay = page.getByRole('region', { name: '直播回放' });
  await expect(replay).toContainText(`完整观看后计入${live.recordHours}学时`);
  await replay.getByRole('button', { name: '登录后观看回放' }).click();
  await expect(page.getByRole('dialog')).toContainText('请先登录系统后再查看相关内容，谢谢！');
});

test('a signed-in learner plays the recording on the page; its start is recorded', async ({ page }, testInfo) => {
  const userID = testInfo.project.name === 'party' ? 'party' : 'learner';
  expect(PASSWORDS[userID]).toBeTruthy();
  await signInInPage(page, userID);
  const live = await endedClass(page);
  await page.goto(`/live/detail?id=${live.id}`);
  const video = page.getByRole('region', { name: '直播回放' }).getByLabel('直播回放视频');
  await expect(video).toHaveAttribute('src', `/media/live/${live.id}`);
  const started = page.waitForResponse((r) => /\/live\/replayStart$/.test(new URL(r.url()).pathname));
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  expect((await (await started).json()).data).toEqual(expect.objectContaining({ id: live.id, started: true }));
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  await expect(page.getByTestId('replay-status')).toHaveText(/完整观看后计入\d+学时|已计入\d+学时/);
});

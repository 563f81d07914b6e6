/**
 * Adaptive HLS in the player (issue 24), as a teacher and a learner use it: a 720p video uploaded in the creation
 * centre is transcoded by the job (转码中, then ready), submitted, and played by a learner in Chromium through hls.js;
 * the quality menu offers 自动 / 流畅 / 高清 (no 超清: the source is 720p), a switch to 高清 plays 720 lines and is
 * remembered after a reload, and the heartbeats of the HLS playback are accepted.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, mainOnly, play, signIn, video, videoTime } from './learning-support';
import { signInFresh } from '../support/accounts';
import { PNG_1PX } from '../support/spaces';
import { takeTurns } from '../support/demo-accounts';

takeTurns(test, ['teacher']);

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** 20 s of 1280x720 with sound, encoded fast (about a second here). */
function clip720(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-hls-'));
  const file = path.join(dir, 'lecture.mp4');
  try {
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '20'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('an uploaded 720p chapter plays as HLS: quality switched to 高清 and remembered, heartbeats accepted', async ({
  page,
}, testInfo) => {
  mainOnly(testInfo);
  test.setTimeout(150_000);
  const bytes = clip720();

  // The teacher uploads it as a chapter of a new course and submits the course once it is transcoded.
  await signIn(page.request, 'teacher');
  const cover = await (
    await page.request.post('/api/resourceFile/uploadFile', {
      multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: PNG_1PX } },
    })
  ).json();
  expect(cover.code, cover.msg).toBe(0);
  const basic = await api<{ courseId: number }>(page.request, '/api/resourceFile/updateBasic', {
    title: `HLS 自适应播放 ${Date.now()}`,
    categoryCode: 302,
    cover: cover.data.url,
    summary: 'HLS 播放检验：上传的视频转码为多种清晰度后播放。',
    audiences: ['general'],
  });
  const courseId = basic.data.courseId;
  const uploaded = await (
    await page.request.post('/api/resourceFile/uploadCourseWareFile', {
      multipart: {
        fileMd5: md5(bytes),
        fileSize: String(bytes.length),
        chunkSize: String(16 * 1024 * 1024),
        chunkIndex: '0',
        chunkMd5: md5(bytes),
        file: { name: '第一讲.mp4', mimeType: 'video/mp4', buffer: bytes },
      },
    })
  ).json();
  expect(uploaded.code, uploaded.msg).toBe(0);
  for (const title of ['第一讲 自适应码率', '第二讲 同一视频']) {
    const saved = await api(page.request, '/api/resourceFile/saveChapter', {
      courseId,
      title,
      fileId: uploaded.data.file.fileId,
      durationSeconds: 20,
    });
    expect(saved.code, saved.msg).toBe(0);
  }
  await expect
    .poll(
      async () =>
        (
          await api<{ chapters: { transcode?: { state: string } }[] }>(page.request, '/api/resourceFile/getBasic', {
            courseId,
          })
        ).data.chapters[0].transcode?.state,
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe('ready');
  const submitted = await api<{ auditStatus: number }>(page.request, '/api/resourceFile/submit', { courseId });
  expect(submitted.data.auditStatus, submitted.msg).toBe(1052);

  // A learner chooses it and plays it: hls.js, three choices in the menu.
  await signInFresh(page.request, 'HLS学员');
  await api(page.request, '/api/course/choose', { courseId });
  await page.goto(`/courseView?courseId=${courseId}`);
  await expect(video(page)).toHaveAttribute('data-source', 'hls');
  const menu = page.getByRole('combobox', { name: '清晰度' });
  await expect(menu.locator('option')).toHaveText(['自动', '流畅 360P', '高清 720P']);
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await play(page);
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(2);

  await menu.selectOption({ label: '高清 720P' });
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 20_000 }).toBe(720);
  expect(await page.evaluate(() => localStorage.getItem('portal.player.quality'))).toBe('720');
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(7);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  await expect(page.getByTestId('study-status')).toContainText('学习进度已保存');

  // The heartbeats were counted: the chapter's position is saved on the server.
  const progress = await api<{ lastPosition: number }>(page.request, '/api/course/progress', { courseId });
  expect(progress.data.lastPosition).toBeGreaterThan(5);

  // Reloaded, the choice is still 高清.
  await page.reload();
  await expect(page.getByRole('combobox', { name: '清晰度' })).toHaveValue('720');
});

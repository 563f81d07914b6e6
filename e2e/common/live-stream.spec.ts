/**
 * A live class streamed while on air (issue 24), end to end: the ingest (nginx with the RTMP module, started by
 * scripts/serve-test.mjs from deploy/nginx-rtmp.conf) asks the portal about each key; a wrong key and a key outside
 * its class's time are refused; the lecturer's key goes on air, a learner sees 直播中, the number watching and the
 * live video playing in Chromium; the lecturer regenerates the key (its stream is dropped, the old key refused) and
 * ends the class; the
 * recording is packaged by a job and plays on the same page as the replay. Runs once, on the main host.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { postInPage, signInFreshInPage } from '../support/accounts';

const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const RTMP_PORT = Number(process.env.LIVE_TEST_RTMP_PORT || 1935);
const RTMP = `rtmp://127.0.0.1:${RTMP_PORT}/live`;

test.describe.configure({ mode: 'serial' });
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'main', 'runs once, on the main host');
  test.skip(
    !existsSync(RTMP_MODULE) || !existsSync('/usr/bin/ffmpeg'),
    'nginx RTMP module or ffmpeg missing: apt-get install -y libnginx-mod-rtmp ffmpeg',
  );
});

/** ffmpeg pushing a generated picture and tone to the ingest with this key (the brief's command, at most `seconds`). */
function push(key: string, seconds = 60): ChildProcess {
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'],
      ...['-c:a', 'aac', '-f', 'flv', `${RTMP}/${key}`],
    ],
    { stdio: 'ignore' },
  );
}

/** Resolves the exit code, or null if still running after `ms`. */
function exitWithin(child: ChildProcess, ms: number): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    const t = setTimeout(() => resolve(null), ms);
    child.once('exit', (code) => {
      clearTimeout(t);
      resolve(code ?? 1);
    });
  });
}

const post = postInPage;

async function signInLecturer(page: Page) {
  await page.goto('/bench/baseline');
  const cap = await post<{ answer: string; uuid: string }>(page, '/modules/imgCode/detail', {});
  const res = await post(page, '/modules/eosoperator/login', {
    userID: 'lecturer',
    password: 'Lecturer_2026',
    code: cap.data.answer,
    codeUuid: cap.data.uuid,
  });
  expect(res.code, res.msg).toBe(0);
}

type Info = { id: number; streamKey: string; rtmpUrl: string };

/** The lecturer's class of this status (live now, upcoming) and its stream settings. */
async function lecturerClass(page: Page, status: 'live' | 'upcoming'): Promise<Info> {
  const list = await post<{ list: { id: number }[] }>(page, '/api/live/list', { status, pageSize: 50 });
  for (const l of list.data.list) {
    const info = await post<Info>(page, '/api/live/streamInfo', { id: l.id });
    if (info.code === 0) return info.data;
  }
  throw new Error(`the lecturer has no ${status} class on this host`);
}

let ffmpeg: ChildProcess | null = null;
test.afterAll(() => {
  ffmpeg?.kill('SIGKILL');
});

test('a class on air streams live to a learner, then its recording is the replay', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInLecturer(page);
  const onAir = await lecturerClass(page, 'live');
  const upcoming = await lecturerClass(page, 'upcoming');
  expect(onAir.rtmpUrl).toBe(RTMP);

  // The lecturer's page shows the settings, the key hidden until 显示.
  await page.goto(`/live/detail?id=${onAir.id}`);
  const settings = page.getByRole('region', { name: '观看直播' }).getByRole('region', { name: /推流设置/ });
  await expect(settings.getByTestId('rtmp-url')).toHaveText(RTMP);
  await expect(settings.getByTestId('stream-key')).not.toHaveText(onAir.streamKey);
  await settings.getByRole('button', { name: '显示' }).click();
  await expect(settings.getByTestId('stream-key')).toHaveText(onAir.streamKey);
  // Off the page while the learner watches, so the count below is the learner alone.
  await page.goto('/bench/baseline');

  // A wrong key, and the key of a class that starts days from now, are refused by the portal.
  expect(await exitWithin(push(`${onAir.streamKey.split('?')[0]}?key=not-the-key-of-this-class`), 15_000)).not.toBe(0);
  expect(await exitWithin(push(upcoming.streamKey), 15_000)).not.toBe(0);

  // The class's key goes on air.
  ffmpeg = push(onAir.streamKey, 90);
  expect(await exitWithin(ffmpeg, 3000)).toBeNull();

  // A learner (a fresh account) watches: 直播中, one watching, the video's time advancing.
  const ctx = await browser.newContext();
  const learner = await ctx.newPage();
  await signInFreshInPage(learner, 'live-viewer');
  await learner.goto(`/live/detail?id=${onAir.id}`);
  const watch = learner.getByRole('region', { name: '观看直播' });
  await expect(watch.getByTestId('live-status')).toContainText('直播中');
  const video = watch.getByLabel('直播视频');
  const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(1);
  const t1 = await time();
  await expect.poll(time, { timeout: 10_000 }).toBeGreaterThan(t1 + 1);
  await expect(watch.getByTestId('live-viewers')).toHaveText('1人正在观看', { timeout: 15_000 });

  // The lecturer regenerates the key while on air: the stream of the old key is dropped at once and the old key
  // is refused from then on. Then the lecturer ends the class.
  await page.goto(`/live/detail?id=${onAir.id}`);
  await settings.getByRole('button', { name: '重新生成密钥' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  // The new key is shown at once.
  await expect(settings.getByTestId('stream-key')).toHaveText(/^c\d+-[0-9a-f]{18}\?key=[\w-]{32}$/);
  await expect(settings.getByTestId('stream-key')).not.toHaveText(onAir.streamKey);
  expect(await exitWithin(ffmpeg, 15_000)).not.toBeNull();
  expect(await exitWithin(push(onAir.streamKey), 15_000)).not.toBe(0);
  await settings.getByRole('button', { name: '结束直播' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();

  // The learner's page turns to the replay once the recording is packaged, and plays it.
  const replay = learner.getByLabel('直播回放视频');
  await expect(replay).toBeVisible({ timeout: 60_000 });
  await replay.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => replay.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
  await ctx.close();
});

#!/usr/bin/env node
/**
 * Glass-to-glass latency of a live class on loopback (issue 24; target under 10 s): ffmpeg pushes a generated stream
 * to the ingest (nginx-rtmp from deploy/nginx-rtmp.conf, scripts/lib/nginx-rtmp.mjs) whose every frame carries its
 * own capture time as 24 black and white blocks (its pts in centiseconds; with -re a frame is made at the push's start
 * plus its pts), and Chromium plays the live HLS with hls.js in the player's live settings (components/live/use-hls.ts).
 * On each frame presented (requestVideoFrameCallback) the page reads the blocks back from a canvas: latency = the time
 * the frame is shown minus the time it was made. The push's start is taken just before ffmpeg starts, so ffmpeg's own
 * start-up counts as latency (the figure is an upper bound). A stand-in answers the ingest's on_publish (the portal's
 * key check is timed by the tests, not here).
 *
 *   node scripts/bench/live.mjs   # LIVE_BENCH_RTMP_PORT (1936), LIVE_BENCH_HTTP_PORT (3121), LIVE_BENCH_SECONDS (30)
 *
 * Prints the median, p90 and max latency and whether the median is under 10 s; exits 0 unless something broke.
 */
import http from 'node:http';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT } from '../lib/proc.mjs';
import { nginxRtmpAvailable, startNginxRtmp } from '../lib/nginx-rtmp.mjs';

const RTMP_PORT = Number(process.env.LIVE_BENCH_RTMP_PORT || 1936);
const HTTP_PORT = Number(process.env.LIVE_BENCH_HTTP_PORT || 3121);
const SECONDS = Number(process.env.LIVE_BENCH_SECONDS || 30);
const TARGET_S = 10;
const NAME = 'bench-stream';
const BITS = 24;

// The player's live settings (keep in step with components/live/use-hls.ts).
const LIVE_CONFIG = {
  lowLatencyMode: true,
  liveSyncDurationCount: 2,
  liveMaxLatencyDurationCount: 5,
  maxLiveSyncPlaybackRate: 1.25,
  backBufferLength: 30,
};

const page = (hlsUrl) => `<!doctype html><meta charset="utf-8"><title>live latency</title>
<video id="v" muted autoplay playsinline width="640" height="360"></video><canvas id="c" width="640" height="360"></canvas>
<script src="/hls.js"></script><script>
window.samples = [];
const v = document.getElementById('v'), c = document.getElementById('c'), g = c.getContext('2d', { willReadFrequently: true });
const hls = new Hls(${JSON.stringify(LIVE_CONFIG)});
hls.loadSource(${JSON.stringify(hlsUrl)}); hls.attachMedia(v);
function read() {
  g.drawImage(v, 0, 0, 640, 360);
  const row = g.getImageData(0, 180, 640, 1).data;
  let n = 0;
  for (let k = 0; k < ${BITS}; k++) { const x = Math.floor((k + 0.5) * 640 / ${BITS}); if (row[x * 4] > 128) n += 2 ** k; }
  return n / 100;
}
function onFrame(now, meta) {
  const shown = performance.timeOrigin + (meta.expectedDisplayTime || now);
  window.samples.push({ shown, made: read() });
  v.requestVideoFrameCallback(onFrame);
}
v.requestVideoFrameCallback(onFrame);
</script>`;

async function main() {
  if (!nginxRtmpAvailable()) {
    console.log('[live] nginx or its RTMP module is missing: apt-get install -y nginx libnginx-mod-rtmp');
    return 1;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'live-bench-'));
  const hlsJs = readFileSync(path.join(ROOT, 'node_modules/hls.js/dist/hls.min.js'));
  // The stand-in portal: accepts the stream and serves the page and hls.js.
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/live/ingest/')) res.writeHead(200).end();
    else if (req.url === '/hls.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(hlsJs);
    else
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(page(`http://127.0.0.1:${HTTP_PORT}/hls/${NAME}/index.m3u8`));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const portalUrl = `http://127.0.0.1:${server.address().port}`;
  const ingest = await startNginxRtmp({
    dir: path.join(dir, 'ingest'),
    rtmpPort: RTMP_PORT,
    httpPort: HTTP_PORT,
    portalUrl,
    recordDir: path.join(dir, 'record'),
  });
  const lum = `255*mod(floor(floor(T*100)/pow(2\\,floor(X*${BITS}/W)))\\,2)`;
  const t0 = Date.now();
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi'],
      ...['-i', `color=c=black:s=640x360:r=25,format=yuv420p,geq=lum='${lum}':cb=128:cr=128`],
      ...['-f', 'lavfi', '-i', 'sine', '-t', String(SECONDS + 20)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-c:a', 'aac'],
      ...['-f', 'flv', `${ingest.rtmpUrl}/${NAME}?key=any`],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  let code = 0;
  try {
    const p = await browser.newPage();
    // The first fragments need a few seconds to exist: the page is opened once the playlist answers.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const ok = await fetch(`http://127.0.0.1:${HTTP_PORT}/hls/${NAME}/index.m3u8`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await p.goto(portalUrl);
    await p.waitForTimeout(SECONDS * 1000);
    const samples = await p.evaluate(() => window.samples);
    // The first seconds are the player finding the live edge: measure the steady state.
    const steady = samples.slice(Math.floor(samples.length / 4));
    const lat = steady
      .map((s) => (s.shown - t0) / 1000 - s.made)
      .filter((x) => Number.isFinite(x) && x > 0 && x < 120)
      .sort((a, b) => a - b);
    if (lat.length < 10) {
      console.log(`[live] too few frames read (${lat.length} of ${samples.length}): the stream did not play`);
      code = 1;
    } else {
      const q = (f) => lat[Math.min(lat.length - 1, Math.floor(f * lat.length))].toFixed(2);
      const median = Number(q(0.5));
      console.log(
        `[live] glass-to-glass on loopback, ${lat.length} frames over ${SECONDS} s: median ${q(0.5)} s, ` +
          `p90 ${q(0.9)} s, max ${lat.at(-1).toFixed(2)} s (target < ${TARGET_S} s: ${median < TARGET_S ? 'ok' : 'MISS'})`,
      );
    }
  } finally {
    await browser.close();
    ffmpeg.kill('SIGINT');
    await ingest.stop();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return code;
}

process.exit(await main());

/**
 * The media domain's part of `npm run bench` (scripts/bench.mjs), issue 24; `node scripts/bench/media.mjs` runs the
 * parts that need no portal server (segments through nginx, transcoding).
 * - hls first frame: time from navigation to the first decoded frame of a demo chapter (HLS through hls.js) in
 *   headless Chromium on loopback, a fresh browser context each time (nothing cached); median of 5. Target < 1 s.
 * - hls segments: a 512 KB segment behind deploy/nginx.conf's /media/seg/ location (secure_link signature checked by
 *   nginx) against the same file as a plain static file from the same nginx, alternated 3 times, medians; req/s ratio, target >= 0.8.
 * - hls transcode: a generated 30 s 1280x720 clip packaged by the job's own code (360p + 720p); seconds of video
 *   per second of wall clock, and per CPU-second (per core) of ffmpeg.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, isMain, ROOT } from '../lib/proc.mjs';

export const TARGETS = [];

const FIRST_FRAME_MS = 1000;
const SEGMENT_RATIO = 0.8;

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** deploy/nginx.conf's /media/seg/ location as deployed, with this run's secret and folder. */
function segmentLocation(secret, hlsDir) {
  const conf = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const m = /^( *)location \^~ \/media\/seg\/ \{[\s\S]*?^\1\}/m.exec(conf);
  if (!m) throw new Error('deploy/nginx.conf has no /media/seg/ location');
  return m[0]
    .split('\n')
    .map((line) => {
      if (/#\s*cluster:\s*media secret/.test(line)) return `set $media_secret "${secret}";`;
      if (/#\s*cluster:\s*segments/.test(line)) return `alias ${hlsDir}/;`;
      return line;
    })
    .join('\n');
}

export async function segmentThroughput({ seconds = 4 } = {}) {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync(p, ['-v']).status === 0);
  if (!nginx) return { name: 'hls segments via nginx', ok: null, detail: 'nginx not installed: skipped' };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-hls-'));
  // nginx's workers run as another user (root starts it): mkdtemp's 0700 would make every file a 403.
  chmodSync(dir, 0o755);
  const secret = 'bench-media-secret-0123456789';
  const play = 'A'.repeat(22);
  // About a 5 s segment of the 360p rendition (800 kbit/s).
  const seg = Buffer.alloc(512 * 1024);
  randomFillSync(seg);
  mkdirSync(path.join(dir, 'hls', 'pkg', '720p'), { recursive: true });
  mkdirSync(path.join(dir, 'static'), { recursive: true });
  writeFileSync(path.join(dir, 'hls', 'pkg', '720p', 'seg00000.m2ts'), seg);
  writeFileSync(path.join(dir, 'static', 'same.m2ts'), seg);
  const port = await freePort();
  const conf = `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/cb; proxy_temp_path ${dir}/px; fastcgi_temp_path ${dir}/fc; uwsgi_temp_path ${dir}/uw; scgi_temp_path ${dir}/sc;
  server {
    listen 127.0.0.1:${port};
    ${segmentLocation(secret, path.join(dir, 'hls'))}
    location /static/ {
      root ${dir};
      add_header Cache-Control "public, max-age=31536000, immutable" always;
    }
  }
}
`;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  try {
    await new Promise((r) => setTimeout(r, 500));
    const uri = '/media/seg/pkg/720p/seg00000.m2ts';
    const e = Math.floor(Date.now() / 1000) + 3600;
    const s = createHash('md5').update(`${e}${uri}${play} ${secret}`).digest('base64url');
    const headers = { cookie: `ce_play=${play}` };
    // node:http, not fetch: fetch leaves out a Cookie header set by hand.
    const status = (p) =>
      new Promise((resolve, reject) =>
        http
          .get({ host: '127.0.0.1', port, path: p, headers }, (res) => {
            res.resume();
            resolve(res.statusCode);
          })
          .on('error', reject),
      );
    const check = { status: await status(`${uri}?e=${e}&s=${s}`) };
    const refused = { status: await status(`${uri}?e=${e}&s=${s.slice(1)}A`) };
    if (check.status !== 200 || refused.status !== 403)
      return { name: 'hls segments via nginx', ok: false, detail: `signed ${check.status}, forged ${refused.status}` };
    // A keep-alive client of node:http: autocannon's parser, not nginx, was the bottleneck with bodies this large.
    const run = async (url) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
      const until = Date.now() + seconds * 1000;
      let done = 0;
      const loop = async () => {
        while (Date.now() < until) {
          await new Promise((resolve, reject) =>
            http
              .get(url, { agent, headers }, (res) => {
                res.on('data', () => undefined);
                res.on('end', resolve);
              })
              .on('error', reject),
          );
          done++;
        }
      };
      const t0 = Date.now();
      await Promise.all(Array.from({ length: 8 }, loop));
      agent.destroy();
      return done / ((Date.now() - t0) / 1000);
    };
    // Alternated three times, medians compared: the machine is shared, and one run of each is mostly noise.
    const statics = [];
    const segs = [];
    for (let i = 0; i < 3; i++) {
      statics.push(await run(`http://127.0.0.1:${port}/static/same.m2ts`));
      segs.push(await run(`http://127.0.0.1:${port}${uri}?e=${e}&s=${s}`));
    }
    const staticRps = median(statics);
    const segRps = median(segs);
    const ratio = segRps / staticRps;
    return {
      name: 'hls segments via nginx',
      ok: ratio >= SEGMENT_RATIO,
      detail: `512 KB segment ${segRps.toFixed(0)} req/s (${((segRps * seg.length * 8) / 1e9).toFixed(1)} Gbit/s) vs static ${staticRps.toFixed(0)} req/s: ${ratio.toFixed(2)} (target >= ${SEGMENT_RATIO})`,
      ratio,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

export async function transcodeThroughput() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-transcode-'));
  try {
    const src = path.join(dir, 'src.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '30'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', src],
    ]);
    mkdirSync(path.join(dir, 'out'));
    const out = execFileSync(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/bench/media-transcode.ts', src, path.join(dir, 'out')],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const r = JSON.parse(out.trim().split('\n').pop());
    return {
      name: 'hls transcode',
      ok: null,
      detail: `${r.video.toFixed(0)} s of 720p -> ${r.renditions.join(' + ')} in ${r.wall.toFixed(1)} s: ${(r.video / r.wall).toFixed(2)} s of video per second (FFMPEG_THREADS ${process.env.FFMPEG_THREADS || 2}), ${(r.video / r.cpu).toFixed(2)} per CPU-second`,
      perWall: r.video / r.wall,
      perCpu: r.video / r.cpu,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A published demo course's id, for the player. */
async function demoCourse(api) {
  for (let id = 1; id < 200; id++) {
    // bench.mjs's api answers { status, body } (the raw JSON text).
    const view = JSON.parse((await api('/api/course/view', { courseId: id })).body);
    if (view?.code === 0 && view.data.chapters.length > 0 && view.data.chapters[0].kind !== 'document') return id;
  }
  return null;
}

export async function firstFrame({ port, api, runs = 5 }) {
  const courseId = await demoCourse(api);
  if (!courseId) return { name: 'hls first frame', ok: false, detail: 'no demo course found' };
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--autoplay-policy=no-user-gesture-required'],
  });
  const times = [];
  let source = '';
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(() => {
        document.addEventListener(
          'loadeddata',
          () => {
            window.__firstFrame ??= performance.now();
          },
          true,
        );
      });
      await page.goto(`http://localhost:${port}/courseView?courseId=${courseId}`);
      await page.waitForFunction(() => window.__firstFrame != null, null, { timeout: 15_000 });
      times.push(await page.evaluate(() => window.__firstFrame));
      source = await page.getByTestId('course-video').getAttribute('data-source');
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const ms = median(times);
  return {
    name: 'hls first frame',
    ok: ms < FIRST_FRAME_MS,
    detail: `${ms.toFixed(0)} ms median of ${runs} from navigation to the first frame (${source}; all: ${times.map((t) => t.toFixed(0)).join(', ')}; target < ${FIRST_FRAME_MS} ms)`,
    ms,
  };
}

export async function extra({ port, api, wants }) {
  const rows = [];
  if (wants('hls first frame'))
    rows.push(
      await firstFrame({ port, api }).catch((e) => ({ name: 'hls first frame', ok: false, detail: e.message })),
    );
  if (wants('hls segments')) rows.push(await segmentThroughput());
  if (wants('hls transcode')) rows.push(await transcodeThroughput());
  return rows;
}

if (isMain(import.meta.url)) {
  for (const row of [await segmentThroughput(), await transcodeThroughput()])
    console.log(`[bench] ${row.name}: ${row.detail} ${row.ok === false ? 'MISS' : row.ok ? 'ok' : ''}`.trimEnd());
}

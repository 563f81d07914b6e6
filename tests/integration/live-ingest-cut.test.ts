/**
 * A stream already running is cut at the end of its class's window (issue 38), with the real ingest: nginx with the
 * RTMP module from deploy/nginx-rtmp.conf (scripts/lib/nginx-rtmp.mjs, on_update every second here) calls the
 * portal's callback handler, ffmpeg publishes. The stream runs while the class's window lasts; once its end plus
 * LIVE_PUBLISH_MARGIN_MINUTES is past, the next on_update answers 403, nginx-rtmp drops the publisher, and the key
 * is refused from then on. Skipped without nginx's RTMP module or ffmpeg.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { liveClasses } from '@/lib/server/db/schema';
import { resetConfigForTests } from '@/lib/server/config';
import { stampPeerAddress } from '@/lib/server/http/request-info';
import { handleIngestCallback } from '@/lib/server/http/live-ingest';
import { newStreamKey } from '@/lib/server/services/live/stream-keys';

const MIN = 60_000;
const ready = existsSync('/usr/lib/nginx/modules/ngx_rtmp_module.so') && existsSync('/usr/bin/ffmpeg');
const maybe = ready ? describe : describe.skip;

interface Ingest {
  rtmpUrl: string;
  stop: () => Promise<void>;
}
type StartIngest = (o: {
  dir: string;
  rtmpPort: number;
  httpPort: number;
  portalUrl: string;
  recordDir: string;
  updateSeconds: number;
}) => Promise<Ingest>;

const dir = mkdtempSync(path.join(os.tmpdir(), 'live-cut-'));
let ingest: Ingest | null = null;
let portal: http.Server | null = null;
const pushes: ChildProcess[] = [];
let liveId: number;
let key: string;

/** A free loopback port (taken and given back). */
async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** The portal's callback route as the server runs it: the socket's address stamped, the body handed on. */
function startPortal(): Promise<string> {
  portal = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      stampPeerAddress(req);
      const event = (req.url ?? '').split('/').at(-1) ?? '';
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: 'POST',
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      });
      void handleIngestCallback(request, event).then((r) => res.writeHead(r.status).end());
    });
  });
  return new Promise((resolve) =>
    portal!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(portal!.address() as AddressInfo).port}`)),
  );
}

function push(streamKey: string): ChildProcess {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10'],
      ...[
        '-t',
        '60',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-g',
        '10',
        '-f',
        'flv',
        `${ingest!.rtmpUrl}/${streamKey}`,
      ],
    ],
    { stdio: 'ignore' },
  );
  pushes.push(child);
  return child;
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

async function onAir(): Promise<boolean> {
  const [row] = await (
    await db()
  )
    .select({ at: liveClasses.onAirAt })
    .from(liveClasses)
    .where(eq(liveClasses.id, liveId));
  return row.at != null;
}

beforeAll(async () => {
  process.env.LIVE_PUBLISH_MARGIN_MINUTES = '30';
  resetConfigForTests();
  if (!ready) return;
  const now = Date.now();
  const secret = newStreamKey();
  const [row] = await (
    await db()
  )
    .insert(liveClasses)
    .values({
      title: '截断测试直播',
      startAt: new Date(now - 10 * MIN),
      endAt: new Date(now + 60 * MIN),
      recordHours: 1,
      replayMedia: 'demo-1',
      audiences: ['general'],
    })
    .returning({ id: liveClasses.id });
  liveId = row.id;
  const name = `c${liveId}-${randomBytes(9).toString('hex')}`;
  await (await db()).update(liveClasses).set({ streamName: name, streamKey: secret }).where(eq(liveClasses.id, liveId));
  key = `${name}?key=${secret}`;
  const portalUrl = await startPortal();
  const { startNginxRtmp } = (await import(`${process.cwd()}/scripts/lib/nginx-rtmp.mjs`)) as {
    startNginxRtmp: StartIngest;
  };
  // Recordings go to a folder of their own (not LIVE_RECORD_DIR): this test packages none.
  ingest = await startNginxRtmp({
    dir: path.join(dir, 'ingest'),
    rtmpPort: await freePort(),
    httpPort: await freePort(),
    portalUrl,
    recordDir: path.join(dir, 'record'),
    updateSeconds: 1,
  });
}, 60_000);

afterAll(async () => {
  for (const p of pushes) if (p.exitCode === null) p.kill('SIGKILL');
  await ingest?.stop();
  await new Promise((r) => (portal ? portal.close(r) : r(null)));
  rmSync(dir, { recursive: true, force: true });
  delete process.env.LIVE_PUBLISH_MARGIN_MINUTES;
  resetConfigForTests();
  await closeDb();
});

maybe('the real ingest', () => {
  it('runs while the window lasts, is cut once its end plus the margin is past, and is refused then', async () => {
    const ffmpeg = push(key);
    const deadline = Date.now() + 15_000;
    while (!(await onAir()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await onAir()).toBe(true);
    // Several on_update rounds (one a second) inside the window: it goes on.
    expect(await exitWithin(ffmpeg, 3000)).toBeNull();
    // The class ended 29 minutes ago: still inside the margin.
    const setEnd = async (ago: number) =>
      (await db())
        .update(liveClasses)
        .set({ startAt: new Date(Date.now() - 120 * MIN), endAt: new Date(Date.now() - ago * MIN) })
        .where(eq(liveClasses.id, liveId));
    await setEnd(29);
    expect(await exitWithin(ffmpeg, 2500)).toBeNull();
    // 31 minutes ago: past the margin; the next on_update cuts it and nginx-rtmp reports the end (off air).
    await setEnd(31);
    expect(await exitWithin(ffmpeg, 5000)).not.toBeNull();
    const offBy = Date.now() + 5000;
    while ((await onAir()) && Date.now() < offBy) await new Promise((r) => setTimeout(r, 200));
    expect(await onAir()).toBe(false);
    // The same key again: refused at on_publish.
    expect(await exitWithin(push(key), 15_000)).not.toBe(0);
    expect(await onAir()).toBe(false);
  }, 60_000);
});

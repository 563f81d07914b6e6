/**
 * The replay of a broadcast class, made without an upload: nginx-rtmp records each broadcast to an FLV file in
 * LIVE_RECORD_DIR (one per connection, named after the class's stream name), and this job packages every recording
 * of the class, in order, as one HLS video-on-demand (ffmpeg, stream copy: no re-encoding) into the file store under
 * `live/<id>/<stamp>/`. The class's page then plays it (replay-media.ts). A recording that ffmpeg cannot read fails
 * the job, which the queue retries.
 */
import 'server-only';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, lte } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { liveClasses } from '@/lib/server/db/schema';
import { config } from '@/lib/server/config';
import { storage } from '@/lib/server/storage';
import { log } from '@/lib/server/ops/log';
import { recordDir } from './ingest';

/** Seconds of each replay segment. */
export const REPLAY_SEGMENT_SECONDS = 4;
const PACKAGE_TIMEOUT_MS = 30 * 60_000;

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(/*turbopackIgnore: true*/ config().FFMPEG_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString('utf8')).slice(-2000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), PACKAGE_TIMEOUT_MS);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited ${code}: ${err.trim().split('\n').pop() ?? ''}`));
    });
  });
}

/** The class's recordings, oldest first (nginx-rtmp's record_unique names them `<stream name>-<unix time>.flv`). */
export async function recordingsOf(streamName: string): Promise<string[]> {
  const dir = recordDir();
  const names = await readdir(dir).catch(() => [] as string[]);
  const files: { file: string; time: number }[] = [];
  for (const name of names) {
    const m = /^(.+)-(\d+)\.flv$/.exec(name);
    if (!m || m[1] !== streamName) continue;
    const file = path.join(dir, name);
    const size = await stat(file).then(
      (s) => s.size,
      () => 0,
    );
    // An FLV header alone (a connection that sent nothing) has no video to package.
    if (size > 1024) files.push({ file, time: Number(m[2]) });
  }
  return files.sort((a, b) => a.time - b.time || a.file.localeCompare(b.file)).map((f) => f.file);
}

/** Seconds of an HLS playlist (its EXTINF entries). */
export function playlistSeconds(m3u8: string): number {
  let total = 0;
  for (const m of m3u8.matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number(m[1]);
  return total;
}

export async function runLiveRecordingJob(data: Record<string, unknown>): Promise<void> {
  const liveId = Number(data.liveId);
  if (!Number.isSafeInteger(liveId) || liveId <= 0) return;
  const d = await db();
  const [row] = await d.select().from(liveClasses).where(eq(liveClasses.id, liveId));
  if (!row?.streamName) return;
  const files = await recordingsOf(row.streamName);
  if (files.length === 0) return;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'portal-live-'));
  try {
    const list = path.join(tmp, 'list.txt');
    await writeFile(list, files.map((f) => `file '${f.replace(/'/g, "'\\''")}'\n`).join(''));
    const outDir = path.join(tmp, 'out');
    await mkdir(outDir);
    await ffmpeg([
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-c',
      'copy',
      '-f',
      'hls',
      '-hls_time',
      String(REPLAY_SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      path.join(outDir, 'seg-%05d.ts'),
      path.join(outDir, 'index.m3u8'),
    ]);
    const playlist = await readFile(path.join(outDir, 'index.m3u8'), 'utf8');
    const seconds = Math.round(playlistSeconds(playlist));
    const prefix = `live/${liveId}/${Date.now()}`;
    const store = storage();
    for (const name of (await readdir(outDir)).filter((n) => n.endsWith('.ts')).sort())
      await store.putFile(`${prefix}/${name}`, path.join(outDir, name), { move: true, contentType: 'video/mp2t' });
    // The playlist last: a replay is shown only once every segment it names is stored.
    await store.put(`${prefix}/index.m3u8`, playlist, { contentType: 'application/vnd.apple.mpegurl' });
    // A job that packaged fewer recordings (it ran before a reconnect's file was complete) does not replace a longer one.
    const [updated] = await d
      .update(liveClasses)
      .set({ recordingPrefix: prefix, recordingSeconds: seconds })
      .where(and(eq(liveClasses.id, liveId), lte(liveClasses.recordingSeconds, seconds)))
      .returning({ id: liveClasses.id });
    if (!updated) {
      await store.deletePrefix(`${prefix}/`);
      return;
    }
    if (row.recordingPrefix) await store.deletePrefix(`${row.recordingPrefix}/`).catch(() => 0);
    log.info({ liveId, seconds, recordings: files.length }, 'live replay packaged');
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

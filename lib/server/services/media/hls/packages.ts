/**
 * HLS packages of course videos: the transcoding job (queued when a chapter's video is saved or its course
 * published), its progress in `media_packages`, and the packaged files in the store under `hls/<key>/`:
 * `master.m3u8`, `<rendition>/index.m3u8` with its `seg00000.m2ts`…, `poster.jpg`. ffmpeg writes into a scratch folder
 * and the files are stored afterwards, master last, so a half-made package is never played.
 */
import 'server-only';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { mediaPackages, type HlsRendition } from '@/lib/server/db/schema';
import { JOBS, jobPending, latestJob, queueJob } from '@/lib/server/jobs';
import { isSafeKey, scratchFile, storage } from '@/lib/server/storage';
import { errorText, log } from '@/lib/server/ops/log';
import { uploadedMediaOf } from '../uploaded-media';
import { SEGMENT_SECONDS } from './ladder';
import { packageInto } from './ffmpeg';

export type PackageState = 'queued' | 'running' | 'ready' | 'failed';

export interface MediaPackage {
  key: string;
  state: PackageState;
  percent: number;
  renditions: HlsRendition[];
  duration: number;
  segmentSeconds: number;
}

/** The store folder of a package. */
export const packageFolder = (key: string) => `hls/${key}`;

/** Written to the row of a file ffmpeg cannot read; the creation centre shows it. */
export const UNREADABLE = 'unreadable';

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
};

const toPackage = (row: typeof mediaPackages.$inferSelect): MediaPackage => ({
  key: row.key,
  state: row.state as PackageState,
  percent: row.percent,
  renditions: row.renditions,
  duration: row.duration,
  segmentSeconds: row.segmentSeconds,
});

export async function packageOf(key: string): Promise<MediaPackage | null> {
  const [row] = await (await db()).select().from(mediaPackages).where(eq(mediaPackages.key, key)).limit(1);
  return row ? toPackage(row) : null;
}

export async function packagesOf(keys: string[]): Promise<Map<string, MediaPackage>> {
  if (keys.length === 0) return new Map();
  const rows = await (await db()).select().from(mediaPackages).where(inArray(mediaPackages.key, keys));
  return new Map(rows.map((r) => [r.key, toPackage(r)]));
}

async function setRow(key: string, values: Partial<typeof mediaPackages.$inferInsert>): Promise<void> {
  const now = new Date();
  await (
    await db()
  )
    .insert(mediaPackages)
    .values({ key, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: mediaPackages.key, set: { ...values, updatedAt: now } });
}

/** The package key of a chapter's media (an uploaded video), or null (a demo clip, a document, audio). */
export async function packageKeyOf(chapterMedia: string): Promise<string | null> {
  const media = await uploadedMediaOf(chapterMedia);
  return media && media.mime.startsWith('video/') ? media.key : null;
}

/**
 * Queues the packaging of a chapter's uploaded video unless it is packaged or on its way. A failure to queue is
 * logged: the chapter is saved all the same (and queued again when its course is submitted).
 */
export async function queueTranscode(chapterMedia: string): Promise<void> {
  try {
    const key = await packageKeyOf(chapterMedia);
    if (!key) return;
    const pkg = await packageOf(key);
    if (pkg?.state === 'ready' || pkg?.state === 'failed') return;
    if (pkg && jobPending(await latestJob(JOBS.hlsTranscode, key))) return;
    await setRow(key, { state: 'queued', percent: 0, error: '' });
    await queueJob(JOBS.hlsTranscode, { media: chapterMedia }, key);
  } catch (err) {
    log.warn({ err: errorText(err) }, 'transcode not queued');
  }
}

/** The job: packages the file, or marks it unreadable (not retried: the same bytes stay unreadable). */
export async function runTranscodeJob(data: Record<string, unknown>): Promise<void> {
  const media = await uploadedMediaOf(String(data.media ?? ''));
  if (!media) return;
  await packageFile(media.key, (fn) => storage().withLocalFile(media.storageKey, fn));
}

/**
 * Packages a source into `hls/<key>/` and records it. `withSource` lends a local file of the source (the store's
 * withLocalFile). Thrown errors (ffmpeg killed, the store down) make the job retry; an unreadable file does not.
 */
export async function packageFile(
  key: string,
  withSource: <T>(fn: (file: string) => Promise<T>) => Promise<T | null>,
): Promise<MediaPackage> {
  if (!isSafeKey(packageFolder(key))) throw new Error(`unsafe package key ${key}`);
  const work = `${scratchFile('hls')}`;
  await mkdir(work, { recursive: true });
  try {
    let last = 0;
    let progressWrite: Promise<unknown> = Promise.resolve();
    const result = await withSource((source) =>
      packageInto(source, work, {
        onStart: (info) => setRow(key, { state: 'running', percent: 0, error: '', duration: info.duration }),
        onProgress: (fraction) => {
          const now = Date.now();
          // At most one write a second: a long transcode does not flood the database.
          if (now - last < 1000) return;
          last = now;
          progressWrite = setRow(key, { percent: Math.min(99, Math.floor(fraction * 100)) }).catch(() => undefined);
        },
      }),
    );
    // A progress write still on its way must not land after the final state.
    await progressWrite;
    if (!result) throw new Error(`the source of ${key} is not in the store`);
    if (!result.ok) {
      if (result.unreadable) {
        await setRow(key, { state: 'failed', percent: 0, error: result.detail.slice(0, 500) });
        log.warn({ key, err: result.detail }, 'transcode: file not readable');
        return (await packageOf(key))!;
      }
      throw new Error(`ffmpeg could not package ${key}: ${result.detail}`);
    }
    await storeFolder(work, packageFolder(key));
    await setRow(key, {
      state: 'ready',
      percent: 100,
      duration: result.probe.duration,
      segmentSeconds: SEGMENT_SECONDS,
      renditions: result.renditions.map(({ name, width, height, bandwidth }) => ({ name, width, height, bandwidth })),
      error: '',
    });
    return (await packageOf(key))!;
  } catch (err) {
    await setRow(key, { state: 'queued', error: errorText(err).slice(0, 500) }).catch(() => undefined);
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Stores every file under `dir` at `prefix/<relative path>`, the master playlist last. */
async function storeFolder(dir: string, prefix: string): Promise<void> {
  const files: string[] = [];
  const walk = async (sub: string) => {
    for (const e of await readdir(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(rel);
      else files.push(rel);
    }
  };
  await walk('');
  files.sort((a, b) => Number(a === 'master.m3u8') - Number(b === 'master.m3u8'));
  const store = storage();
  for (const rel of files) {
    const ext = rel.split('.').pop() ?? '';
    await store.putFile(`${prefix}/${rel}`, path.join(dir, rel), { move: true, contentType: CONTENT_TYPES[ext] });
  }
}

/** The transcode state of each chapter media that is an uploaded video (the creation centre's column). */
export async function transcodeStates(
  chapterMedia: string[],
): Promise<Map<string, { state: PackageState; percent: number }>> {
  const keys = new Map<string, string>();
  for (const m of chapterMedia) {
    const key = await packageKeyOf(m);
    if (key) keys.set(m, key);
  }
  const rows = await packagesOf([...new Set(keys.values())]);
  const out = new Map<string, { state: PackageState; percent: number }>();
  for (const [m, key] of keys) {
    const row = rows.get(key);
    let state: PackageState = row?.state ?? 'queued';
    // Retries used up (ffmpeg crashed each time, the store was down): the row still says queued.
    if (state === 'queued' || state === 'running') {
      const job = await latestJob(JOBS.hlsTranscode, key).catch(() => null);
      if (job?.state === 'failed') state = 'failed';
    }
    out.set(m, { state, percent: state === 'failed' ? 0 : (row?.percent ?? 0) });
  }
  return out;
}

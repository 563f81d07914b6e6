/**
 * Course videos uploaded in the creation centre, played in the player (SPEC 8/9 trial rule on the server): a
 * learner who chose the course gets the uploaded file; anyone else a trial rendition cut at the trial limit by
 * ffmpeg (stream copy, no re-encoding), made by a job when the chapter is saved (trial-cuts.ts) and kept in the file
 * store (lib/server/storage). Until it is made, or without ffmpeg (or when the cut fails), nothing is served to a
 * learner on trial.
 */
import 'server-only';
import { spawn } from 'node:child_process';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { COURSE_TRIAL_SECONDS } from '@/lib/constants';
import { isSafeKey, scratchFile, storage } from '@/lib/server/storage';
import { fileByUrl } from '../spaces/uploads';
import { config } from '@/lib/server/config';
import { log } from '@/lib/server/ops/log';

/** Chapter media that names an uploaded file (the creation centre stores its URL). */
export const UPLOADED_MEDIA_PREFIX = '/api/resourceFile/file/';

export interface UploadedMedia {
  /** The uploaded file, full length: its key in the store (lib/server/storage). */
  storageKey: string;
  mime: string;
  ext: string;
  key: string;
}

/** The uploaded video or audio file a chapter's media names, or null. */
export async function uploadedMediaOf(media: string): Promise<UploadedMedia | null> {
  if (!media.startsWith(UPLOADED_MEDIA_PREFIX)) return null;
  const file = await fileByUrl(media);
  if (!file || (file.kind !== 'video' && file.kind !== 'audio')) return null;
  return isSafeKey(file.storageKey)
    ? { storageKey: file.storageKey, mime: file.mime, ext: file.ext, key: `${file.md5}-${file.size}` }
    : null;
}

/** A document (PDF, Word, PowerPoint, Excel) uploaded as a chapter: the learner views or downloads it whole. */
export interface UploadedDocument {
  /** The stored file's key; null when it is not a safe key. */
  storageKey: string | null;
  mime: string;
  md5: string;
  ext: string;
  /** The name it was uploaded with. */
  originalName: string;
  size: number;
}

/** The uploaded document a chapter's media names, or null. */
export async function uploadedDocumentOf(media: string): Promise<UploadedDocument | null> {
  if (!media.startsWith(UPLOADED_MEDIA_PREFIX)) return null;
  const file = await fileByUrl(media);
  if (!file || file.kind !== 'document') return null;
  return {
    storageKey: isSafeKey(file.storageKey) ? file.storageKey : null,
    mime: file.mime,
    md5: file.md5,
    ext: file.ext,
    originalName: file.originalName,
    size: file.size,
  };
}

/**
 * The headers of an uploaded file served back (from its own URL, or as a chapter's document): the type it was stored
 * with and never a sniffed one, a sandbox policy so that nothing in it acts as a page of the portal, and its original
 * name. `inline` lets the browser show it (a PDF, an image); otherwise it is downloaded.
 */
export function uploadedFileHeaders(
  file: Pick<UploadedDocument, 'mime' | 'md5' | 'ext' | 'originalName'>,
  inline: boolean,
): Record<string, string> {
  const downloadName = file.originalName || `${file.md5}.${file.ext}`;
  // A PDF is always an attachment (issue 22): the browser's own viewer does not run under the sandbox policy (Chrome
  // blocks it, Safari shows a blank page), and a PDF shown without it, at the portal's origin, runs whatever its
  // author put in it (scripts, forms, links). Downloaded, it opens in a reader outside the portal's origin.
  const shown = inline && file.mime !== 'application/pdf';
  return {
    'content-type': file.mime,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': `${shown ? 'inline' : 'attachment'}; filename="${file.md5}.${file.ext}"; filename*=UTF-8''${encodeURIComponent(downloadName)}`,
  };
}

/** Seconds a learner on trial may play of a chapter that lasts `duration` seconds. */
export function uploadedTrialSeconds(duration: number): number {
  return Math.min(duration > 0 ? duration : COURSE_TRIAL_SECONDS, COURSE_TRIAL_SECONDS);
}

const MUXER: Record<string, string> = { mp4: 'mp4', m4v: 'mp4', mov: 'mov', m4a: 'ipod', webm: 'webm', mp3: 'mp3' };
const CUT_TIMEOUT_MS = 120_000;
const inFlight = new Map<string, Promise<string | null>>();
let ffmpegMissing = false;

/** Runs ffmpeg (FFMPEG_PATH, default on the PATH); true when it succeeded. */
export function runFfmpeg(args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    // The binary is configuration, not a project file: not traced by the bundler.
    const child = spawn(/*turbopackIgnore: true*/ config().FFMPEG_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString('utf8')).slice(-2000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), CUT_TIMEOUT_MS);
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (e.code === 'ENOENT' && !ffmpegMissing) {
        ffmpegMissing = true;
        log.warn(
          { ffmpeg: config().FFMPEG_PATH },
          'ffmpeg not found (FFMPEG_PATH): no trial renditions of uploaded videos, no AI subtitles',
        );
      }
      resolve(false);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0 && err) log.warn({ err: err.trim().split('\n').pop() }, 'ffmpeg failed');
      resolve(code === 0);
    });
  });
}

/**
 * The trial rendition of an uploaded file (its first `seconds`): its key in the store, or null when it cannot be made.
 * ffmpeg needs local files: the upload is read from the store (a temporary download from S3), the cut written to a
 * scratch file and stored whole under its key, so a half-written rendition is never served. Concurrent requests of
 * this process share one cut; two instances may both cut, and the second stores the same bytes again. Called by the
 * trial-cut job only (trial-cuts.ts): a request never waits for ffmpeg.
 */
export function trialRendition(media: UploadedMedia, seconds: number): Promise<string | null> {
  const key = `trials/${media.key}-${seconds}s.${media.ext}`;
  const muxer = MUXER[media.ext];
  if (!isSafeKey(key) || !muxer) return Promise.resolve(null);
  const running = inFlight.get(key);
  if (running) return running;
  const job = (async () => {
    const store = storage();
    if (((await store.stat(key))?.size ?? 0) > 0) return key;
    const tmp = `${scratchFile('work')}.${media.ext}`;
    await mkdir(path.dirname(tmp), { recursive: true });
    try {
      const cut = await store.withLocalFile(media.storageKey, async (source) => {
        const args = ['-v', 'error', '-y', '-i', source, '-t', String(seconds), '-map', '0', '-c', 'copy'];
        if (muxer === 'mp4' || muxer === 'mov' || muxer === 'ipod') args.push('-movflags', '+faststart');
        args.push('-f', muxer, tmp);
        return (
          (await runFfmpeg(args)) &&
          (await stat(tmp).then(
            (s) => s.size > 0,
            () => false,
          ))
        );
      });
      if (!cut) return null;
      await store.putFile(key, tmp, { move: true, contentType: media.mime });
      return key;
    } finally {
      await rm(tmp, { force: true }).catch(() => undefined);
    }
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, job);
  return job;
}

/** The trial rendition's key when it has been made (see trialRendition), else null: the player then falls back. */
export async function readyTrialRendition(media: UploadedMedia, seconds: number): Promise<string | null> {
  const key = `trials/${media.key}-${seconds}s.${media.ext}`;
  if (!isSafeKey(key)) return null;
  return ((await storage().stat(key))?.size ?? 0) > 0 ? key : null;
}

/**
 * Where uploaded and generated files live (uploads and their scratch chunks, trial cuts, AI subtitles): one
 * object store for every instance. Local disk under `UPLOAD_DIR` is the embedded default; `STORAGE_URL` selects an
 * S3-compatible store (format in s3.ts), which several instances share. Callers (uploads, media, subtitles, the
 * job queue) use `storage()` and keys (relative paths of safe segments); never a file path, except
 * `withLocalFile` for tools that need one (ffmpeg).
 */
import 'server-only';
import { access, constants, mkdir } from 'node:fs/promises';
import { config } from '../config';
import { LocalStore, uploadRoot } from './local';
import { parseStorageUrl, S3Store } from './s3';
import type { ObjectStore } from './types';

export { isSafeKey, scratchFile, uploadedFilePath, uploadRoot, LocalStore } from './local';
export { parseStorageUrl, S3Store, type Part } from './s3';
export type { ByteRange, ObjectStore, PresignOptions, PutOptions, StoredObject } from './types';

const local = new LocalStore();
let s3: { url: string; publicUrl: string; store: S3Store } | null = null;

/** The store of this process, chosen by STORAGE_URL (read on each call; one S3 client per value). */
export function storage(): LocalStore | S3Store {
  const url = config().STORAGE_URL;
  if (!url) return local;
  const publicUrl = config().STORAGE_PUBLIC_URL ?? '';
  if (!s3 || s3.url !== url || s3.publicUrl !== publicUrl)
    s3 = { url, publicUrl, store: new S3Store(parseStorageUrl(url), publicUrl || undefined) };
  return s3.store;
}

/** Whether this process shares its files through an S3 store (then nothing under UPLOAD_DIR but scratch is used). */
export function isS3(store: ObjectStore = storage()): store is S3Store {
  return store.kind === 's3';
}

/**
 * Seconds a presigned media URL stays valid (STORAGE_PRESIGN_SECONDS, default 3600: a long lecture's range requests
 * keep working while it plays). 0 turns the redirects off: media is then streamed through the instance.
 */
export function presignSeconds(): number {
  return Math.min(config().STORAGE_PRESIGN_SECONDS, 7 * 24 * 3600);
}

/**
 * ACCEL_REDIRECT_PREFIX (local disk behind nginx, e.g. `/protected-media/`): media is answered with
 * `X-Accel-Redirect: <prefix><key>` once its right is checked, and nginx sends the file (deploy/nginx.conf's internal
 * location over UPLOAD_DIR). Empty: the instance streams it.
 */
export function accelRedirectPrefix(): string | null {
  const v = config().ACCEL_REDIRECT_PREFIX;
  if (!v) return null;
  return v.endsWith('/') ? v : `${v}/`;
}

/** For /api/health/ready: the store answers (S3: a listing of one key; local disk: UPLOAD_DIR writable). */
export async function storeReachable(): Promise<{ ok: boolean; kind: 'local' | 's3'; error?: string }> {
  const store = storage();
  try {
    if (isS3(store)) {
      for await (const first of store.list('')) {
        void first;
        break;
      }
      return { ok: true, kind: 's3' };
    }
    const root = uploadRoot();
    await mkdir(root, { recursive: true });
    await access(root, constants.W_OK);
    return { ok: true, kind: 'local' };
  } catch (err) {
    return { ok: false, kind: isS3(store) ? 's3' : 'local', error: err instanceof Error ? err.message : String(err) };
  }
}

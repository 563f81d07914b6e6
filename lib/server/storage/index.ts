/**
 * Where uploaded and generated files live: `UPLOAD_DIR`, default `<DATA_DIR>/uploads`. Every path handed
 * out is resolved inside that folder; a key that would escape it (`..`, absolute paths, NUL) is refused.
 * Shared by the uploads (spaces) and the media streaming of the player (learning).
 */
import 'server-only';
import { access, constants, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../db';
import { config } from '../config';

export function uploadRoot(): string {
  const configured = config().UPLOAD_DIR;
  if (configured) return path.resolve(configured);
  const base = dataDir();
  return path.resolve(base === 'memory' ? path.join(process.cwd(), 'data') : base, 'uploads');
}

/** A storage key is a relative path of safe segments, e.g. `course/ab12…/video.mp4`. */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 300 || key.includes('\0') || key.includes('\\')) return false;
  if (path.isAbsolute(key)) return false;
  return key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..' && /^[\w.\-]+$/.test(seg));
}

/** The absolute file path of a stored key, or null when the key is unsafe. */
export function uploadedFilePath(key: string): string | null {
  if (!isSafeKey(key)) return null;
  const root = uploadRoot();
  const full = path.resolve(root, key);
  return full.startsWith(root + path.sep) ? full : null;
}

/** Whether files can be stored (readiness, lib/server/ops/health): the upload folder exists or can be made, and is writable. */
export async function storeReachable(): Promise<{ ok: boolean; kind: 'local'; error?: string }> {
  try {
    const root = uploadRoot();
    await mkdir(root, { recursive: true });
    await access(root, constants.W_OK);
    return { ok: true, kind: 'local' };
  } catch (err) {
    return { ok: false, kind: 'local', error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * The local-disk store (the embedded default): objects are files under `UPLOAD_DIR`, default `<DATA_DIR>/uploads`.
 * Every path handed out is resolved inside that folder; a key that would escape it (`..`, absolute paths, NUL) is
 * refused. A file appears under its name only by a rename once whole, so a reader never sees half of one. The root
 * is read on every call: tests (and a changed environment) point it elsewhere at run time.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { dataDir } from '../db';
import { config } from '../config';
import type { ByteRange, ObjectStore, StoredObject } from './types';

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

/**
 * Instance-local scratch files (a one-request upload before it is published, ffmpeg's input and output): under
 * `UPLOAD_DIR/tmp` on either store, so a rename into the local store stays on one file system, and the upload
 * sweep finds what a process that died left there.
 */
export function scratchFile(prefix: string): string {
  return path.join(uploadRoot(), 'tmp', `${prefix}-${randomBytes(12).toString('hex')}`);
}

function fileOf(key: string): string {
  const p = uploadedFilePath(key);
  if (!p) throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
  return p;
}

async function syncPath(p: string, flags: string): Promise<void> {
  const fh = await open(p, flags);
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Moves a whole file to its name: bytes and then the name made durable, so a crash never leaves half a file. */
async function publishFile(tmp: string, target: string): Promise<void> {
  await syncPath(tmp, 'r+');
  await rename(tmp, target);
  await syncPath(path.dirname(target), 'r').catch(() => undefined);
}

export class LocalStore implements ObjectStore {
  readonly kind = 'local' as const;

  /** The file behind a key (local disk only): for X-Accel-Redirect and code that predates the store. */
  pathOf(key: string): string | null {
    return uploadedFilePath(key);
  }

  // Options are for S3 (length, type, MD5): a file needs none of them.
  async put(key: string, body: Buffer | string | Readable): Promise<void> {
    const target = fileOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.part`;
    try {
      if (typeof body === 'string' || Buffer.isBuffer(body)) await writeFile(tmp, body);
      else await pipeline(body, createWriteStream(tmp));
      await publishFile(tmp, target);
    } finally {
      await rm(tmp, { force: true }).catch(() => undefined);
    }
  }

  async putFile(key: string, file: string, opts: { move?: boolean } = {}): Promise<void> {
    const target = fileOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    if (opts.move) {
      try {
        await publishFile(file, target);
        return;
      } catch (err) {
        // Another file system (EXDEV): copied below.
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      }
    }
    const tmp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.part`;
    try {
      await copyFile(file, tmp);
      await publishFile(tmp, target);
    } finally {
      await rm(tmp, { force: true }).catch(() => undefined);
    }
    if (opts.move) await rm(file, { force: true });
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = uploadedFilePath(key);
    if (!file) return null;
    // Opened before it is handed out, so a missing file is null here, not an error in the middle of a response.
    const fh = await open(file, 'r').catch(() => null);
    if (!fh) return null;
    return createReadStream('', { fd: fh, start: range?.start, end: range?.end });
  }

  async read(key: string): Promise<Buffer | null> {
    const file = uploadedFilePath(key);
    return file ? readFile(file).catch(() => null) : null;
  }

  async stat(key: string): Promise<StoredObject | null> {
    const file = uploadedFilePath(key);
    if (!file) return null;
    const st = await stat(file).catch(() => null);
    return st && st.isFile() ? { key, size: st.size, modified: st.mtime } : null;
  }

  async delete(key: string): Promise<void> {
    const file = uploadedFilePath(key);
    if (file) await rm(file, { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    let n = 0;
    for await (const o of this.list(prefix)) {
      await this.delete(o.key);
      n++;
    }
    // A folder prefix goes with its (now empty) folders.
    const folder = prefix.endsWith('/') ? uploadedFilePath(prefix.slice(0, -1)) : null;
    if (folder) await rm(folder, { recursive: true, force: true });
    return n;
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    // The deepest folder the prefix names, then every file under it whose key starts with the prefix.
    const slash = prefix.lastIndexOf('/');
    const base = slash < 0 ? '' : prefix.slice(0, slash);
    const root = uploadRoot();
    const start = base ? uploadedFilePath(base) : root;
    if (!start) return;
    const walk = async function* (dir: string, rel: string): AsyncGenerator<StoredObject> {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) {
          if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) yield* walk(path.join(dir, e.name), key);
        } else if (e.isFile() && key.startsWith(prefix) && !e.name.endsWith('.part')) {
          const st = await stat(path.join(dir, e.name)).catch(() => null);
          if (st) yield { key, size: st.size, modified: st.mtime };
        }
      }
    };
    yield* walk(start, base);
  }

  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T | null> {
    const file = uploadedFilePath(key);
    if (
      !file ||
      !(await stat(file).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      return null;
    return fn(file);
  }

  async ping(): Promise<void> {
    await mkdir(uploadRoot(), { recursive: true });
  }
}

/**
 * The whole file's MD5 of a chunked upload. The hashing worker (hash-worker.ts) keeps a running hash while chunks
 * arrive in order (per process); at assembly only the bytes after that prefix are read back and hashed.
 */
import { open } from 'node:fs/promises';
import { SNIFF_BYTES } from '../file-types';
import { digestOf, dropHash, feedRegion } from './hash-worker';

/**
 * The running hash of one upload: `next` is the first chunk not yet handed to the worker. A chunk that rewrites a
 * hashed region, or arrives while another is being received, leaves the prefix as it is; at assembly only the bytes
 * after the prefix are hashed (all of them after a resume in another process, or when the worker was replaced).
 */
export interface RunningHash {
  next: number;
  busy: boolean;
  touched: number;
  generation: number;
}
export const runningHashes = new Map<number, RunningHash>();

/**
 * The assembled file's MD5, its first bytes and size, hashed on the worker. `start` is where the running hash of
 * upload `id` stops (null: there is none, hash everything): only the bytes after it are read back.
 */
export async function md5OfFile(
  id: number,
  file: string,
  start: number | null,
): Promise<{ md5: string | null; head: Buffer; size: number }> {
  const fh = await open(file, 'r');
  let head: Buffer;
  let size: number;
  try {
    size = (await fh.stat()).size;
    head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
    await fh.read(head, 0, head.length, 0);
  } finally {
    await fh.close();
  }
  if (start === null) await dropHash(id);
  const from = start ?? 0;
  if (from < size) await feedRegion(id, file, from, size - from);
  let md5 = await digestOf(id);
  if (md5 === null && from > 0) {
    // The worker no longer held the prefix: the whole file again.
    await feedRegion(id, file, 0, size);
    md5 = await digestOf(id);
  }
  return { md5, head, size };
}

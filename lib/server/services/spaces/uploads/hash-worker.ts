/**
 * The whole-file MD5 of chunked uploads, computed on a worker thread: the request thread hashes each chunk
 * as it arrives (the chunk check) and hands the region it wrote to this worker, which reads it back from the page
 * cache and feeds the file's running hash. So the two MD5 passes every byte needs run on two cores at once.
 * Regions of one upload are fed in the order given (one thread, one queue). The worker's source is inline
 * (`eval`), so no bundler has to know about it; it is unref'd and never keeps the process alive.
 */
import 'server-only';
import { Worker } from 'node:worker_threads';

const SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { closeSync, openSync, readSync } = require('node:fs');
const hashes = new Map();
const buf = Buffer.allocUnsafe(4 * 1024 * 1024);
parentPort.on('message', (m) => {
  try {
    if (m.op === 'feed') {
      let h = hashes.get(m.id);
      if (!h) { h = createHash('md5'); hashes.set(m.id, h); }
      const fd = openSync(m.path, 'r');
      try {
        let at = m.offset, left = m.length;
        while (left > 0) {
          const n = readSync(fd, buf, 0, Math.min(buf.length, left), at);
          if (n <= 0) throw new Error('short read');
          h.update(buf.subarray(0, n));
          at += n; left -= n;
        }
      } finally { closeSync(fd); }
      parentPort.postMessage({ seq: m.seq, value: true });
    } else if (m.op === 'digest') {
      const h = hashes.get(m.id);
      hashes.delete(m.id);
      parentPort.postMessage({ seq: m.seq, value: h ? h.digest('hex') : null });
    } else {
      hashes.delete(m.id);
      parentPort.postMessage({ seq: m.seq, value: true });
    }
  } catch (e) {
    hashes.delete(m.id);
    parentPort.postMessage({ seq: m.seq, error: String(e && e.message || e) });
  }
});
`;

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
let worker: Worker | null = null;
let generation = 0;
let seq = 0;
const pending = new Map<number, Pending>();

function failAll(err: Error): void {
  for (const p of pending.values()) p.reject(err);
  pending.clear();
  worker = null;
}

function send<T>(msg: Record<string, unknown>): Promise<T> {
  if (!worker) {
    const w = new Worker(SOURCE, { eval: true });
    w.on('message', (m: { seq: number; value?: unknown; error?: string }) => {
      const p = pending.get(m.seq);
      pending.delete(m.seq);
      if (m.error !== undefined) p?.reject(new Error(m.error));
      else p?.resolve(m.value);
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', () => failAll(new Error('file hasher stopped')));
    // After the listeners: adding a 'message' listener refs the worker again.
    w.unref();
    worker = w;
    generation += 1;
  }
  const id = ++seq;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    worker!.postMessage({ ...msg, seq: id });
  });
}

/** Which worker holds the running hashes: a hash begun under another generation was lost with its worker. */
export function hasherGeneration(): number {
  return worker ? generation : generation + 1;
}

/** Adds `length` bytes of `file` from `offset` to upload `id`'s running hash (after the regions fed before). */
export function feedRegion(id: number, file: string, offset: number, length: number): Promise<void> {
  return send<boolean>({ op: 'feed', id, path: file, offset, length }).then(() => undefined);
}

/** The running hash's MD5 (hex), after everything fed before; null when the worker holds none for `id`. Ends it. */
export function digestOf(id: number): Promise<string | null> {
  return send<string | null>({ op: 'digest', id });
}

/** Forgets upload `id`'s running hash. */
export function dropHash(id: number): Promise<void> {
  return send<boolean>({ op: 'drop', id }).then(() => undefined);
}

/**
 * The browser side of the chunked upload (SPEC 7 Uploads): MD5 in a Web Worker, the progress call, then
 * each missing chunk by XMLHttpRequest (upload progress events, no timeout: uploadCourseWareFile has none).
 * A refused chunk is sent again from where the server says; a dropped connection is retried (not while the browser
 * is offline), and a reload resumes from the server's first missing chunk once the same file is chosen again. An
 * abort (signal) stops the chunk in flight. A refusal by the server is an ApiError; any other failure (the network,
 * a proxy's error page) may be resumed by calling uploadCourseFile again.
 */
import { api, browserHeaders } from '@/lib/api/browser';
import { ApiError, call, TransportError } from '@/lib/api/core';
import type { Envelope } from '@/lib/contract/home';
import type { UploadedFile, UploadProgress } from '@/lib/contract/spaces';
import { UPLOAD_SLICE_BYTES } from '@/lib/constants';
import type { Md5Message, Md5Request } from './md5.worker';

/**
 * Upload chunk size: the 2 MB MD5 slice for files up to 64 MB (so a few-MB video still goes up in
 * several resumable chunks), four slices (8 MB) above that: a quarter of the requests, each checked the same way.
 * The same file always gets the same size, so a resume after a reload lines up with the chunks already sent.
 */
export function uploadChunkBytes(fileSize: number): number {
  return fileSize > 64 * 1024 * 1024 ? 4 * UPLOAD_SLICE_BYTES : UPLOAD_SLICE_BYTES;
}

export interface Hashed {
  md5: string;
  chunkMd5s: string[];
}

/** Files hashed in this page: resuming the same File (继续上传, back online) does not read it all again. */
const hashed = new WeakMap<File, Hashed>();

export function hashFile(
  file: File,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Hashed> {
  const known = hashed.get(file);
  if (known) {
    const slices = Math.max(1, Math.ceil(file.size / UPLOAD_SLICE_BYTES));
    onProgress(slices, slices);
    return Promise.resolve(known);
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => worker.terminate();
    signal?.addEventListener('abort', () => {
      stop();
      reject(new DOMException('aborted', 'AbortError'));
    });
    worker.onmessage = (e: MessageEvent<Md5Message>) => {
      const m = e.data;
      if (m.type === 'progress') onProgress(m.done, m.total);
      else if (m.type === 'done') {
        stop();
        hashed.set(file, { md5: m.md5, chunkMd5s: m.chunkMd5s });
        resolve({ md5: m.md5, chunkMd5s: m.chunkMd5s });
      } else {
        stop();
        reject(new Error(m.message));
      }
    };
    worker.onerror = (e) => {
      stop();
      reject(new Error(e.message || 'MD5计算失败'));
    };
    worker.postMessage({
      file,
      sliceSize: UPLOAD_SLICE_BYTES,
      chunkSize: uploadChunkBytes(file.size),
    } satisfies Md5Request);
  });
}

/** POSTs a multipart body and reads the envelope; reports bytes sent. No timeout. */
export function postMultipart(
  path: string,
  form: FormData,
  onSent?: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<Envelope> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${process.env.NEXT_PUBLIC_API_BASE_URL ?? ''}${path}`);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(browserHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onSent?.(e.loaded);
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Envelope);
      } catch {
        reject(new Error(`HTTP ${xhr.status}`));
      }
    };
    xhr.onerror = () => reject(new TransportError('network', '网络连接异常'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    // Pausing (the browser went offline) or cancelling stops the chunk in flight at once.
    const stop = () => xhr.abort();
    signal?.addEventListener('abort', stop, { once: true });
    xhr.onloadend = () => signal?.removeEventListener('abort', stop);
    xhr.send(form);
  });
}

export interface UploadEvents {
  onHash(done: number, total: number): void;
  /** Bytes the server has, of the file's size. */
  onUpload(bytes: number, total: number): void;
  /** The upload resumes from this chunk (0-based), some chunks being already on the server. */
  onResume(nextChunk: number, chunkCount: number): void;
  onInstant(): void;
}

const RETRIES = 4;
const POLL_MS = 1000;
const MAX_POLLS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PATH_CHUNK = '/api/resourceFile/uploadCourseWareFile';

/** Uploads the file's missing chunks, from the first one the server lacks; a cancel (signal) stops before the next chunk. */
export async function uploadCourseFile(file: File, ev: UploadEvents, signal?: AbortSignal): Promise<UploadedFile> {
  const { md5, chunkMd5s } = await hashFile(file, ev.onHash, signal);
  const plan = { fileMd5: md5, fileSize: file.size, fileName: file.name, chunkSize: uploadChunkBytes(file.size) };
  let progress = await call(api, '/api/resourceFile/progress', plan, { signal });
  if (progress.done && progress.file) {
    ev.onInstant();
    ev.onUpload(file.size, file.size);
    return progress.file;
  }
  if (progress.received > 0) ev.onResume(progress.nextChunk, progress.chunkCount);
  const size = (i: number) => Math.min(file.size, (i + 1) * plan.chunkSize) - i * plan.chunkSize;
  let failures = 0;
  let polls = 0;
  let index = progress.nextChunk;
  let have = progress.received;
  while (!progress.done) {
    signal?.throwIfAborted();
    if (index >= progress.chunkCount) {
      // every chunk up to the end was sent; ask which are still missing (or wait while the server assembles)
      if (++polls > MAX_POLLS) throw new Error('服务器处理超时，请稍后重新选择文件继续上传');
      if (polls > 1) await sleep(POLL_MS);
      progress = await call(api, '/api/resourceFile/progress', plan, { signal });
      if (progress.done) break;
      index = progress.nextChunk;
      have = progress.received;
      continue;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...plan, chunkIndex: index, chunkMd5: chunkMd5s[index] }))
      form.append(k, String(v));
    form.append('file', file.slice(index * plan.chunkSize, index * plan.chunkSize + size(index)), file.name);
    const base = Math.min(file.size, have * plan.chunkSize);
    let env: Envelope;
    try {
      env = await postMultipart(
        PATH_CHUNK,
        form,
        (loaded) => ev.onUpload(Math.min(file.size, base + loaded), file.size),
        signal,
      );
    } catch (err) {
      // Offline: no point retrying for seconds; the caller pauses and goes on when the browser is back online.
      if ((err as { name?: string }).name === 'AbortError' || !navigator.onLine || ++failures > RETRIES) throw err;
      await sleep(1000 * failures);
      continue;
    }
    const data = env.data as UploadProgress | null;
    if (env.code !== 0) {
      // A refused chunk is asked again from where the server says; other refusals end the upload.
      if (data && typeof data.nextChunk === 'number' && ++failures <= RETRIES) {
        index = data.nextChunk;
        have = data.received;
        continue;
      }
      throw new ApiError(PATH_CHUNK, env.code, env.msg, env.data);
    }
    failures = 0;
    progress = data!;
    have = progress.received;
    ev.onUpload(Math.min(file.size, have * plan.chunkSize), file.size);
    index = progress.done ? progress.chunkCount : index + 1;
  }
  ev.onUpload(file.size, file.size);
  return progress.file!;
}

/** uploadFile / uploadResFile: one small file in one request. */
export async function uploadSmallFile(
  path: '/api/resourceFile/uploadFile' | '/api/resourceFile/uploadResFile',
  file: File,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('fileName', file.name);
  form.append('file', file, file.name);
  const env = await postMultipart(path, form);
  if (env.code !== 0) throw new Error(env.msg);
  return env.data as UploadedFile;
}

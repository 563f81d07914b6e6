/// <reference lib="webworker" />
/**
 * The file MD5 of SPEC 7 (Uploads), computed off the main thread in 2 MB slices with spark-md5, so the page
 * stays responsive on a 1 GB file. An upload chunk is a whole number of slices: each chunk's own MD5 is built
 * from the same slices and reported too.
 */
import SparkMD5 from 'spark-md5';

export type Md5Request = { file: File; sliceSize: number; chunkSize: number };
export type Md5Message =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; md5: string; chunkMd5s: string[] }
  | { type: 'error'; message: string };

const ctx = self as unknown as DedicatedWorkerGlobalScope;

ctx.onmessage = async (e: MessageEvent<Md5Request>) => {
  const { file, sliceSize, chunkSize } = e.data;
  try {
    const total = Math.max(1, Math.ceil(file.size / sliceSize));
    const perChunk = Math.max(1, Math.round(chunkSize / sliceSize));
    const whole = new SparkMD5.ArrayBuffer();
    const chunkMd5s: string[] = [];
    let chunk = new SparkMD5.ArrayBuffer();
    for (let i = 0; i < total; i++) {
      const buf = await file.slice(i * sliceSize, Math.min(file.size, (i + 1) * sliceSize)).arrayBuffer();
      chunk.append(buf);
      if ((i + 1) % perChunk === 0 || i === total - 1) {
        chunkMd5s.push(chunk.end());
        chunk = new SparkMD5.ArrayBuffer();
      }
      whole.append(buf);
      ctx.postMessage({ type: 'progress', done: i + 1, total } satisfies Md5Message);
    }
    ctx.postMessage({ type: 'done', md5: whole.end(), chunkMd5s } satisfies Md5Message);
  } catch (err) {
    ctx.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies Md5Message);
  }
};

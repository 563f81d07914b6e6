/// <reference lib="webworker" />
/**
 * The file MD5 of SPEC 7 (Uploads), computed off the main thread in 2 MB slices with spark-md5, so the page
 * stays responsive on a 1 GB file. Each slice is also one upload chunk, so its own MD5 is reported too.
 */
import SparkMD5 from 'spark-md5';

export type Md5Request = { file: File; sliceSize: number };
export type Md5Message = { type: 'progress'; done: number; total: number } | { type: 'done'; md5: string; chunkMd5s: string[] } | { type: 'error'; message: string };

const ctx = self as unknown as DedicatedWorkerGlobalScope;

ctx.onmessage = async (e: MessageEvent<Md5Request>) => {
  const { file, sliceSize } = e.data;
  try {
    const total = Math.max(1, Math.ceil(file.size / sliceSize));
    const whole = new SparkMD5.ArrayBuffer();
    const chunkMd5s: string[] = [];
    for (let i = 0; i < total; i++) {
      const buf = await file.slice(i * sliceSize, Math.min(file.size, (i + 1) * sliceSize)).arrayBuffer();
      chunkMd5s.push(SparkMD5.ArrayBuffer.hash(buf));
      whole.append(buf);
      ctx.postMessage({ type: 'progress', done: i + 1, total } satisfies Md5Message);
    }
    ctx.postMessage({ type: 'done', md5: whole.end(), chunkMd5s } satisfies Md5Message);
  } catch (err) {
    ctx.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies Md5Message);
  }
};

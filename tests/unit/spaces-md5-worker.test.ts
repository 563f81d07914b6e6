/**
 * @jest-environment node
 */
/**
 * The browser's MD5 worker (issue 6 point 2): the file MD5 in 2 MB slices, and each upload chunk's MD5 built from
 * the same slices when a chunk is several slices long (large files go up in 8 MB chunks).
 */
import { createHash } from 'node:crypto';
import type { Md5Message } from '@/components/creation/md5.worker';
import { uploadChunkBytes } from '@/components/creation/upload-client';

const MB = 1024 * 1024;
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

async function runWorker(bytes: Uint8Array<ArrayBuffer>, sliceSize: number, chunkSize: number): Promise<Md5Message[]> {
  const messages: Md5Message[] = [];
  const scope = {
    postMessage: (m: Md5Message) => messages.push(m),
    onmessage: null as null | ((e: MessageEvent) => Promise<void>),
  };
  (globalThis as unknown as { self: unknown }).self = scope;
  jest.resetModules();
  await import('@/components/creation/md5.worker');
  await scope.onmessage!({ data: { file: new File([bytes], 'a.mp4'), sliceSize, chunkSize } } as MessageEvent);
  return messages;
}

describe('md5 worker', () => {
  const bytes = new Uint8Array(5 * MB + 123).map((_, i) => (i * 31) & 0xff);

  it('chunks of four slices: one MD5 per chunk, the whole file MD5, progress per slice', async () => {
    const msgs = await runWorker(bytes, 1 * MB, 4 * MB);
    const done = msgs.find((m) => m.type === 'done');
    expect(done).toEqual({
      type: 'done',
      md5: md5(bytes),
      chunkMd5s: [md5(bytes.subarray(0, 4 * MB)), md5(bytes.subarray(4 * MB))],
    });
    expect(msgs.filter((m) => m.type === 'progress')).toHaveLength(6);
  });

  it('chunks of one slice', async () => {
    const msgs = await runWorker(bytes, 2 * MB, 2 * MB);
    const done = msgs.find((m) => m.type === 'done');
    expect(done && done.type === 'done' && done.chunkMd5s).toEqual(
      [0, 1, 2].map((i) => md5(bytes.subarray(i * 2 * MB, (i + 1) * 2 * MB))),
    );
  });

  it('upload chunks: 2 MB up to 64 MB, 8 MB above (always a whole number of MD5 slices)', () => {
    expect(uploadChunkBytes(5 * MB)).toBe(2 * MB);
    expect(uploadChunkBytes(64 * MB)).toBe(2 * MB);
    expect(uploadChunkBytes(200 * MB)).toBe(8 * MB);
  });
});

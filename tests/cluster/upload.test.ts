/**
 * A 200 MB chunked upload whose chunks alternate instances (each chunk a part of the S3 store's multipart upload), with one instance killed (kill -9) while a chunk is on
 * its way to it: the chunk goes again to the next instance, the upload completes and the file's MD5 matches. The
 * protocol is the creation centre's (components/creation/upload-client.ts; tests/integration/spaces-uploads.test.ts):
 * 8 MB chunks for a file above 64 MB, each with its MD5, the whole file's MD5 in the plan.
 */
import { createHash, randomFillSync } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseStorageUrl, S3Store } from '@/lib/server/storage';
import { call, cluster, control, signIn, sleep } from './support';

const MB = 1024 * 1024;
const SIZE = 200 * MB;
const CHUNK = 8 * MB;

function multipart(fields: Record<string, string | number>, data: Buffer, fileName: string) {
  const boundary = `----cluster${Math.random().toString(16).slice(2)}`;
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const raw = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { raw, type: `multipart/form-data; boundary=${boundary}` };
}

async function md5Of(stream: AsyncIterable<unknown>): Promise<string> {
  const h = createHash('md5');
  for await (const piece of stream) h.update(piece as Buffer);
  return h.digest('hex');
}

describe('a chunked upload across instances', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cluster-upload-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('completes with chunks alternating instances and one instance killed mid-way, and its MD5 matches', async () => {
    // The file: an MP4 header, then incompressible bytes, written in pieces (never 200 MB in memory).
    const src = path.join(dir, 'lecture.mp4');
    const fd = openSync(src, 'w');
    const whole = createHash('md5');
    const chunkMd5: string[] = [];
    const piece = Buffer.alloc(CHUNK);
    for (let off = 0; off < SIZE; off += CHUNK) {
      randomFillSync(piece);
      if (off === 0)
        Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]).copy(piece);
      writeSync(fd, piece);
      whole.update(piece);
      chunkMd5.push(createHash('md5').update(piece).digest('hex'));
    }
    closeSync(fd);
    const fileMd5 = whole.digest('hex');
    const plan = { fileMd5, fileSize: SIZE, fileName: 'lecture.mp4', chunkSize: CHUNK };

    const { answer, cookie } = await signIn('teacher', 'Teacher_2026');
    expect(answer.json.code).toBe(0);
    const ports = cluster.instancePorts;
    const victim = 1;
    const killAt = Math.floor(chunkMd5.length / 2);
    const alive = new Set(ports.map((_, i) => i));
    const rfd = openSync(src, 'r');
    const buf = Buffer.alloc(CHUNK);
    let last: { done?: boolean; file?: { md5: string; url: string } } | undefined;
    let turn = 0;
    let retried = 0;
    let killed = false;
    try {
      for (let i = 0; i < chunkMd5.length; i++) {
        const n = readSync(rfd, buf, 0, CHUNK, i * CHUNK);
        const body = multipart({ ...plan, chunkIndex: i, chunkMd5: chunkMd5[i] }, buf.subarray(0, n), 'lecture.mp4');
        for (;;) {
          // The next living instance in turn: chunks alternate instances.
          while (!alive.has(turn % ports.length)) turn++;
          const target = turn % ports.length;
          turn++;
          // Killed while a chunk is half way to it.
          const kill = !killed && i >= killAt && target === victim;
          if (kill) killed = true;
          const sending = call({
            port: ports[target],
            path: '/api/resourceFile/uploadCourseWareFile',
            raw: body.raw,
            headers: { 'content-type': body.type },
            cookie,
            timeoutMs: 120_000,
            midway: kill
              ? async () => {
                  await sleep(50);
                  alive.delete(victim);
                  await control('kill', victim);
                }
              : undefined,
          });
          try {
            const res = await sending;
            if (res.json.code !== 0) throw new Error(`chunk ${i} on ${ports[target]}: ${res.json.msg}`);
            last = res.json.data as typeof last;
            break;
          } catch (err) {
            // The instance died under this chunk: it goes again to the next one.
            if (alive.has(target)) throw err;
            retried++;
          }
        }
      }
    } finally {
      closeSync(rfd);
      // The other tests need all three instances.
      if (killed) await control('restart', victim);
    }
    // The last chunk assembles the file (the whole file's MD5 is checked, hashed from disk on a resumed upload).
    for (let waited = 0; !last?.done && waited < 60_000; waited += 200) {
      const p = await call({ port: cluster.port, path: '/api/resourceFile/progress', body: plan, cookie });
      last = p.json.data as typeof last;
      if (!last?.done) await sleep(200);
    }
    expect(retried).toBeGreaterThanOrEqual(1);
    expect(last?.done).toBe(true);
    expect(last?.file?.md5).toBe(fileMd5);
    // The stored file itself, read back from the store the instances share (S3: s3rver).
    const store = new S3Store(parseStorageUrl(cluster.storageUrl));
    const stored = await store.get(`files/${fileMd5.slice(0, 2)}/${fileMd5}-${SIZE}.mp4`);
    expect(stored).not.toBeNull();
    expect(await md5Of(stored!)).toBe(fileMd5);
    // Nothing of the upload is left in the store's scratch space.
    const left: string[] = [];
    for await (const o of store.list('tmp/')) left.push(o.key);
    expect(left).toEqual([]);
  });
});

/**
 * The file store on S3 (STORAGE_URL), against s3rver started by the test on loopback (tests/fixtures/s3.ts): the
 * store's operations (also on local disk), chunked uploads whose chunks alternate two "instances" (two copies of the
 * upload modules sharing nothing but the database and the store) and complete with the right MD5, on both chunk
 * paths (parts of a multipart upload for chunks of 5 MiB and more, chunk objects below), resume after a chunk cut
 * off, refusals, the sweep, and media delivery: a presigned 302 only after the access check, whose URL serves the
 * bytes with a Range; X-Accel-Redirect on local disk behind nginx.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import {
  courseChapters,
  courseEnrolments,
  courses,
  operators,
  uploadChunks,
  uploadFiles,
  uploadSessions,
} from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import * as instanceA from '@/lib/server/http/streaming';
import { LocalStore, parseStorageUrl, S3Store, storage, type ObjectStore } from '@/lib/server/storage';
import { chapterMedia } from '@/lib/server/http/media-route';
import { sweepAbandonedUploads } from '@/lib/server/services/spaces/uploads';
import type { UploadProgress } from '@/lib/contract/spaces';
import { startTestS3, type TestS3 } from '../fixtures/s3';
import { JOBS } from '@/lib/server/jobs';
import { drainJobs } from '@/lib/server/job-workers';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'storage-s3-'));
process.env.UPLOAD_DIR = uploadDir;
const MiB = 1024 * 1024;
const md5 = (b: Buffer | Uint8Array) => createHash('md5').update(b).digest('hex');
const { call } = testClient();
type Envelope = { code: number; msg: string; data: unknown };
type Streaming = typeof instanceA;

let s3: TestS3;
let instanceB: Streaming;
let teacher: string;
let learner: string;

async function token(userId: string) {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return createSession(op.id);
}

function fakeMp4(size: number): Buffer {
  const head = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]);
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

async function readAll(s: Readable | null): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const p of s ?? []) parts.push(p as Buffer);
  return Buffer.concat(parts);
}

/** One chunk through an instance's upload route; `cutAfter` drops the body after that many bytes of the part. */
function sendChunk(
  via: Streaming,
  tok: string,
  file: Buffer,
  chunkSize: number,
  index: number,
  opts: { fileName?: string; cutAfter?: number; chunkMd5?: string } = {},
): Promise<Envelope> {
  const part = file.subarray(index * chunkSize, Math.min(file.length, (index + 1) * chunkSize));
  const fields = {
    fileMd5: md5(file),
    fileSize: file.length,
    chunkSize,
    chunkIndex: index,
    chunkMd5: opts.chunkMd5 ?? md5(part),
  };
  const boundary = `----s3test${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.fileName ?? 'lecture.mp4'}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const whole = Buffer.concat([head, part, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const body =
    opts.cutAfter == null
      ? new Uint8Array(whole)
      : new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array(whole.subarray(0, head.length + opts.cutAfter!)));
            setTimeout(() => controller.error(new Error('connection dropped')), 50);
          },
        });
  const req = new Request('http://localhost/api/resourceFile/uploadCourseWareFile', {
    method: 'POST',
    body,
    headers: { 'x-access-token': tok, 'content-type': `multipart/form-data; boundary=${boundary}` },
    duplex: 'half',
  } as RequestInit);
  return via.handleUpload(req, 'uploadCourseWareFile').then((r) => r.json() as Promise<Envelope>);
}

const s3Store = () => storage() as S3Store;
const tmpObjects = async () => {
  const keys: string[] = [];
  for await (const o of s3Store().list('tmp/')) keys.push(o.key);
  return keys;
};

beforeAll(async () => {
  s3 = await startTestS3();
  process.env.STORAGE_URL = s3.url;
  // Presigned redirects on (the S3 project turns them off for the suites written for local disk).
  delete process.env.STORAGE_PRESIGN_SECONDS;
  // A second instance: its own copy of every upload module (and their in-process state), the same database and store.
  await jest.isolateModulesAsync(async () => {
    instanceB = await import('@/lib/server/http/streaming');
  });
  teacher = await token('teacher');
  learner = await token('learner');
}, 120_000);
afterAll(async () => {
  await closeDb();
  await s3.stop();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('the %s store', (kind) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = kind === 'local' ? new LocalStore() : new S3Store(parseStorageUrl(s3.url));
  });

  it('puts, stats, gets whole and by range, lists by prefix, deletes', async () => {
    const bytes = randomBytes(10_000);
    await store.put('t/a/one.bin', bytes);
    await store.put('t/a/two.bin', Readable.from([bytes.subarray(0, 5000), bytes.subarray(5000)]), {
      length: bytes.length,
    });
    await store.put('t/b/three.txt', 'WEBVTT\n');
    expect(await store.stat('t/a/one.bin')).toMatchObject({ key: 't/a/one.bin', size: 10_000 });
    expect(md5(await readAll(await store.get('t/a/two.bin')))).toBe(md5(bytes));
    expect(await readAll(await store.get('t/a/one.bin', { start: 100, end: 199 }))).toEqual(bytes.subarray(100, 200));
    expect((await store.read('t/b/three.txt'))?.toString()).toBe('WEBVTT\n');
    const listed: string[] = [];
    for await (const o of store.list('t/a/')) listed.push(o.key);
    expect(listed.sort()).toEqual(['t/a/one.bin', 't/a/two.bin']);
    expect(await store.withLocalFile('t/a/one.bin', async (f) => md5(readFileSync(f)))).toBe(md5(bytes));
    await store.delete('t/a/one.bin');
    expect(await store.stat('t/a/one.bin')).toBeNull();
    expect(await store.get('t/a/one.bin')).toBeNull();
    expect(await store.withLocalFile('t/a/one.bin', async () => 1)).toBeNull();
    expect(await store.deletePrefix('t/')).toBe(2);
    expect(await store.stat('t/b/three.txt')).toBeNull();
    const file = path.join(uploadDir, 'to-store.bin');
    writeFileSync(file, bytes);
    await store.putFile('t/c/file.bin', file, { move: true });
    expect(md5((await store.read('t/c/file.bin'))!)).toBe(md5(bytes));
    await store.deletePrefix('t/');
    await store.ping();
  });

  it('refuses keys that would leave the store', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a\\b']) await expect(store.put(key, 'x')).rejects.toThrow();
  });
});

describe('STORAGE_URL', () => {
  it('reads credentials, endpoint, bucket, prefix and options', () => {
    expect(parseStorageUrl('s3://AK:S%2Fk%2B@127.0.0.1:4569/portal?region=us-east-1&forcePathStyle=1')).toMatchObject({
      endpoint: 'http://127.0.0.1:4569',
      bucket: 'portal',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'S/k+' },
    });
    expect(parseStorageUrl('s3://AK:SK@oss-cn-beijing.aliyuncs.com/edu/portal?region=oss-cn-beijing')).toMatchObject({
      endpoint: 'https://oss-cn-beijing.aliyuncs.com',
      bucket: 'edu',
      prefix: 'portal/',
      forcePathStyle: false,
    });
    expect(parseStorageUrl('http://minio:9000/portal?forcePathStyle=1').endpoint).toBe('http://minio:9000');
    expect(() => parseStorageUrl('s3://AK:SK@host')).toThrow(/bucket/);
    expect(() => parseStorageUrl('ftp://host/b')).toThrow(/scheme/);
  });
});

describe('a chunked upload on S3 alternating two instances', () => {
  it('parts of a multipart upload (5 MiB chunks), out of order, complete with the right MD5', async () => {
    const CHUNK = 5 * MiB;
    const file = fakeMp4(2 * CHUNK + 4321);
    expect((await sendChunk(instanceA, teacher, file, CHUNK, 0)).data).toMatchObject({ nextChunk: 1 });
    // Out of order, on the other instance: not part of the running hash, read back at assembly.
    expect((await sendChunk(instanceB, teacher, file, CHUNK, 2)).data).toMatchObject({ nextChunk: 1, received: 2 });
    const [session] = await (
      await db()
    )
      .select()
      .from(uploadSessions)
      .where(eq(uploadSessions.md5, md5(file)));
    expect(session).toMatchObject({ hashedChunks: 1 });
    expect(session.storeUploadId).toBeTruthy();
    const done = await sendChunk(instanceA, teacher, file, CHUNK, 1);
    expect(done.code).toBe(0);
    const p = done.data as UploadProgress;
    expect(p).toMatchObject({ done: true, file: { md5: md5(file), size: file.length, kind: 'video' } });
    const [row] = await (
      await db()
    )
      .select()
      .from(uploadFiles)
      .where(eq(uploadFiles.md5, md5(file)));
    expect(md5(await readAll(await s3Store().get(row.storageKey)))).toBe(md5(file));
    expect(await tmpObjects()).toEqual([]);
    const [after] = await (await db()).select().from(uploadSessions).where(eq(uploadSessions.id, session.id));
    expect(after).toMatchObject({ status: 'done', storeUploadId: null, hashState: null });
  });

  it('chunk objects (64 KB chunks) alternating instances, one sent twice, complete with the right MD5', async () => {
    const CHUNK = 64 * 1024;
    const file = fakeMp4(5 * CHUNK - 777);
    const via = [instanceA, instanceB];
    for (let i = 0; i < 4; i++) expect((await sendChunk(via[i % 2], teacher, file, CHUNK, i)).code).toBe(0);
    // The answer of chunk 3 was lost: the client sends it again to the other instance.
    expect((await sendChunk(instanceA, teacher, file, CHUNK, 3)).data).toMatchObject({ nextChunk: 4 });
    const done = await sendChunk(instanceB, teacher, file, CHUNK, 4);
    expect(done.data).toMatchObject({ done: true, file: { md5: md5(file) } });
    expect(await tmpObjects()).toEqual([]);
  });

  it('resumes after a chunk cut off mid-way on one instance, on the other; refusals ask the chunk again', async () => {
    const CHUNK = 5 * MiB;
    const file = fakeMp4(2 * CHUNK + 99);
    const plan = { fileMd5: md5(file), fileSize: file.length, fileName: 'lecture.mp4', chunkSize: CHUNK };
    expect((await sendChunk(instanceA, teacher, file, CHUNK, 0)).code).toBe(0);
    // The connection drops half way through chunk 1 (as when its instance dies).
    const cut = await sendChunk(instanceA, teacher, file, CHUNK, 1, { cutAfter: 2 * MiB });
    expect(cut.code).not.toBe(0);
    const resumed = await call('/api/resourceFile/progress', plan, { token: teacher });
    expect(resumed.data).toMatchObject({ done: false, nextChunk: 1, received: 1 });
    const bad = await sendChunk(instanceB, teacher, file, CHUNK, 1, { chunkMd5: '0'.repeat(32) });
    expect(bad).toMatchObject({ msg: '分片校验失败，请重新上传该分片', data: { nextChunk: 1 } });
    expect((await sendChunk(instanceB, teacher, file, CHUNK, 1)).data).toMatchObject({ nextChunk: 2 });
    const done = await sendChunk(instanceA, teacher, file, CHUNK, 2);
    expect(done.data).toMatchObject({ done: true, file: { md5: md5(file), size: file.length } });
  });

  it('a file whose bytes do not match its MD5 starts over and leaves nothing in the store', async () => {
    const CHUNK = 64 * 1024;
    const file = fakeMp4(2 * CHUNK);
    const claimed = md5(Buffer.from('something else'));
    const send = (i: number) => {
      const part = file.subarray(i * CHUNK, (i + 1) * CHUNK);
      const fd = new FormData();
      for (const [k, v] of Object.entries({
        fileMd5: claimed,
        fileSize: file.length,
        chunkSize: CHUNK,
        chunkIndex: i,
        chunkMd5: md5(part),
      }))
        fd.append(k, String(v));
      fd.append('file', new Blob([new Uint8Array(part)]), 'x.mp4');
      const req = new Request('http://localhost/api/resourceFile/uploadCourseWareFile', {
        method: 'POST',
        body: fd,
        headers: { 'x-access-token': teacher },
      });
      return instanceA.handleUpload(req, 'uploadCourseWareFile').then((r) => r.json() as Promise<Envelope>);
    };
    expect((await send(0)).code).toBe(0);
    expect(await send(1)).toMatchObject({ msg: '文件MD5校验失败，请重新上传', data: { nextChunk: 0, received: 0 } });
    expect(await tmpObjects()).toEqual([]);
  });

  it('the sweep ends an abandoned upload: its multipart upload, chunk objects and records', async () => {
    // Relative to what the teacher holds already (the PostgreSQL pass shares its database with earlier files).
    const scratchBefore = (
      (await call('/api/resourceFile/quota', {}, { token: teacher })).data as { scratchUsed: number }
    ).scratchUsed;
    const file = fakeMp4(2 * 5 * MiB);
    expect((await sendChunk(instanceB, teacher, file, 5 * MiB, 0)).code).toBe(0);
    const small = fakeMp4(3 * 64 * 1024);
    expect((await sendChunk(instanceB, teacher, small, 64 * 1024, 0)).code).toBe(0);
    expect((await tmpObjects()).length).toBe(1);
    const quota = await call('/api/resourceFile/quota', {}, { token: teacher });
    expect((quota.data as { scratchUsed: number }).scratchUsed - scratchBefore).toBe(5 * MiB + 64 * 1024);
    expect(await sweepAbandonedUploads(60_000, Date.now() + 120_000)).toBeGreaterThanOrEqual(2);
    expect(await tmpObjects()).toEqual([]);
    const d = await db();
    const sessions = await d
      .select()
      .from(uploadSessions)
      .where(eq(uploadSessions.md5, md5(file)));
    expect(sessions[0]).toMatchObject({ storeUploadId: null, hashedChunks: 0 });
    expect(await d.select().from(uploadChunks).where(eq(uploadChunks.sessionId, sessions[0].id))).toEqual([]);
  });

  it('a one-request upload (a cover) is published to the store', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(3000)]);
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(png)]), 'cover.png');
    const res = await instanceB.handleUpload(
      new Request('http://localhost/api/resourceFile/uploadResFile', {
        method: 'POST',
        body: fd,
        headers: { 'x-access-token': teacher },
      }),
      'uploadResFile',
    );
    const env = (await res.json()) as Envelope;
    expect(env.code).toBe(0);
    const url = (env.data as { url: string }).url;
    // Served through the instance (a cover keeps the sandbox policy a store's URL cannot carry).
    const served = await instanceA.serveFile(
      new Request(`http://localhost${url}`, { headers: { 'x-access-token': teacher } }),
      url.split('/').pop()!,
    );
    expect(served.status).toBe(200);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(md5(Buffer.from(await served.arrayBuffer()))).toBe(md5(png));
  });
});

describe('media from the S3 store', () => {
  const source = path.join(process.cwd(), 'assets/media/demo-1.webm');
  const bytes = readFileSync(source);
  const fileMd5 = md5(bytes);
  const name = `${fileMd5}-${bytes.length}.webm`;
  let chapterId = 0;
  let courseId = 0;
  let learnerId = 0;
  const media = (headers: Record<string, string> = {}) =>
    chapterMedia(new Request(`http://localhost/media/chapter/${chapterId}`, { headers }), String(chapterId));

  beforeAll(async () => {
    const d = await db();
    const [owner] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'teacher'));
    const key = `files/${fileMd5.slice(0, 2)}/${name}`;
    await storage().put(key, bytes);
    await d
      .insert(uploadFiles)
      .values({
        md5: fileMd5,
        size: bytes.length,
        kind: 'video',
        mime: 'video/webm',
        ext: 'webm',
        storageKey: key,
        ownerId: owner.id,
        originalName: '课程.webm',
      })
      .onConflictDoNothing();
    const [course] = await d.select({ id: courses.id }).from(courses).where(eq(courses.auditStatus, 1052)).limit(1);
    courseId = course.id;
    const [row] = await d
      .insert(courseChapters)
      .values({ courseId, sort: 98, title: 'S3 视频', media: `/api/resourceFile/file/${name}`, durationSeconds: 300 })
      .returning({ id: courseChapters.id });
    chapterId = row.id;
    const [l] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'learner'));
    learnerId = l.id;
    await d
      .delete(courseEnrolments)
      .where(and(eq(courseEnrolments.operatorId, learnerId), eq(courseEnrolments.courseId, courseId)));
  });
  afterAll(async () => {
    const d = await db();
    await d.delete(courseChapters).where(eq(courseChapters.id, chapterId));
    await d
      .delete(courseEnrolments)
      .where(and(eq(courseEnrolments.operatorId, learnerId), eq(courseEnrolments.courseId, courseId)));
  });

  it("an uploaded file's own URL: refused (403, the envelope) to others, a 302 to its uploader whose URL serves ranges", async () => {
    const other = await instanceA.serveFile(
      new Request(`http://localhost/api/resourceFile/file/${name}`, { headers: { 'x-access-token': learner } }),
      name,
    );
    expect(other.status).toBe(403);
    expect(other.headers.get('location')).toBeNull();
    expect(await other.json()).toMatchObject({ code: expect.any(Number), msg: '课程视频请在课程学习页面观看' });
    const mine = await instanceA.serveFile(
      new Request(`http://localhost/api/resourceFile/file/${name}`, { headers: { 'x-access-token': teacher } }),
      name,
    );
    expect(mine.status).toBe(302);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const got = await fetch(mine.headers.get('location')!, { headers: { range: 'bytes=100-199' } });
    expect(got.status).toBe(206);
    expect(got.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(bytes.subarray(100, 200));
  });

  it('the player: a trial cut made by ffmpeg into the store before 选学, the whole file after, each a 302 after the check', async () => {
    const cookie = { cookie: `Continuing-Education-Web-Token=${learner}` };
    // The cut is a job (lib/server/jobs), never made inside a request: the first play queues it and falls back.
    expect((await media(cookie)).status).toBe(403);
    expect(await drainJobs({ names: [JOBS.trialCut] })).toBeGreaterThanOrEqual(1);
    const trial = await media(cookie);
    expect(trial.status).toBe(302);
    expect(trial.headers.get('x-media-rendition')).toBe('trial');
    const cut = await fetch(trial.headers.get('location')!, { headers: { range: 'bytes=0-' } });
    expect(cut.status).toBe(206);
    const trialSize = Number(cut.headers.get('content-range')!.split('/')[1]);
    expect(trialSize).toBeGreaterThan(0);
    expect(trialSize).toBeLessThan(bytes.length * 0.75);
    await cut.arrayBuffer();
    await (await db()).insert(courseEnrolments).values({ operatorId: learnerId, courseId }).onConflictDoNothing();
    const full = await media(cookie);
    expect(full.status).toBe(302);
    expect(full.headers.get('x-media-rendition')).toBe('full');
    const got = await fetch(full.headers.get('location')!, { headers: { range: `bytes=${bytes.length - 50}-` } });
    expect(got.status).toBe(206);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 50));
  });

  it('a course not in the catalogue gives nothing, no redirect; STORAGE_PRESIGN_SECONDS=0 streams through the instance', async () => {
    const d = await db();
    const [hidden] = await d.select({ id: courses.id }).from(courses).where(eq(courses.auditStatus, 1051)).limit(1);
    if (hidden) {
      await d.update(courseChapters).set({ courseId: hidden.id }).where(eq(courseChapters.id, chapterId));
      const refused = await media({ cookie: `Continuing-Education-Web-Token=${learner}` });
      expect(refused.status).toBe(404);
      expect(refused.headers.get('location')).toBeNull();
      await d.update(courseChapters).set({ courseId }).where(eq(courseChapters.id, chapterId));
    }
    process.env.STORAGE_PRESIGN_SECONDS = '0';
    try {
      const streamed = await media({ cookie: `Continuing-Education-Web-Token=${learner}`, range: 'bytes=0-99' });
      expect(streamed.status).toBe(206);
      expect(Buffer.from(await streamed.arrayBuffer())).toEqual(bytes.subarray(0, 100));
    } finally {
      delete process.env.STORAGE_PRESIGN_SECONDS;
    }
  });
});

describe('local disk behind nginx', () => {
  it('ACCEL_REDIRECT_PREFIX: media is an X-Accel-Redirect to the internal location, after the same check', async () => {
    const saved = process.env.STORAGE_URL;
    delete process.env.STORAGE_URL;
    process.env.ACCEL_REDIRECT_PREFIX = '/protected-media/';
    try {
      const video = fakeMp4(3 * 64 * 1024);
      for (let i = 0; i < 3; i++) await sendChunk(instanceA, teacher, video, 64 * 1024, i);
      const [row] = await (
        await db()
      )
        .select()
        .from(uploadFiles)
        .where(eq(uploadFiles.md5, md5(video)));
      const name = row.storageKey.split('/').pop()!;
      const mine = await instanceA.serveFile(
        new Request(`http://localhost/api/resourceFile/file/${name}`, { headers: { 'x-access-token': teacher } }),
        name,
      );
      expect(mine.status).toBe(200);
      expect(mine.headers.get('x-accel-redirect')).toBe(`/protected-media/${row.storageKey}`);
      expect(mine.headers.get('content-type')).toBe('video/mp4');
      const other = await instanceA.serveFile(
        new Request(`http://localhost/api/resourceFile/file/${name}`, { headers: { 'x-access-token': learner } }),
        name,
      );
      expect(other.status).toBe(403);
      expect(other.headers.get('x-accel-redirect')).toBeNull();
    } finally {
      process.env.STORAGE_URL = saved;
      delete process.env.ACCEL_REDIRECT_PREFIX;
    }
  });
});

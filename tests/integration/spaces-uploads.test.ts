/**
 * Chunked uploads (issue 6 points 2, 5, 7): progress and resume from the first missing chunk, out-of-order
 * chunks, bad chunk MD5, wrong chunk size, bad file MD5, instant completion of a known file, type by
 * content (HTML/SVG refused), size limits refused early, path traversal, and how files are served.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { operators, uploadSessions } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { sweepAbandonedUploads } from '@/lib/server/services/spaces/uploads';
import { handleUpload, serveFile, type UploadAction } from '@/lib/server/http/streaming';
import { isSafeKey, uploadedFilePath } from '@/lib/server/storage';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';
import type { UploadedFile, UploadProgress } from '@/lib/contract/spaces';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'spaces-uploads-'));
process.env.UPLOAD_DIR = uploadDir;

const CHUNK = 64 * 1024;
const md5 = (b: Buffer | Uint8Array) => createHash('md5').update(b).digest('hex');

/** A small MP4-looking file: an ftyp box, then noise. */
function fakeMp4(size: number, seed = 1): Buffer {
  const head = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]);
  const body = createHash('sha512').update(String(seed)).digest();
  const out = Buffer.alloc(size);
  head.copy(out, 0);
  for (let i = head.length; i < size; i++) out[i] = body[i % body.length] ^ (i & 0xff);
  return out;
}
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2000)]);

async function token(userId: string) {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return createSession(op.id);
}

function multipart(
  action: UploadAction,
  tok: string | null,
  fields: Record<string, string | number>,
  file: Buffer,
  name: string,
  headers: Record<string, string> = {},
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  fd.append('file', new Blob([new Uint8Array(file)]), name);
  const req = new Request(`http://localhost:3000/api/resourceFile/${action}`, {
    method: 'POST',
    body: fd,
    headers: { host: 'localhost:3000', ...(tok ? { 'x-access-token': tok } : {}), ...headers },
  });
  return handleUpload(req, action).then((r) => r.json() as Promise<{ code: number; msg: string; data: unknown }>);
}

function chunkCall(
  tok: string | null,
  file: Buffer,
  name: string,
  index: number,
  opts: { fileMd5?: string; chunkMd5?: string; body?: Buffer } = {},
) {
  const part = opts.body ?? file.subarray(index * CHUNK, Math.min(file.length, (index + 1) * CHUNK));
  return multipart(
    'uploadCourseWareFile',
    tok,
    {
      fileMd5: opts.fileMd5 ?? md5(file),
      fileSize: file.length,
      chunkSize: CHUNK,
      chunkIndex: index,
      chunkMd5: opts.chunkMd5 ?? md5(part),
    },
    part,
    name,
  );
}

const { call } = testClient();

let teacher: string;
let learner: string;
beforeAll(async () => {
  teacher = await token('teacher');
  learner = await token('learner');
}, 120_000);
afterAll(async () => {
  await closeDb();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe('resumable chunked upload', () => {
  const file = fakeMp4(5 * CHUNK - 1000, 7);
  const plan = { fileMd5: md5(file), fileSize: file.length, fileName: '第一讲.mp4', chunkSize: CHUNK };

  it('progress starts at chunk 0; chunks in and out of order; resume from the first missing one', async () => {
    const start = await call('/api/resourceFile/progress', plan, { token: teacher });
    expect(start.code).toBe(0);
    expect(start.data).toMatchObject({ done: false, chunkCount: 5, nextChunk: 0, received: 0 });
    expect((await chunkCall(teacher, file, plan.fileName, 0)).data).toMatchObject({ nextChunk: 1 });
    expect((await chunkCall(teacher, file, plan.fileName, 1)).data).toMatchObject({ nextChunk: 2 });
    // out of order: 4 then 3; the first missing one is still 2
    expect((await chunkCall(teacher, file, plan.fileName, 4)).data).toMatchObject({ nextChunk: 2, received: 3 });
    expect((await chunkCall(teacher, file, plan.fileName, 3)).data).toMatchObject({ nextChunk: 2, received: 4 });
    const resumed = await call('/api/resourceFile/progress', plan, { token: teacher });
    expect(resumed.data).toMatchObject({ done: false, nextChunk: 2, received: 4 });
    const pending = await call('/api/resourceFile/pending', {}, { token: teacher });
    expect(pending.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ md5: plan.fileMd5, received: 4, chunkCount: 5 })]),
    );
  });

  it('a chunk whose MD5 does not match is refused and asked again; so is a chunk of the wrong size', async () => {
    const bad = await chunkCall(teacher, file, plan.fileName, 2, { chunkMd5: '0'.repeat(32) });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toBe('分片校验失败，请重新上传该分片');
    expect(bad.data).toMatchObject({ nextChunk: 2 });
    const short = await chunkCall(teacher, file, plan.fileName, 2, { body: file.subarray(2 * CHUNK, 2 * CHUNK + 100) });
    expect(short.msg).toBe('分片大小不正确，请重新上传该分片');
    const index = await chunkCall(teacher, file, plan.fileName, 9);
    expect(index.msg).toBe('分片序号不正确');
  });

  it('the last missing chunk assembles the file: MD5 checked, published atomically, served safely', async () => {
    const done = await chunkCall(teacher, file, plan.fileName, 2);
    expect(done.code).toBe(0);
    const p = done.data as UploadProgress;
    expect(p.done).toBe(true);
    expect(p.file).toMatchObject({ md5: plan.fileMd5, size: file.length, kind: 'video', mime: 'video/mp4' });
    // no scratch left behind
    expect(readdirSync(path.join(uploadDir, 'tmp')).filter((n) => n.startsWith('s'))).toEqual([]);
    const name = p.file!.url.split('/').pop()!;
    // Course video: only its uploader gets it from this URL; learners play it through the player (trial rule).
    const visitor = await serveFile(new Request(`http://localhost${p.file!.url}`), name);
    expect(visitor.status).toBe(200);
    expect((await visitor.json()).code).not.toBe(0);
    const other = await serveFile(
      new Request(`http://localhost${p.file!.url}`, { headers: { 'x-access-token': await token('party') } }),
      name,
    );
    expect(other.status).toBe(403);
    expect((await other.json()).msg).toBe('课程视频请在课程学习页面观看');
    const res = await serveFile(
      new Request(`http://localhost${p.file!.url}`, { headers: { 'x-access-token': teacher } }),
      name,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('private');
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="[a-f0-9]{32}\.mp4"/);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(md5(Buffer.from(await res.arrayBuffer()))).toBe(plan.fileMd5);
    const ranged = await serveFile(
      new Request(`http://localhost${p.file!.url}`, { headers: { range: 'bytes=0-99', 'x-access-token': teacher } }),
      name,
    );
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
  });

  it('a file its uploader sends again completes at once; for anyone else it is an upload like any other', async () => {
    const instant = await call(
      '/api/resourceFile/progress',
      { ...plan, fileName: '另一个名字.mp4' },
      { token: teacher },
    );
    expect(instant.code).toBe(0);
    expect(instant.data).toMatchObject({ done: true, nextChunk: 5 });
    expect((instant.data as UploadProgress).file?.md5).toBe(plan.fileMd5);
    const other = await call('/api/resourceFile/progress', { ...plan, fileName: '另一个名字.mp4' }, { token: learner });
    expect(other.code).toBe(0);
    expect(other.data).toMatchObject({ done: false, file: null, nextChunk: 0, received: 0 });
  });

  it('an assembled file whose MD5 is not the declared one is refused and the upload starts over', async () => {
    const f = fakeMp4(2 * CHUNK, 99);
    const wrong = md5(Buffer.from('something else'));
    expect((await chunkCall(teacher, f, 'x.mp4', 0, { fileMd5: wrong })).code).toBe(0);
    const last = await chunkCall(teacher, f, 'x.mp4', 1, { fileMd5: wrong });
    expect(last.code).not.toBe(0);
    expect(last.msg).toBe('文件MD5校验失败，请重新上传');
    expect(last.data).toMatchObject({ nextChunk: 0 });
    expect(
      (
        await call(
          '/api/resourceFile/progress',
          { fileMd5: wrong, fileSize: f.length, fileName: 'x.mp4', chunkSize: CHUNK },
          { token: teacher },
        )
      ).data,
    ).toMatchObject({ nextChunk: 0, received: 0 });
  });

  it('an assembly that died with its process is run again by the next progress call', async () => {
    const f = fakeMp4(2 * CHUNK + 10, 123);
    const p2 = { fileMd5: md5(f), fileSize: f.length, fileName: 'stale.mp4', chunkSize: CHUNK };
    await chunkCall(teacher, f, p2.fileName, 0);
    await chunkCall(teacher, f, p2.fileName, 1);
    const d = await db();
    const long = new Date(Date.now() - 10 * 60 * 1000);
    // as if another request had claimed the assembly and then its process stopped
    await d
      .update(uploadSessions)
      .set({ status: 'assembling', updatedAt: long })
      .where(eq(uploadSessions.md5, p2.fileMd5));
    const last = await chunkCall(teacher, f, p2.fileName, 2);
    expect(last.data).toMatchObject({ done: false, received: 3, nextChunk: 3 });
    const progress = await call('/api/resourceFile/progress', p2, { token: teacher });
    expect(progress.data).toMatchObject({ done: true });
    expect((progress.data as UploadProgress).file?.md5).toBe(p2.fileMd5);
  });

  it('a chunk rewritten after it was hashed in order cannot smuggle other bytes past the file MD5', async () => {
    const f = fakeMp4(2 * CHUNK, 321);
    const other = fakeMp4(CHUNK, 654);
    // real chunk 0 (hashed in order), then chunk 0 again with other bytes (its own MD5 is right), then chunk 1
    expect((await chunkCall(teacher, f, 'swap.mp4', 0)).code).toBe(0);
    expect((await chunkCall(teacher, f, 'swap.mp4', 0, { body: other })).code).toBe(0);
    const last = await chunkCall(teacher, f, 'swap.mp4', 1);
    expect(last.msg).toBe('文件MD5校验失败，请重新上传');
    // and the honest order after a rewrite still completes
    expect((await chunkCall(teacher, f, 'swap.mp4', 0, { body: other })).code).toBe(0);
    expect((await chunkCall(teacher, f, 'swap.mp4', 0)).code).toBe(0);
    const done = await chunkCall(teacher, f, 'swap.mp4', 1);
    expect(done.data).toMatchObject({ done: true });
    expect((done.data as UploadProgress).file?.md5).toBe(md5(f));
  });

  it('scratch files of an upload abandoned longer than the configured age are removed; it starts again at chunk 0', async () => {
    const f = fakeMp4(3 * CHUNK, 77);
    const p3 = { fileMd5: md5(f), fileSize: f.length, fileName: 'abandoned.mp4', chunkSize: CHUNK };
    await chunkCall(teacher, f, p3.fileName, 0);
    const [session] = await (await db()).select().from(uploadSessions).where(eq(uploadSessions.md5, p3.fileMd5));
    const dir = path.join(uploadDir, 'tmp', `s${session.id}`);
    expect(existsSync(path.join(dir, 'data'))).toBe(true);
    // younger than the age: kept
    expect(await sweepAbandonedUploads(60 * 60 * 1000)).toBe(0);
    expect(existsSync(dir)).toBe(true);
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(dir, 'data'), old, old);
    expect(await sweepAbandonedUploads(60 * 60 * 1000)).toBe(1);
    expect(existsSync(dir)).toBe(false);
    expect((await call('/api/resourceFile/progress', p3, { token: teacher })).data).toMatchObject({
      done: false,
      nextChunk: 0,
      received: 0,
    });
    // and it can still be uploaded whole
    for (let i = 0; i < 3; i++) await chunkCall(teacher, f, p3.fileName, i);
    expect((await call('/api/resourceFile/progress', p3, { token: teacher })).data).toMatchObject({ done: true });
  });

  it('bad input: bad MD5, bad chunk size, a visitor', async () => {
    const badMd5 = await call('/api/resourceFile/progress', { ...plan, fileMd5: 'xyz' }, { token: teacher });
    expect(badMd5.msg).toMatch(/参数错误：fileMd5 MD5格式不正确/);
    expect((await call('/api/resourceFile/progress', { ...plan, chunkSize: 10 }, { token: teacher })).msg).toMatch(
      /参数错误：chunkSize/,
    );
    expect((await call('/api/resourceFile/progress', plan)).code).toBe(CODE_SESSION_NONE);
    expect((await chunkCall(null, file, plan.fileName, 0)).code).toBe(CODE_SESSION_NONE);
    const noFields = await multipart('uploadCourseWareFile', teacher, {}, file.subarray(0, 100), 'a.mp4');
    expect(noFields.msg).toMatch(/参数错误/);
  });
});

describe('security of uploads', () => {
  it('HTML disguised as a video is refused by its content at the first chunk', async () => {
    const html = Buffer.concat([
      Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      Buffer.alloc(CHUNK),
    ]);
    const res = await chunkCall(teacher, html, 'evil.mp4', 0);
    expect(res.code).not.toBe(0);
    expect(res.msg).toMatch(/^不支持的文件类型/);
  });

  it('SVG and HTML are refused as images and documents; a real PNG is stored', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    expect((await multipart('uploadFile', teacher, {}, svg, 'cover.svg')).msg).toMatch(/^不支持的文件类型/);
    expect((await multipart('uploadFile', teacher, {}, svg, 'cover.png')).msg).toMatch(/^不支持的文件类型/);
    expect(
      (await multipart('uploadResFile', teacher, {}, Buffer.from('<html><body>hi</body></html>'), 'doc.pdf')).msg,
    ).toMatch(/^不支持的文件类型/);
    const ok = await multipart('uploadFile', teacher, {}, PNG, 'cover.png');
    expect(ok.code).toBe(0);
    expect(ok.data as UploadedFile).toMatchObject({ kind: 'image', mime: 'image/png' });
  });

  it('oversize uploads are refused early: by the declared size, by Content-Length, and while streaming', async () => {
    const huge = await call(
      '/api/resourceFile/progress',
      { fileMd5: 'a'.repeat(32), fileSize: 3 * 1024 ** 3, fileName: 'big.mp4', chunkSize: 8 * 1024 * 1024 },
      { token: teacher },
    );
    expect(huge.code).toBe(1013);
    expect(huge.msg).toBe('文件过大，不能超过2.00 GB');
    const declared = await handleUpload(
      new Request('http://localhost:3000/api/resourceFile/uploadFile', {
        method: 'POST',
        body: 'x',
        headers: {
          'x-access-token': teacher,
          'content-type': 'multipart/form-data; boundary=abc',
          'content-length': String(50 * 1024 * 1024),
        },
      }),
      'uploadFile',
    );
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { code: number }).code).toBe(1013);
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const streamed = await multipart('uploadFile', teacher, {}, big, 'big.png');
    expect(streamed.msg).toBe('文件过大，不能超过5.00 MB');
  });

  it('a page of another site cannot upload with the teacher’s cookie', async () => {
    const res = await multipart('uploadFile', teacher, {}, PNG, 'cover.png', { origin: 'https://evil.example' });
    expect(res).toMatchObject({ code: 1003, msg: '非法的跨站请求' });
    const sameHost = await multipart('uploadFile', teacher, {}, PNG, 'cover.png', { origin: 'http://localhost:3000' });
    expect(sameHost.code).toBe(0);
  });

  it('no path can escape the storage folder', async () => {
    for (const key of ['../etc/passwd', '/etc/passwd', 'files/../../x', 'a\\b', 'a/./b', 'a\0b']) {
      expect(isSafeKey(key)).toBe(false);
      expect(uploadedFilePath(key)).toBeNull();
    }
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '../../etc/passwd', 'passwd', `${'a'.repeat(32)}-1.mp4`]) {
      const res = await serveFile(new Request('http://localhost/x'), name);
      expect(res.status).toBe(404);
    }
    const f = fakeMp4(1000);
    const fields = { fileMd5: md5(f), fileSize: f.length, chunkSize: CHUNK, chunkIndex: 0, chunkMd5: md5(f) };
    const traversal = await multipart(
      'uploadCourseWareFile',
      teacher,
      { ...fields, fileName: '../../evil.mp4' },
      f,
      'evil.mp4',
    );
    expect(traversal.msg).toMatch(/文件名不合法/);
    // the multipart part's own file name is reduced to its last segment
    const stripped = await multipart('uploadCourseWareFile', teacher, fields, f, '../../evil.mp4');
    expect(stripped.code).toBe(0);
    expect(existsSync(path.join(uploadDir, '..', 'evil.mp4'))).toBe(false);
  });
});

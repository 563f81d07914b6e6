/**
 * Upload quotas (issue 22): a refused chunk's bytes leave the scratch space at once (twelve refused 16 MB chunks of
 * made-up files had grown uploads/tmp by 192 MB for a day); a user's scratch space and stored bytes are capped, the
 * stored cap by role; both figures are answered for the creation centre.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { handleUpload, type UploadAction } from '@/lib/server/http/streaming';
import { CODE_QUOTA } from '@/lib/server/errors';
import { MSG_SCRATCH_QUOTA, MSG_STORED_QUOTA } from '@/lib/contract/messages';
import type { UploadQuota } from '@/lib/contract/spaces';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'uploads-quota-'));
process.env.UPLOAD_DIR = uploadDir;
const QUOTA_ENV = ['UPLOAD_SCRATCH_QUOTA_MB', 'UPLOAD_STORED_QUOTA_MB', 'UPLOAD_STAFF_STORED_QUOTA_MB'];

const CHUNK = 64 * 1024;
const MiB = 1024 * 1024;
const md5 = (b: Buffer | Uint8Array) => createHash('md5').update(b).digest('hex');
const { call } = testClient();
type Envelope = { code: number; msg: string; data: unknown };

function fakeMp4(size: number): Buffer {
  const head = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]);
  return Buffer.concat([head, randomBytes(size - head.length)]);
}
const png = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);

function multipart(
  action: UploadAction,
  tok: string,
  fields: Record<string, string | number>,
  file: Buffer,
  name: string,
): Promise<Envelope> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  fd.append('file', new Blob([new Uint8Array(file)]), name);
  const req = new Request(`http://localhost/api/resourceFile/${action}`, {
    method: 'POST',
    body: fd,
    headers: { 'x-access-token': tok },
  });
  return handleUpload(req, action).then((r) => r.json() as Promise<Envelope>);
}

/** Chunk `index` of a file of `fileSize` bytes (made up: only its chunks are sent). */
function chunk(tok: string, fileMd5: string, fileSize: number, index: number, body: Buffer, chunkMd5 = md5(body)) {
  return multipart(
    'uploadCourseWareFile',
    tok,
    { fileMd5, fileSize, chunkSize: CHUNK, chunkIndex: index, chunkMd5 },
    body,
    '讲座.mp4',
  );
}

async function token(userId: string) {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return createSession(op.id);
}
const quota = async (tok: string) => (await call('/api/resourceFile/quota', {}, { token: tok })).data as UploadQuota;
const scratchDirs = () =>
  existsSync(path.join(uploadDir, 'tmp'))
    ? readdirSync(path.join(uploadDir, 'tmp')).filter((n) => /^s\d+$/.test(n))
    : [];

let teacher: string;
let learner: string;
beforeAll(async () => {
  teacher = await token('teacher');
  learner = await token('learner');
}, 120_000);
afterEach(() => {
  for (const k of QUOTA_ENV) delete process.env[k];
});
afterAll(async () => {
  await closeDb();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe('refused chunks', () => {
  it('twelve refused chunks (wrong MD5) of made-up 2 GB files leave no scratch bytes', async () => {
    const before = (await quota(teacher)).scratchUsed;
    for (let i = 0; i < 12; i++) {
      const body = fakeMp4(CHUNK);
      const r = await chunk(teacher, md5(randomBytes(8)), 2 * 1024 * MiB - i, 0, body, '0'.repeat(32));
      expect(r.code).not.toBe(0);
      expect(r.msg).toBe('分片校验失败，请重新上传该分片');
    }
    expect(scratchDirs()).toEqual([]);
    expect((await quota(teacher)).scratchUsed).toBe(before);
  });

  it('a refused chunk past the recorded ones is cut off; a recorded chunk it overwrote is asked again', async () => {
    const file = fakeMp4(6 * CHUNK);
    const fileMd5 = md5(file);
    const part = (i: number) => file.subarray(i * CHUNK, (i + 1) * CHUNK);
    expect((await chunk(teacher, fileMd5, file.length, 0, part(0))).code).toBe(0);
    expect((await chunk(teacher, fileMd5, file.length, 1, part(1))).code).toBe(0);
    const [dir] = scratchDirs();
    const data = path.join(uploadDir, 'tmp', dir, 'data');
    expect(statSync(data).size).toBe(2 * CHUNK);
    const late = await chunk(teacher, fileMd5, file.length, 4, part(4), '0'.repeat(32));
    expect(late.code).not.toBe(0);
    expect(statSync(data).size).toBe(2 * CHUNK);
    // A wrong copy of chunk 1 overwrote its bytes: chunk 1 is missing again (and the file is cut back to chunk 0).
    const again = await chunk(teacher, fileMd5, file.length, 1, randomBytes(CHUNK), '0'.repeat(32));
    expect(again.data).toMatchObject({ nextChunk: 1, received: 1 });
    expect(statSync(data).size).toBe(CHUNK);
    for (let i = 1; i < 6; i++) expect((await chunk(teacher, fileMd5, file.length, i, part(i))).code).toBe(0);
    expect(scratchDirs()).toEqual([]);
  });
});

describe('scratch cap', () => {
  it('a chunk that would take the user past the scratch cap is refused with its figures; others are not held back', async () => {
    process.env.UPLOAD_SCRATCH_QUOTA_MB = String((3 * CHUNK + 1000) / MiB);
    const a = fakeMp4(10 * CHUNK);
    for (let i = 0; i < 3; i++)
      expect((await chunk(learner, md5(a), a.length, i, a.subarray(i * CHUNK, (i + 1) * CHUNK))).code).toBe(0);
    expect(await quota(learner)).toMatchObject({ scratchUsed: 3 * CHUNK, scratchLimit: 3 * CHUNK + 1000 });
    const over = await chunk(learner, md5(a), a.length, 3, a.subarray(3 * CHUNK, 4 * CHUNK));
    expect(over.code).toBe(CODE_QUOTA);
    expect(over.msg).toBe(`${MSG_SCRATCH_QUOTA}（已用192.00 KB，共192.98 KB）`);
    const b = fakeMp4(2 * CHUNK);
    expect((await chunk(learner, md5(b), b.length, 0, b.subarray(0, CHUNK))).code).toBe(CODE_QUOTA);
    // The teacher's scratch is their own.
    const t = fakeMp4(2 * CHUNK);
    expect((await chunk(teacher, md5(t), t.length, 0, t.subarray(0, CHUNK))).code).toBe(0);
  });
});

describe('stored cap by role', () => {
  it('a learner past their stored cap is refused at the progress call, at a chunk and for a small file; a teacher has more', async () => {
    const start = await quota(learner);
    const teacherStart = await quota(teacher);
    expect(teacherStart.storedLimit).toBeGreaterThan(start.storedLimit);
    process.env.UPLOAD_STORED_QUOTA_MB = String((start.storedUsed + 3000 + 500) / MiB);
    const cover = await multipart('uploadFile', learner, {}, png(3000), '封面.png');
    expect(cover.code).toBe(0);
    expect((await quota(learner)).storedUsed).toBe(start.storedUsed + 3000);
    const second = await multipart('uploadFile', learner, {}, png(3000), '封面2.png');
    expect(second.code).toBe(CODE_QUOTA);
    expect(second.msg.startsWith(MSG_STORED_QUOTA)).toBe(true);
    expect((await quota(learner)).storedUsed).toBe(start.storedUsed + 3000);
    const video = fakeMp4(2 * CHUNK);
    const plan = { fileMd5: md5(video), fileSize: video.length, fileName: '讲座.mp4', chunkSize: CHUNK };
    const progress = await call('/api/resourceFile/progress', plan, { token: learner });
    expect(progress.code).toBe(CODE_QUOTA);
    expect(progress.msg).toContain('已用');
    expect((await chunk(learner, plan.fileMd5, video.length, 0, video.subarray(0, CHUNK))).code).toBe(CODE_QUOTA);
    // The teacher, under the staff cap, uploads the same file.
    expect((await call('/api/resourceFile/progress', plan, { token: teacher })).code).toBe(0);
    process.env.UPLOAD_STAFF_STORED_QUOTA_MB = String((teacherStart.storedUsed + 1000) / MiB);
    expect((await call('/api/resourceFile/progress', plan, { token: teacher })).code).toBe(CODE_QUOTA);
  });

  it('answers the usage to its owner only', async () => {
    expect((await call('/api/resourceFile/quota', {})).code).not.toBe(0);
    const q = await quota(teacher);
    expect(q).toEqual({
      scratchUsed: expect.any(Number),
      scratchLimit: 4096 * MiB,
      storedUsed: expect.any(Number),
      storedLimit: 50 * 1024 * MiB,
    });
    expect((await quota(learner)).storedLimit).toBe(2048 * MiB);
  });
});

describe('allowances under parallel uploads (issue 38)', () => {
  const SMALL = 64 * 1024;

  it('50 small files sent at once never take the stored bytes past the cap; the room left can still be used', async () => {
    const tok = await token('student');
    const start = (await quota(tok)).storedUsed;
    const limit = start + 10 * SMALL + SMALL / 2;
    process.env.UPLOAD_STORED_QUOTA_MB = String(limit / MiB);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => multipart('uploadFile', tok, {}, png(SMALL), `封面${i}.png`)),
    );
    const accepted = answers.filter((r) => r.code === 0).length;
    expect(answers.every((r) => r.code === 0 || r.code === CODE_QUOTA)).toBe(true);
    expect(accepted).toBeGreaterThan(0);
    const after = (await quota(tok)).storedUsed;
    expect(after).toBe(start + accepted * SMALL);
    expect(after).toBeLessThanOrEqual(limit);
    // Nothing stays held once the uploads are over: the room left takes files up to the cap, and no more.
    while ((await multipart('uploadFile', tok, {}, png(SMALL), '补传.png')).code === 0);
    expect((await quota(tok)).storedUsed).toBe(start + 10 * SMALL);
  }, 120_000);

  it('50 chunked files sent at once, all their chunks in parallel, never pass the stored cap', async () => {
    const tok = await token('manager');
    const start = (await quota(tok)).storedUsed;
    const fileSize = 2 * CHUNK;
    const limit = start + 8 * fileSize + CHUNK;
    process.env.UPLOAD_STAFF_STORED_QUOTA_MB = String(limit / MiB);
    const files = Array.from({ length: 50 }, () => fakeMp4(fileSize));
    const answers = await Promise.all(
      files.flatMap((f) => [0, 1].map((i) => chunk(tok, md5(f), fileSize, i, f.subarray(i * CHUNK, (i + 1) * CHUNK)))),
    );
    expect(answers.every((r) => r.code === 0 || r.code === CODE_QUOTA)).toBe(true);
    const completed = answers.filter((r) => (r.data as { done?: boolean } | null)?.done === true).length;
    expect(completed).toBeGreaterThan(0);
    const after = (await quota(tok)).storedUsed;
    expect(after).toBe(start + completed * fileSize);
    expect(after).toBeLessThanOrEqual(limit);
  }, 120_000);

  it('50 chunks of different uploads sent at once never pass the scratch cap', async () => {
    const tok = await token('party');
    const start = (await quota(tok)).scratchUsed;
    const limit = start + 10 * CHUNK + 1000;
    process.env.UPLOAD_SCRATCH_QUOTA_MB = String(limit / MiB);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => {
        const f = fakeMp4(4 * CHUNK);
        return chunk(tok, md5(f), f.length, 0, f.subarray(0, CHUNK));
      }),
    );
    expect(answers.every((r) => r.code === 0 || r.code === CODE_QUOTA)).toBe(true);
    const accepted = answers.filter((r) => r.code === 0).length;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(10);
    const after = (await quota(tok)).scratchUsed;
    expect(after).toBe(start + accepted * CHUNK);
    expect(after).toBeLessThanOrEqual(limit);
  }, 120_000);
});

/**
 * The upload sweep is a scheduled job (every few minutes, on one instance), no longer run inside upload requests:
 * stale scratch files survive an upload request and are removed by the job.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { callEndpoint } from '@/lib/server/http/dispatch';
import { closeDb, db } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { JOBS, queueJob } from '@/lib/server/jobs';
import { drainJobs } from '@/lib/server/job-workers';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { handleUpload } from '@/lib/server/http/streaming';
import type { Site } from '@/lib/variants';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'jobs-sweep-'));
process.env.UPLOAD_DIR = uploadDir;
const main: Site = { variant: 'main', dx: false };
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

afterAll(async () => {
  await closeDb();
  rmSync(uploadDir, { recursive: true, force: true });
});

it('an upload request leaves stale scratch files alone; the scheduled sweep job removes them', async () => {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, 'teacher'));
  const token = await createSession(op.id);
  // Left three days ago (older than the default 24 hours): an abandoned chunked upload and a one-request upload's file.
  const old = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
  const orphan = path.join(uploadDir, 'tmp', 's999999');
  mkdirSync(orphan, { recursive: true });
  writeFileSync(path.join(orphan, 'data'), 'chunks of an upload nobody finished');
  utimesSync(path.join(orphan, 'data'), old, old);
  const small = path.join(uploadDir, 'tmp', 'small-0123abcd');
  writeFileSync(small, 'left by a request that died');
  utimesSync(small, old, old);

  // The progress call and a one-request upload: before jobs, each ran the sweep when it was due.
  const file = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]),
    Buffer.alloc(1000, 7),
  ]);
  const progress = await callEndpoint(
    '/api/resourceFile/progress',
    { fileMd5: md5(file), fileSize: file.length, fileName: 'fresh.mp4', chunkSize: 64 * 1024 },
    { token, site: main },
  );
  expect(progress.code).toBe(0);
  const fd = new FormData();
  fd.append(
    'file',
    new Blob([
      new Uint8Array(
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]),
      ),
    ]),
    'cover.png',
  );
  const req = new Request('http://localhost:3000/api/resourceFile/uploadFile', {
    method: 'POST',
    body: fd,
    headers: { host: 'localhost:3000', 'x-access-token': token },
  });
  expect(((await (await handleUpload(req, 'uploadFile')).json()) as { code: number }).code).toBe(0);
  await new Promise((r) => setTimeout(r, 100)); // the old small-upload sweep ran unawaited
  expect(existsSync(orphan)).toBe(true);
  expect(existsSync(small)).toBe(true);

  // What a worker runs on its schedule (the key makes a second tick while one waits a no-op).
  expect(await queueJob(JOBS.uploadSweep, {}, JOBS.uploadSweep)).not.toBeNull();
  expect(await queueJob(JOBS.uploadSweep, {}, JOBS.uploadSweep)).toBeNull();
  expect(await drainJobs({ names: [JOBS.uploadSweep] })).toBe(1);
  expect(existsSync(orphan)).toBe(false);
  expect(existsSync(small)).toBe(false);
});

/**
 * Publishing: a whole, checked file moves to its final name (a rename on local disk, an upload to the S3 store), and
 * a chunked upload is assembled and checked first (in the store itself on S3: remote.ts).
 */
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { UploadProgress } from '@/lib/contract/spaces';
import { db } from '@/lib/server/db';
import { uploadChunks, uploadFiles, uploadSessions } from '@/lib/server/db/schema';
import { CODE_INVALID, CODE_SERVER, ServiceError } from '@/lib/server/errors';
import { isS3, storage } from '@/lib/server/storage';
import type { FileType } from '../file-types';
import type { SessionUser } from '../../accounts/sessions';
import {
  existingFile,
  finalKey,
  pathOf,
  sessionDataKey,
  sessionDirKey,
  toUploaded,
  UploadError,
  type FileRow,
} from './common';
import { acceptAssembled } from './acceptance';
import { hasherGeneration } from './hash-worker';
import { md5OfFile, runningHashes } from './hashing';
import { assembleInStore } from './remote';
import { progressOf, type ChunkPlan, type SessionRow } from './sessions';
import { errorText, log } from '@/lib/server/ops/log';
import { MSG_HASH_RETRY } from '@/lib/contract/spaces';

async function syncPath(p: string, flags: string): Promise<void> {
  const fh = await open(p, flags);
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Moves a whole, checked scratch file to its final name (atomic rename) and records it; a known file is reused. */
export async function publish(
  user: SessionUser,
  scratch: string,
  f: { md5: string; size: number; type: FileType; name: string },
): Promise<FileRow> {
  const known = await existingFile(f.md5, f.size);
  if (known) {
    await rm(scratch, { force: true });
    return known;
  }
  const key = finalKey(f.md5, f.size, f.type.ext);
  const store = storage();
  if (isS3(store)) {
    // The scratch file is this instance's; the published file is the store's, for every instance.
    await store.putFile(key, scratch, { move: true, contentType: f.type.mime });
    return record(user, key, f);
  }
  const target = pathOf(key);
  await mkdir(path.dirname(target), { recursive: true });
  // The bytes reach the disk before the name does, and the new name is made durable too: a finished
  // upload survives a crash, and a crash never leaves a half-written file under a final name.
  await syncPath(scratch, 'r+');
  await rename(scratch, target);
  await syncPath(path.dirname(target), 'r').catch(() => undefined);
  return record(user, key, f);
}

async function record(
  user: SessionUser,
  key: string,
  f: { md5: string; size: number; type: FileType; name: string },
): Promise<FileRow> {
  const d = await db();
  await d
    .insert(uploadFiles)
    .values({
      md5: f.md5,
      size: f.size,
      kind: f.type.kind,
      mime: f.type.mime,
      ext: f.type.ext,
      storageKey: key,
      ownerId: user.operatorID,
      originalName: f.name.slice(0, 200),
    })
    .onConflictDoNothing();
  return (await existingFile(f.md5, f.size))!;
}

export async function assemble(user: SessionUser, session: SessionRow, plan: ChunkPlan): Promise<UploadProgress> {
  const d = await db();
  // Only one request assembles: the one that moves the session from uploading to assembling.
  const [claimed] = await d
    .update(uploadSessions)
    .set({ status: 'assembling', updatedAt: new Date() })
    .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.status, 'uploading')))
    .returning();
  if (!claimed) return progressOf(session);
  const store = storage();
  if (isS3(store)) return assembleInStore(store, user, claimed, plan);
  const scratch = pathOf(sessionDataKey(session.id));
  const run = runningHashes.get(session.id);
  runningHashes.delete(session.id);
  const start = run && !run.busy && run.generation === hasherGeneration() ? run.next * plan.chunkSize : null;
  let checked: Awaited<ReturnType<typeof md5OfFile>>;
  try {
    checked = await md5OfFile(session.id, scratch, start);
  } catch (err) {
    // The file could not be hashed (the worker stopped): the chunks stay, the next progress call assembles again.
    log.warn({ upload: session.id, err: errorText(err) }, 'hashing an upload failed');
    await d
      .update(uploadSessions)
      .set({ status: 'uploading', updatedAt: new Date() })
      .where(eq(uploadSessions.id, session.id));
    throw new ServiceError(MSG_HASH_RETRY, CODE_SERVER);
  }
  const accepted = acceptAssembled(checked, plan);
  if ('refusal' in accepted) {
    await d.delete(uploadChunks).where(eq(uploadChunks.sessionId, session.id));
    await d
      .update(uploadSessions)
      .set({ status: 'uploading', updatedAt: new Date() })
      .where(eq(uploadSessions.id, session.id));
    await rm(scratch, { force: true });
    throw new UploadError(accepted.refusal, CODE_INVALID, {
      done: false,
      file: null,
      chunkCount: session.chunkCount,
      nextChunk: 0,
      received: 0,
    });
  }
  const { md5, type } = accepted;
  const file = await publish(user, scratch, { md5, size: plan.fileSize, type, name: plan.fileName });
  await d
    .update(uploadSessions)
    .set({ status: 'done', fileId: file.id, updatedAt: new Date() })
    .where(eq(uploadSessions.id, session.id));
  await d.delete(uploadChunks).where(eq(uploadChunks.sessionId, session.id));
  await rm(pathOf(sessionDirKey(session.id)), { recursive: true, force: true });
  return {
    done: true,
    file: toUploaded(file, plan.fileName),
    chunkCount: session.chunkCount,
    nextChunk: session.chunkCount,
    received: session.chunkCount,
  };
}

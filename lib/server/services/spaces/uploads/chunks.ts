/**
 * Chunked uploads (uploadCourseWareFile): the progress call says where to resume; each chunk is streamed to its
 * offset in the session's scratch file, hashed on the way, and recorded only when its size and MD5 match. The last
 * chunk assembles the file (publish.ts). On the S3 store the chunk goes to the store instead (remote.ts).
 */
import { createHash } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import type { UploadProgress } from '@/lib/contract/spaces';
import { db } from '@/lib/server/db';
import { uploadChunks, uploadSessions } from '@/lib/server/db/schema';
import { CODE_INVALID, ServiceError } from '@/lib/server/errors';
import { isS3, storage } from '@/lib/server/storage';
import { SNIFF_BYTES } from '../file-types';
import type { SessionUser } from '../../accounts/sessions';
import {
  ASSEMBLY_STALE_MS,
  existingFile,
  MSG_CHUNK_MD5,
  pathOf,
  sessionDataKey,
  sessionDirKey,
  toUploaded,
  withProgress,
} from './common';
import { callTakes, headRefusal } from './acceptance';
import { dropHash, feedRegion, hasherGeneration } from './hash-worker';
import { runningHashes } from './hashing';
import { assemble } from './publish';
import { receiveChunkInStore } from './remote';
import { assertStoredRoom, holdScratchRoom, holdStoredRoom, releaseHolds, type QuotaHold } from './quota';
import { discardRefusedChunk, receivingChunk } from './scratch';
import {
  checkPlan,
  chunkCountOf,
  findOrCreateSession,
  ownsFile,
  progressOf,
  type ChunkInput,
  type ChunkPlan,
  type SessionRow,
} from './sessions';
import { MSG_CHUNK_INDEX, MSG_CHUNK_SIZE } from '@/lib/contract/spaces';

const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * The progress call: a file the user already uploaded completes at once (issue 6); anyone else uploads its chunks
 * like any new file, and only their own checked upload gives them the file. Otherwise: where to resume.
 */
export async function uploadProgress(user: SessionUser, plan: ChunkPlan): Promise<UploadProgress> {
  checkPlan(plan);
  const existing = await existingFile(plan.fileMd5, plan.fileSize);
  if (existing && callTakes('courseware', existing.kind) && (await ownsFile(user, existing))) {
    const n = chunkCountOf(plan);
    return { done: true, file: toUploaded(existing, plan.fileName), chunkCount: n, nextChunk: n, received: n };
  }
  // Said before the first byte is sent: a file that cannot be kept is not uploaded at all.
  await assertStoredRoom(user, plan.fileSize);
  let session = await findOrCreateSession(user, plan);
  if (session.status === 'assembling' && Date.now() - session.updatedAt.getTime() > ASSEMBLY_STALE_MS) {
    // An assembly that never finished (the process stopped): let it run again.
    const d = await db();
    [session] = await d
      .update(uploadSessions)
      .set({ status: 'uploading', updatedAt: new Date() })
      .where(eq(uploadSessions.id, session.id))
      .returning();
  }
  const progress = await progressOf(session);
  // Every chunk is in but the file was never assembled (e.g. the last request was cut off): assemble now.
  if (session.status === 'uploading' && progress.received === session.chunkCount) {
    const held = await holdStoredRoom(user, plan.fileSize, `session:${session.id}`);
    try {
      return await assemble(user, session, plan);
    } finally {
      await releaseHolds([held]);
    }
  }
  return progress;
}

/** Reads a stream to its end without keeping it, so the request completes after a refusal. */
export async function drain(stream: Readable): Promise<void> {
  stream.resume();
  if (stream.readableEnded) return;
  await new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

export type { ChunkInput } from './sessions';

/**
 * One chunk of uploadCourseWareFile: written at its offset in the session's scratch file as it arrives,
 * hashed on the way; recorded only when its size and MD5 match. The last chunk assembles the file.
 */
export async function receiveChunk(user: SessionUser, input: ChunkInput, body: Readable): Promise<UploadProgress> {
  try {
    checkPlan(input);
  } catch (err) {
    await drain(body);
    throw err;
  }
  const total = chunkCountOf(input);
  if (input.chunkIndex >= total) {
    await drain(body);
    throw new ServiceError(MSG_CHUNK_INDEX, CODE_INVALID);
  }
  const existing = await existingFile(input.fileMd5, input.fileSize);
  if (existing && (await ownsFile(user, existing))) {
    await drain(body);
    return uploadProgress(user, input);
  }
  const session = await findOrCreateSession(user, input);
  if (session.status === 'done') {
    await drain(body);
    return uploadProgress(user, input);
  }
  const expected = input.chunkIndex < total - 1 ? input.chunkSize : input.fileSize - input.chunkSize * (total - 1);
  // The file's stored bytes and this chunk's scratch bytes are taken before a byte is written, and given back once
  // the chunk is written (and the file recorded, at the last chunk) or refused.
  const holds: QuotaHold[] = [];
  try {
    holds.push(await holdStoredRoom(user, input.fileSize, `session:${session.id}`));
    holds.push(await holdScratchRoom(user, expected));
  } catch (err) {
    await releaseHolds(holds);
    await drain(body);
    throw err;
  }
  try {
    return await receiveHeldChunk(user, input, body, session, expected);
  } finally {
    await releaseHolds(holds);
  }
}

/** The chunk, once its room is held: to the store, or written at its offset in the session's scratch file. */
async function receiveHeldChunk(
  user: SessionUser,
  input: ChunkInput,
  body: Readable,
  session: SessionRow,
  expected: number,
): Promise<UploadProgress> {
  const total = chunkCountOf(input);
  const offset = input.chunkIndex * input.chunkSize;
  const store = storage();
  if (isS3(store)) {
    const done = await receiveChunkInStore(store, input, body, session, expected);
    return done === 'complete' ? assemble(user, session, input) : done;
  }
  await mkdir(pathOf(sessionDirKey(session.id)), { recursive: true });
  // Read-write, created when missing, never truncated: other chunks may already be in it.
  const fh = await open(pathOf(sessionDataKey(session.id)), fsConstants.O_RDWR | fsConstants.O_CREAT, 0o600);
  const hash = createHash('md5');
  let run = runningHashes.get(session.id);
  if (run && (run.busy ? input.chunkIndex <= run.next : input.chunkIndex < run.next)) {
    // This chunk rewrites bytes the running hash already holds (or is holding): it no longer describes the file.
    runningHashes.delete(session.id);
    run = undefined;
  }
  if (!run && input.chunkIndex === 0) {
    // A fresh running hash: whatever the worker held for this upload goes first (its queue keeps the order).
    void dropHash(session.id).catch(() => undefined);
    run = { next: 0, busy: false, touched: Date.now(), generation: hasherGeneration() };
    runningHashes.set(session.id, run);
  }
  const feed = run && !run.busy && run.next === input.chunkIndex ? run : null;
  if (feed) feed.busy = true;
  let written = 0;
  let head = Buffer.alloc(0);
  let refused: ServiceError | null = null;
  const sniffAt = Math.min(SNIFF_BYTES, expected);
  let batch: Buffer[] = [];
  let batchBytes = 0;
  // Until it is recorded, this chunk's range is kept when another chunk of the upload is refused.
  let receivingEnds = receivingChunk(session.id, offset, offset + expected);
  const refuse = async (err: unknown) => {
    receivingEnds();
    receivingEnds = () => undefined;
    await discardRefusedChunk(session, input.chunkIndex, offset, offset + written).catch(() => undefined);
    return err;
  };
  const flush = async () => {
    if (batchBytes === 0) return;
    const pieces = batch;
    const at = offset + written;
    batch = [];
    written += batchBytes;
    batchBytes = 0;
    await fh.writev(pieces, at);
  };
  let failed = false;
  let failure: unknown;
  try {
    for await (const piece of body as AsyncIterable<Buffer>) {
      if (refused) continue;
      if (written + batchBytes + piece.length > expected) {
        refused = new ServiceError(MSG_CHUNK_SIZE, CODE_INVALID);
        continue;
      }
      if (input.chunkIndex === 0 && head.length < sniffAt) {
        // The type is known from the first bytes: a file the portal does not accept stops here.
        head = Buffer.concat([head, piece.subarray(0, sniffAt - head.length)]);
        const refusal = headRefusal('courseware', head, sniffAt, input.fileName);
        if (refusal) {
          refused = new ServiceError(refusal, CODE_INVALID);
          continue;
        }
      }
      hash.update(piece);
      // Pieces arrive in tens of KB: write them in batches of about 1 MB (one thread-pool round trip each).
      batch.push(piece);
      batchBytes += piece.length;
      if (batchBytes >= WRITE_BATCH_BYTES) await flush();
    }
    await flush();
  } catch (err) {
    if (feed) runningHashes.delete(session.id);
    [failed, failure] = [true, err];
  } finally {
    await fh.close();
  }
  if (failed) throw await refuse(failure);
  const progress = async () => progressOf(session);
  const chunkOk = !refused && written === expected && hash.digest('hex') === input.chunkMd5.toLowerCase();
  if (feed) {
    // A good chunk goes to the file's running hash on the worker (not awaited: the next chunk can arrive
    // meanwhile); if the worker cannot read it back, the prefix is dropped and assembly hashes it all.
    if (chunkOk && runningHashes.get(session.id) === feed) {
      Object.assign(feed, { next: feed.next + 1, busy: false, touched: Date.now() });
      feedRegion(session.id, pathOf(sessionDataKey(session.id)), offset, written).catch(() => {
        if (runningHashes.get(session.id) === feed) runningHashes.delete(session.id);
      });
    } else runningHashes.delete(session.id);
  }
  if (!chunkOk) {
    const why = refused ?? new ServiceError(written !== expected ? MSG_CHUNK_SIZE : MSG_CHUNK_MD5, CODE_INVALID);
    await refuse(why);
    throw withProgress(why, await progress());
  }

  const d = await db();
  try {
    await d
      .insert(uploadChunks)
      .values({ sessionId: session.id, idx: input.chunkIndex, size: written, md5: input.chunkMd5.toLowerCase() })
      .onConflictDoUpdate({
        target: [uploadChunks.sessionId, uploadChunks.idx],
        set: { size: written, md5: input.chunkMd5.toLowerCase() },
      });
  } finally {
    receivingEnds();
  }
  const [{ n }] = await d.select({ n: count() }).from(uploadChunks).where(eq(uploadChunks.sessionId, session.id));
  if (Number(n) < total) return progress();
  return assemble(user, session, input);
}

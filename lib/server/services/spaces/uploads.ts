/**
 * Uploads (SPEC 7 Uploads, DESIGN 5-6): course files go up in chunks that resume from the first missing
 * one after a reload or a dropped connection; small files (covers, documents) in one request. Every chunk
 * is checked (size and MD5), the file's type is decided from its first bytes, the assembled file's MD5 is
 * checked, and a file appears under its final name only by an atomic rename once it is whole. Progress
 * lives in the database (upload_sessions, upload_chunks), so any instance can take the next chunk.
 * Bytes are streamed to disk as they arrive; no file is ever held in memory whole.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, asc, count, eq } from 'drizzle-orm';
import type { PendingUpload, UploadedFile, UploadProgress } from '@/lib/contract/spaces';
import { MSG_EMPTY_FILE, MSG_TOO_BIG, MSG_TYPE, UPLOAD_LIMITS, type UploadCall } from '@/lib/validation/spaces';
import { db } from '@/lib/server/db';
import { courses, uploadChunks, uploadFiles, uploadSessions } from '@/lib/server/db/schema';
import { CODE_FORBIDDEN, CODE_INVALID, CODE_SERVER, CODE_TOO_LARGE, ServiceError } from '@/lib/server/http/errors';
import { uploadedFilePath } from '@/lib/server/storage';
import { ACCEPT, detectFileType, SNIFF_BYTES, type FileType } from './file-types';
import { digestOf, dropHash, feedRegion, hasherGeneration } from './file-hasher';
import type { SessionUser } from '../accounts/sessions';
import { PUBLISHED } from '../audience';
import { config } from '@/lib/server/config';
import { errorText, log } from '@/lib/server/ops/log';

/** Size limits, accepted extensions and their messages are shared with the creation centre's forms. */
export { MSG_TOO_BIG, MSG_TYPE, UPLOAD_LIMITS, type UploadCall };
export const MIN_CHUNK_BYTES = 64 * 1024;
export const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
export const MAX_CHUNKS = 50_000;
const WRITE_BATCH_BYTES = 1024 * 1024;
/** Scratch files of an upload untouched this long are removed (UPLOAD_SESSION_MAX_AGE_HOURS, default 24). */
export function uploadSessionMaxAgeMs(): number {
  return config().UPLOAD_SESSION_MAX_AGE_HOURS * 60 * 60 * 1000;
}
const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** An assembly older than this is taken to have died with its process. */
const ASSEMBLY_STALE_MS = 2 * 60 * 1000;

export const MSG_CHUNK_MD5 = '分片校验失败，请重新上传该分片';
export const MSG_CHUNK_SIZE = '分片大小不正确，请重新上传该分片';
export const MSG_FILE_MD5 = '文件MD5校验失败，请重新上传';
export const MSG_CHUNK_INDEX = '分片序号不正确';
export const MSG_HASH_RETRY = '文件校验暂时失败，请稍后重试';

export function fileUrl(f: { md5: string; size: number; ext: string }): string {
  return `/api/resourceFile/file/${f.md5}-${f.size}.${f.ext}`;
}

/** Storage keys: final files by content, scratch space per upload session. */
const finalKey = (md5: string, size: number, ext: string) => `files/${md5.slice(0, 2)}/${md5}-${size}.${ext}`;
const sessionDirKey = (sessionId: number) => `tmp/s${sessionId}`;
const sessionDataKey = (sessionId: number) => `tmp/s${sessionId}/data`;

function pathOf(key: string): string {
  const p = uploadedFilePath(key);
  if (!p) throw new ServiceError('文件路径不合法', CODE_INVALID);
  return p;
}

type FileRow = typeof uploadFiles.$inferSelect;

export function toUploaded(row: FileRow, name?: string): UploadedFile {
  return {
    fileId: row.id,
    md5: row.md5,
    size: row.size,
    kind: row.kind as UploadedFile['kind'],
    mime: row.mime,
    name: name ?? row.originalName,
    url: fileUrl(row),
  };
}

export interface ChunkPlan {
  fileMd5: string;
  fileSize: number;
  fileName: string;
  chunkSize: number;
}

function chunkCountOf(plan: ChunkPlan): number {
  return Math.max(1, Math.ceil(plan.fileSize / plan.chunkSize));
}

function checkPlan(plan: ChunkPlan): void {
  if (plan.fileSize > UPLOAD_LIMITS.courseware) throw new ServiceError(MSG_TOO_BIG('courseware'), CODE_TOO_LARGE);
  const ext = path.extname(plan.fileName).slice(1).toLowerCase();
  if (!ACCEPT.courseware.exts.includes(ext)) throw new ServiceError(MSG_TYPE('courseware'), CODE_INVALID);
  if (chunkCountOf(plan) > MAX_CHUNKS) throw new ServiceError('分片过多，请增大分片大小', CODE_INVALID);
}

async function existingFile(md5: string, size: number): Promise<FileRow | null> {
  const d = await db();
  const [row] = await d
    .select()
    .from(uploadFiles)
    .where(and(eq(uploadFiles.md5, md5), eq(uploadFiles.size, size)))
    .limit(1);
  return row ?? null;
}

type SessionRow = typeof uploadSessions.$inferSelect;

async function findOrCreateSession(user: SessionUser, plan: ChunkPlan): Promise<SessionRow> {
  const d = await db();
  const key = and(eq(uploadSessions.ownerId, user.operatorID), eq(uploadSessions.md5, plan.fileMd5), eq(uploadSessions.size, plan.fileSize));
  const chunkCount = chunkCountOf(plan);
  await d
    .insert(uploadSessions)
    .values({ ownerId: user.operatorID, md5: plan.fileMd5, size: plan.fileSize, fileName: plan.fileName, chunkSize: plan.chunkSize, chunkCount })
    .onConflictDoNothing();
  const [row] = await d.select().from(uploadSessions).where(key).limit(1);
  if (row.status !== 'done' && row.chunkSize !== plan.chunkSize) {
    // A new chunk size (another client): the chunks already here no longer line up; start over.
    await d.delete(uploadChunks).where(eq(uploadChunks.sessionId, row.id));
    const [updated] = await d
      .update(uploadSessions)
      .set({ chunkSize: plan.chunkSize, chunkCount, status: 'uploading', updatedAt: new Date() })
      .where(eq(uploadSessions.id, row.id))
      .returning();
    return updated;
  }
  return row;
}

async function receivedIndexes(sessionId: number): Promise<number[]> {
  const d = await db();
  const rows = await d.select({ idx: uploadChunks.idx }).from(uploadChunks).where(eq(uploadChunks.sessionId, sessionId)).orderBy(asc(uploadChunks.idx));
  return rows.map((r) => r.idx);
}

function firstMissing(received: number[], total: number): number {
  let i = 0;
  for (const idx of received) {
    if (idx !== i) break;
    i += 1;
  }
  return Math.min(i, total);
}

async function progressOf(session: SessionRow): Promise<UploadProgress> {
  const received = await receivedIndexes(session.id);
  return { done: false, file: null, chunkCount: session.chunkCount, nextChunk: firstMissing(received, session.chunkCount), received: received.length };
}

/**
 * Whether the user uploaded this file: its first uploader, or one whose own upload of the same bytes was checked
 * (the bytes on disk are shared, the right to use them is not). Knowing a file's MD5 and size gives nothing.
 */
async function ownsFile(user: SessionUser, file: FileRow): Promise<boolean> {
  if (file.ownerId === user.operatorID) return true;
  const d = await db();
  const [s] = await d
    .select({ id: uploadSessions.id })
    .from(uploadSessions)
    .where(and(eq(uploadSessions.ownerId, user.operatorID), eq(uploadSessions.fileId, file.id), eq(uploadSessions.status, 'done')))
    .limit(1);
  return !!s;
}

/** Records a file this user has just uploaded (its bytes received and checked), so they may attach it to their chapters. */
async function claimFile(user: SessionUser, plan: ChunkPlan, file: FileRow): Promise<void> {
  const d = await db();
  await d
    .insert(uploadSessions)
    .values({ ownerId: user.operatorID, md5: plan.fileMd5, size: plan.fileSize, fileName: plan.fileName, chunkSize: plan.chunkSize, chunkCount: chunkCountOf(plan), status: 'done', fileId: file.id })
    .onConflictDoUpdate({
      target: [uploadSessions.ownerId, uploadSessions.md5, uploadSessions.size],
      set: { status: 'done', fileId: file.id, updatedAt: new Date() },
    });
}

let lastSweep = 0;
/** A one-request upload's scratch file (tmp/small-*) untouched this long was left by a request that died. */
const SMALL_SCRATCH_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Removes what abandoned uploads left under uploads/tmp: a session's scratch folder untouched for longer
 * than `maxAgeMs` goes, with its chunk records (the session starts again from chunk 0 if the user comes
 * back). Folders with no session at all go too, and so do the scratch files of one-request uploads
 * (small-*) untouched for an hour (or `maxAgeMs` if shorter). Runs at most every 10 minutes from the
 * progress call and the one-request uploads.
 */
export async function sweepAbandonedUploads(maxAgeMs = uploadSessionMaxAgeMs(), now = Date.now()): Promise<number> {
  lastSweep = now;
  const tmp = pathOf('tmp');
  let names: string[];
  try {
    names = await readdir(tmp);
  } catch {
    return 0;
  }
  const d = await db();
  let removed = 0;
  for (const name of names) {
    if (/^small-[0-9a-f]+$/.test(name)) {
      const st = await stat(path.join(tmp, name)).catch(() => null);
      if (!st || now - st.mtimeMs <= Math.min(maxAgeMs, SMALL_SCRATCH_MAX_AGE_MS)) continue;
      await rm(path.join(tmp, name), { force: true });
      removed++;
      continue;
    }
    const m = /^s(\d+)$/.exec(name);
    if (!m) continue;
    const id = Number(m[1]);
    const dir = path.join(tmp, name);
    const touched = await stat(path.join(dir, 'data'))
      .catch(() => stat(dir))
      .then((st) => st.mtimeMs)
      .catch(() => now);
    if (now - touched <= maxAgeMs) continue;
    const [session] = await d.select().from(uploadSessions).where(eq(uploadSessions.id, id)).limit(1);
    if (session && session.status === 'assembling' && now - session.updatedAt.getTime() <= ASSEMBLY_STALE_MS) continue;
    runningHashes.delete(id);
    await dropHash(id).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    if (session) {
      await d.delete(uploadChunks).where(eq(uploadChunks.sessionId, id));
      if (session.status !== 'done') await d.update(uploadSessions).set({ status: 'uploading', updatedAt: new Date(now) }).where(eq(uploadSessions.id, id));
    }
    removed++;
  }
  return removed;
}

/**
 * The progress call: a file the user already uploaded completes at once (issue 6); anyone else uploads its chunks
 * like any new file, and only their own checked upload gives them the file. Otherwise: where to resume.
 */
export async function uploadProgress(user: SessionUser, plan: ChunkPlan): Promise<UploadProgress> {
  checkPlan(plan);
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) await sweepAbandonedUploads().catch(() => 0);
  const existing = await existingFile(plan.fileMd5, plan.fileSize);
  if (existing && ACCEPT.courseware.kinds.includes(existing.kind as FileType['kind']) && (await ownsFile(user, existing))) {
    const n = chunkCountOf(plan);
    return { done: true, file: toUploaded(existing, plan.fileName), chunkCount: n, nextChunk: n, received: n };
  }
  let session = await findOrCreateSession(user, plan);
  if (session.status === 'assembling' && Date.now() - session.updatedAt.getTime() > ASSEMBLY_STALE_MS) {
    // An assembly that never finished (the process stopped): let it run again.
    const d = await db();
    [session] = await d.update(uploadSessions).set({ status: 'uploading', updatedAt: new Date() }).where(eq(uploadSessions.id, session.id)).returning();
  }
  const progress = await progressOf(session);
  // Every chunk is in but the file was never assembled (e.g. the last request was cut off): assemble now.
  if (session.status === 'uploading' && progress.received === session.chunkCount) return assemble(user, session, plan);
  return progress;
}

export async function pendingUploads(user: SessionUser): Promise<PendingUpload[]> {
  const d = await db();
  const rows = await d
    .select({ id: uploadSessions.id, md5: uploadSessions.md5, size: uploadSessions.size, fileName: uploadSessions.fileName, chunkCount: uploadSessions.chunkCount, received: count(uploadChunks.idx) })
    .from(uploadSessions)
    .leftJoin(uploadChunks, eq(uploadChunks.sessionId, uploadSessions.id))
    .where(and(eq(uploadSessions.ownerId, user.operatorID), eq(uploadSessions.status, 'uploading')))
    .groupBy(uploadSessions.id)
    .orderBy(asc(uploadSessions.id));
  return rows.filter((r) => Number(r.received) > 0).map((r) => ({ md5: r.md5, size: r.size, fileName: r.fileName, chunkCount: r.chunkCount, received: Number(r.received) }));
}

/**
 * The whole file's MD5, kept by the hashing worker (file-hasher.ts) while chunks arrive in order (per process):
 * `next` is the first chunk not yet handed to it. A chunk that rewrites a hashed region, or arrives while another
 * is being received, leaves the prefix as it is; at assembly only the bytes after the prefix are hashed (all of
 * them after a resume in another process, or when the worker was replaced).
 */
interface RunningHash {
  next: number;
  busy: boolean;
  touched: number;
  generation: number;
}
const runningHashes = new Map<number, RunningHash>();

/** Reads a stream to its end without keeping it, so the request completes after a refusal. */
async function drain(stream: Readable): Promise<void> {
  stream.resume();
  if (stream.readableEnded) return;
  await new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

export interface ChunkInput extends ChunkPlan {
  chunkIndex: number;
  chunkMd5: string;
}

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
  const offset = input.chunkIndex * input.chunkSize;
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
  const flush = async () => {
    if (batchBytes === 0) return;
    const pieces = batch;
    const at = offset + written;
    batch = [];
    written += batchBytes;
    batchBytes = 0;
    await fh.writev(pieces, at);
  };
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
        if (head.length >= sniffAt && !detectFileType(head, input.fileName)) {
          refused = new ServiceError(MSG_TYPE('courseware'), CODE_INVALID);
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
    throw err;
  } finally {
    await fh.close();
  }
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
  if (refused) throw withProgress(refused, await progress());
  if (written !== expected) throw withProgress(new ServiceError(MSG_CHUNK_SIZE, CODE_INVALID), await progress());
  if (!chunkOk) throw withProgress(new ServiceError(MSG_CHUNK_MD5, CODE_INVALID), await progress());

  const d = await db();
  await d
    .insert(uploadChunks)
    .values({ sessionId: session.id, idx: input.chunkIndex, size: written, md5: input.chunkMd5.toLowerCase() })
    .onConflictDoUpdate({ target: [uploadChunks.sessionId, uploadChunks.idx], set: { size: written, md5: input.chunkMd5.toLowerCase() } });
  const [{ n }] = await d.select({ n: count() }).from(uploadChunks).where(eq(uploadChunks.sessionId, session.id));
  if (Number(n) < total) return progress();
  return assemble(user, session, input);
}

/** A refusal that still tells the client where to resume (the envelope's data). */
export class UploadError extends ServiceError {
  constructor(
    message: string,
    code: number,
    readonly progress: UploadProgress,
  ) {
    super(message, code);
  }
}
function withProgress(err: ServiceError, progress: UploadProgress): UploadError {
  return new UploadError(err.message, err.code, progress);
}

/**
 * The assembled file's MD5, its first bytes and size, hashed on the worker. `start` is where the running hash of
 * upload `id` stops (null: there is none, hash everything): only the bytes after it are read back.
 */
async function md5OfFile(id: number, file: string, start: number | null): Promise<{ md5: string | null; head: Buffer; size: number }> {
  const fh = await open(file, 'r');
  let head: Buffer;
  let size: number;
  try {
    size = (await fh.stat()).size;
    head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
    await fh.read(head, 0, head.length, 0);
  } finally {
    await fh.close();
  }
  if (start === null) await dropHash(id);
  const from = start ?? 0;
  if (from < size) await feedRegion(id, file, from, size - from);
  let md5 = await digestOf(id);
  if (md5 === null && from > 0) {
    // The worker no longer held the prefix: the whole file again.
    await feedRegion(id, file, 0, size);
    md5 = await digestOf(id);
  }
  return { md5, head, size };
}

async function assemble(user: SessionUser, session: SessionRow, plan: ChunkPlan): Promise<UploadProgress> {
  const d = await db();
  // Only one request assembles: the one that moves the session from uploading to assembling.
  const [claimed] = await d
    .update(uploadSessions)
    .set({ status: 'assembling', updatedAt: new Date() })
    .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.status, 'uploading')))
    .returning();
  if (!claimed) return progressOf(session);
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
    await d.update(uploadSessions).set({ status: 'uploading', updatedAt: new Date() }).where(eq(uploadSessions.id, session.id));
    throw new ServiceError(MSG_HASH_RETRY, CODE_SERVER);
  }
  const { md5, head, size } = checked;
  const type = detectFileType(head, plan.fileName);
  if (md5 !== plan.fileMd5.toLowerCase() || size !== plan.fileSize || !type || !ACCEPT.courseware.kinds.includes(type.kind)) {
    await d.delete(uploadChunks).where(eq(uploadChunks.sessionId, session.id));
    await d.update(uploadSessions).set({ status: 'uploading', updatedAt: new Date() }).where(eq(uploadSessions.id, session.id));
    await rm(scratch, { force: true });
    const msg = type ? MSG_FILE_MD5 : MSG_TYPE('courseware');
    throw new UploadError(msg, CODE_INVALID, { done: false, file: null, chunkCount: session.chunkCount, nextChunk: 0, received: 0 });
  }
  const file = await publish(user, scratch, { md5, size, type, name: plan.fileName });
  await d.update(uploadSessions).set({ status: 'done', fileId: file.id, updatedAt: new Date() }).where(eq(uploadSessions.id, session.id));
  await d.delete(uploadChunks).where(eq(uploadChunks.sessionId, session.id));
  await rm(pathOf(sessionDirKey(session.id)), { recursive: true, force: true });
  return { done: true, file: toUploaded(file, plan.fileName), chunkCount: session.chunkCount, nextChunk: session.chunkCount, received: session.chunkCount };
}

async function syncPath(p: string, flags: string): Promise<void> {
  const fh = await open(p, flags);
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Moves a whole, checked scratch file to its final name (atomic rename) and records it; a known file is reused. */
async function publish(user: SessionUser, scratch: string, f: { md5: string; size: number; type: FileType; name: string }): Promise<FileRow> {
  const d = await db();
  const known = await existingFile(f.md5, f.size);
  if (known) {
    await rm(scratch, { force: true });
    return known;
  }
  const key = finalKey(f.md5, f.size, f.type.ext);
  const target = pathOf(key);
  await mkdir(path.dirname(target), { recursive: true });
  // The bytes reach the disk before the name does, and the new name is made durable too: a finished
  // upload survives a crash, and a crash never leaves a half-written file under a final name.
  await syncPath(scratch, 'r+');
  await rename(scratch, target);
  await syncPath(path.dirname(target), 'r').catch(() => undefined);
  await d
    .insert(uploadFiles)
    .values({ md5: f.md5, size: f.size, kind: f.type.kind, mime: f.type.mime, ext: f.type.ext, storageKey: key, ownerId: user.operatorID, originalName: f.name.slice(0, 200) })
    .onConflictDoNothing();
  return (await existingFile(f.md5, f.size))!;
}

/**
 * uploadResFile and uploadFile: one small file in one request, streamed to a scratch file, checked, then published.
 * A refused, cut-off or failed upload removes its scratch file at once.
 */
export async function receiveSmallFile(user: SessionUser, call: 'res' | 'file', fileName: string, body: Readable): Promise<UploadedFile> {
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) void sweepAbandonedUploads().catch(() => 0);
  const limit = UPLOAD_LIMITS[call];
  const scratch = pathOf(`tmp/small-${randomBytes(12).toString('hex')}`);
  let file: FileRow;
  try {
    await mkdir(path.dirname(scratch), { recursive: true });
    const fh = await open(scratch, 'w');
    const hash = createHash('md5');
    let size = 0;
    let head = Buffer.alloc(0);
    let refused: ServiceError | null = null;
    try {
      for await (const piece of body as AsyncIterable<Buffer>) {
        if (refused) continue;
        if (size + piece.length > limit) {
          refused = new ServiceError(MSG_TOO_BIG(call), CODE_TOO_LARGE);
          continue;
        }
        if (head.length < SNIFF_BYTES) {
          head = Buffer.concat([head, piece.subarray(0, SNIFF_BYTES - head.length)]);
          if (head.length >= SNIFF_BYTES && !detectFileType(head, fileName)) {
            refused = new ServiceError(MSG_TYPE(call), CODE_INVALID);
            continue;
          }
        }
        hash.update(piece);
        await fh.write(piece);
        size += piece.length;
      }
    } finally {
      await fh.close();
    }
    const type = detectFileType(head, fileName);
    if (!refused && (size === 0 || !type || !ACCEPT[call].kinds.includes(type.kind))) refused = new ServiceError(size === 0 ? MSG_EMPTY_FILE : MSG_TYPE(call), CODE_INVALID);
    if (refused) throw refused;
    file = await publish(user, scratch, { md5: hash.digest('hex'), size, type: type!, name: fileName });
  } catch (err) {
    await rm(scratch, { force: true }).catch(() => undefined);
    throw err;
  }
  await claimFile(user, { fileMd5: file.md5, fileSize: file.size, fileName, chunkSize: Math.max(MIN_CHUNK_BYTES, Math.min(MAX_CHUNK_BYTES, file.size)) }, file);
  return toUploaded(file, fileName);
}

/** The file, when this user uploaded it: only then may they attach it or fetch it from its own URL. */
export async function userHasFile(user: SessionUser, fileId: number): Promise<FileRow> {
  const d = await db();
  const [file] = await d.select().from(uploadFiles).where(eq(uploadFiles.id, fileId)).limit(1);
  if (!file) throw new ServiceError('文件不存在', CODE_INVALID);
  if (!(await ownsFile(user, file))) throw new ServiceError('只能使用自己上传的文件', CODE_FORBIDDEN);
  return file;
}

export async function fileByUrl(url: string): Promise<FileRow | null> {
  const m = /^\/api\/resourceFile\/file\/([a-f0-9]{32})-(\d{1,15})\.([a-z0-9]{1,8})$/.exec(url);
  if (!m) return null;
  const f = await existingFile(m[1], Number(m[2]));
  return f && f.ext === m[3] ? f : null;
}

/**
 * Whether anyone may fetch the file from its URL, decided by what it is used for: an image that is the cover of a
 * published course (the catalogue shows it). Anything else (course videos and documents, covers of courses not
 * published) is for its uploader only.
 */
export async function isPublicFile(file: FileRow): Promise<boolean> {
  if (file.kind !== 'image') return false;
  const d = await db();
  const [used] = await d
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.cover, fileUrl(file)), eq(courses.auditStatus, PUBLISHED)))
    .limit(1);
  return !!used;
}

/** The stored file behind a served name, with its path; null for anything else (no path from the request is ever used). */
export async function servedFile(name: string): Promise<{ file: FileRow; fullPath: string; size: number } | null> {
  const file = await fileByUrl(`/api/resourceFile/file/${name}`);
  if (!file) return null;
  const fullPath = uploadedFilePath(file.storageKey);
  if (!fullPath) return null;
  try {
    const st = await stat(fullPath);
    return { file, fullPath, size: st.size };
  } catch {
    return null;
  }
}

/**
 * Chunked uploads on the S3 store (STORAGE_URL). Nothing of an upload lives in a process: its chunks are in the
 * store, their records (size, MD5, ETag) and the whole file's running MD5 in the database, so chunk by chunk an
 * upload may alternate instances, and it resumes after any instance dies (a chunk cut off is simply sent again).
 *
 * - Chunks of at least 5 MiB (the client's 8 MB chunks of files over 64 MB) are the parts of one S3 multipart upload
 *   (`tmp/s<id>/data`), part number = chunk index + 1, each ETag recorded; the last chunk completes it, with the
 *   recorded ETags, so the store assembles the file without its bytes passing through Node.
 * - Smaller chunks (S3 refuses parts under 5 MiB but the last) are objects `tmp/s<id>/c<idx>`, streamed in order
 *   into `tmp/s<id>/data` at assembly (files up to 64 MB from the creation centre).
 *
 * The MD5 rules are those of the local store: every chunk's size and MD5 are checked as it streams through (and the
 * store is given the chunk's MD5, so it refuses bytes damaged on the way), the type is decided from the first bytes,
 * and the whole file's MD5 is checked before it appears under its final name (a server-side copy). The whole-file
 * hash runs as chunks arrive in order: its state (hash-wasm) is saved in the session after each, so the next chunk
 * continues it on whatever instance takes it; at assembly only the bytes after that prefix are read back and hashed.
 */
import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { createMD5, type IHasher } from 'hash-wasm';
import type { UploadProgress } from '@/lib/contract/spaces';
import { db } from '@/lib/server/db';
import type { Db } from '@/lib/server/db/types';
import { uploadChunks, uploadFiles, uploadSessions } from '@/lib/server/db/schema';
import { CODE_INVALID, CODE_SERVER, ServiceError } from '@/lib/server/errors';
import type { S3Store } from '@/lib/server/storage';
import { SNIFF_BYTES } from '../file-types';
import type { SessionUser } from '../../accounts/sessions';
import {
  ASSEMBLY_STALE_MS,
  existingFile,
  finalKey,
  MSG_CHUNK_MD5,
  MSG_FILE_MD5,
  sessionDataKey,
  toUploaded,
  UploadError,
  withProgress,
} from './common';
import { acceptAssembled, headRefusal } from './acceptance';
import { progressOf, type ChunkInput, type ChunkPlan, type SessionRow } from './sessions';
import { MSG_CHUNK_SIZE, MSG_HASH_RETRY } from '@/lib/contract/spaces';

const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;

/** Whether this upload's chunks are parts of a multipart upload (else objects of their own). */
export const usesParts = (s: Pick<SessionRow, 'chunkSize' | 'chunkCount'>) =>
  s.chunkSize >= MIN_PART_BYTES && s.chunkCount <= MAX_PARTS;
const chunkKey = (sessionId: number, idx: number) => `tmp/s${sessionId}/c${idx}`;
const sessionPrefix = (sessionId: number) => `tmp/s${sessionId}/`;

async function hasherFrom(state: string | null): Promise<IHasher> {
  const h = await createMD5();
  h.init();
  if (state) h.load(Buffer.from(state, 'base64'));
  return h;
}

/** The session's multipart upload, created by the first chunk that needs it (one wins if two race). */
async function multipartOf(store: S3Store, session: SessionRow): Promise<string> {
  if (session.storeUploadId) return session.storeUploadId;
  const d = await db();
  const mine = await store.createMultipart(sessionDataKey(session.id));
  const [won] = await d
    .update(uploadSessions)
    .set({ storeUploadId: mine })
    .where(and(eq(uploadSessions.id, session.id), isNull(uploadSessions.storeUploadId)))
    .returning({ id: uploadSessions.storeUploadId });
  if (won) return mine;
  await store.abortMultipart(sessionDataKey(session.id), mine).catch(() => undefined);
  const [row] = await d
    .select({ id: uploadSessions.storeUploadId })
    .from(uploadSessions)
    .where(eq(uploadSessions.id, session.id));
  if (!row?.id) throw new ServiceError(MSG_HASH_RETRY, CODE_SERVER);
  return row.id;
}

/** The store refused the bytes as not matching the MD5 it was given (S3's BadDigest). */
const badDigest = (err: unknown) =>
  (err as { name?: string; Code?: string })?.name === 'BadDigest' || (err as { Code?: string })?.Code === 'BadDigest';

/**
 * One chunk on the S3 store: streamed to its part (or object) as it arrives, hashed on the way (its own MD5, and the
 * whole file's running MD5 when it is the next chunk of that prefix); recorded only when size and MD5 match.
 */
export async function receiveChunkInStore(
  store: S3Store,
  input: ChunkInput,
  body: Readable,
  session: SessionRow,
  expected: number,
): Promise<UploadProgress | 'complete'> {
  const idx = input.chunkIndex;
  const parts = usesParts(session);
  const uploadId = parts ? await multipartOf(store, session) : null;
  const loadedState = session.hashState;
  const feed =
    session.hashedChunks === idx && (idx === 0 || loadedState)
      ? await hasherFrom(idx === 0 ? null : loadedState)
      : null;
  const chunkMd5 = input.chunkMd5.toLowerCase();
  const pt = new PassThrough({ highWaterMark: 1024 * 1024 });
  // A body that stops short must abort the request: piped into it, the stream's end alone would never come.
  const abort = new AbortController();
  const sending = parts
    ? store.uploadPart(sessionDataKey(session.id), uploadId!, idx + 1, pt, expected, {
        md5: chunkMd5,
        signal: abort.signal,
      })
    : store
        .put(chunkKey(session.id, idx), pt, { length: expected, md5: chunkMd5, signal: abort.signal })
        .then(() => 'object');
  // A failed send stops the writer below (its wait for 'drain' ends on 'close').
  const sent = sending.then(
    (etag) => ({ ok: true as const, etag }),
    (err: unknown) => {
      pt.destroy();
      return { ok: false as const, err };
    },
  );
  const hash = createHash('md5');
  let written = 0;
  let head = Buffer.alloc(0);
  let refused: ServiceError | null = null;
  let cut: unknown = null;
  const sniffAt = Math.min(SNIFF_BYTES, expected);
  try {
    for await (const piece of body as AsyncIterable<Buffer>) {
      if (refused || pt.destroyed) continue;
      if (written + piece.length > expected) {
        refused = new ServiceError(MSG_CHUNK_SIZE, CODE_INVALID);
        continue;
      }
      if (idx === 0 && head.length < sniffAt) {
        head = Buffer.concat([head, piece.subarray(0, sniffAt - head.length)]);
        const refusal = headRefusal('courseware', head, sniffAt, input.fileName);
        if (refusal) {
          refused = new ServiceError(refusal, CODE_INVALID);
          continue;
        }
      }
      hash.update(piece);
      feed?.update(piece);
      written += piece.length;
      if (!pt.write(piece))
        await new Promise<void>((resolve) => (pt.once('drain', resolve), pt.once('close', resolve)));
    }
  } catch (err) {
    cut = err;
  }
  const whole = !cut && !refused && written === expected;
  // Only a whole chunk is sent to its end; anything else is aborted (a short body would leave the store waiting).
  if (whole) pt.end();
  else {
    abort.abort();
    pt.destroy();
  }
  const outcome = await sent;
  const sentAny = written > 0;
  const refuse = async (why: unknown): Promise<never> => {
    await discardRefused(store, session, idx, parts, sentAny).catch(() => undefined);
    if (why instanceof ServiceError) throw withProgress(why, await progressOf(session));
    throw why;
  };
  if (cut) return refuse(cut);
  if (refused) return refuse(refused);
  if (written !== expected) return refuse(new ServiceError(MSG_CHUNK_SIZE, CODE_INVALID));
  if (hash.digest('hex') !== chunkMd5 || (!outcome.ok && badDigest(outcome.err)))
    return refuse(new ServiceError(MSG_CHUNK_MD5, CODE_INVALID));
  if (!outcome.ok) {
    console.warn(
      `[uploads] storing chunk ${idx} of upload ${session.id} failed: ${outcome.err instanceof Error ? outcome.err.message : String(outcome.err)}`,
    );
    return refuse(new ServiceError(MSG_HASH_RETRY, CODE_SERVER));
  }

  const d = await db();
  const [prev] = await d
    .select({ md5: uploadChunks.md5 })
    .from(uploadChunks)
    .where(and(eq(uploadChunks.sessionId, session.id), eq(uploadChunks.idx, idx)));
  await d
    .insert(uploadChunks)
    .values({ sessionId: session.id, idx, size: written, md5: chunkMd5, etag: outcome.etag })
    .onConflictDoUpdate({
      target: [uploadChunks.sessionId, uploadChunks.idx],
      set: { size: written, md5: chunkMd5, etag: outcome.etag },
    });
  if (feed) {
    // The prefix moves on only from the state this chunk continued (another instance may have moved or reset it).
    await d
      .update(uploadSessions)
      .set({ hashState: Buffer.from(feed.save()).toString('base64'), hashedChunks: idx + 1 })
      .where(
        and(
          eq(uploadSessions.id, session.id),
          eq(uploadSessions.hashedChunks, idx),
          loadedState == null || idx === 0 ? sql`true` : eq(uploadSessions.hashState, loadedState),
        ),
      );
  } else if (idx < session.hashedChunks && prev?.md5 !== chunkMd5) {
    // Bytes inside the hashed prefix changed: the prefix no longer describes the file; assembly hashes it all.
    await d.update(uploadSessions).set({ hashState: null, hashedChunks: 0 }).where(eq(uploadSessions.id, session.id));
  }
  // Touched, for the sweep; not while an assembly holds it (its age says whether its process died).
  await d
    .update(uploadSessions)
    .set({ updatedAt: new Date() })
    .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.status, 'uploading')));
  const [{ n }] = await d.select({ n: count() }).from(uploadChunks).where(eq(uploadChunks.sessionId, session.id));
  // Every chunk is in: the caller assembles (publish.ts).
  return Number(n) < session.chunkCount ? progressOf(session) : 'complete';
}

/**
 * A refused chunk: whatever it may have overwritten in the store is forgotten (its record, and the hashed prefix if
 * it reached into it), so the client sends it again and the assembly never uses bytes nobody checked.
 */
async function discardRefused(
  store: S3Store,
  session: SessionRow,
  idx: number,
  parts: boolean,
  sentAny: boolean,
): Promise<void> {
  if (!sentAny) return;
  const d = await db();
  await d.delete(uploadChunks).where(and(eq(uploadChunks.sessionId, session.id), eq(uploadChunks.idx, idx)));
  await d
    .update(uploadSessions)
    .set({ hashState: null, hashedChunks: 0 })
    .where(and(eq(uploadSessions.id, session.id), sql`${uploadSessions.hashedChunks} > ${idx}`));
  if (!parts) await store.delete(chunkKey(session.id, idx));
}

/** Back to chunk 0: records, the hashed prefix, the multipart upload and every scratch object go. */
async function restart(
  store: S3Store,
  session: Pick<SessionRow, 'id' | 'storeUploadId'>,
  status: 'uploading' | 'done' = 'uploading',
  now = new Date(),
): Promise<void> {
  const d = await db();
  if (session.storeUploadId)
    await store.abortMultipart(sessionDataKey(session.id), session.storeUploadId).catch(() => undefined);
  await store.deletePrefix(sessionPrefix(session.id));
  await d.delete(uploadChunks).where(eq(uploadChunks.sessionId, session.id));
  await d
    .update(uploadSessions)
    .set({ status, storeUploadId: null, hashState: null, hashedChunks: 0, updatedAt: now })
    .where(eq(uploadSessions.id, session.id));
}

/** A 4xx from the store at completion (a part missing, an ETag that no longer matches): the upload cannot complete. */
const refusedByStore = (err: unknown) => {
  const s = (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return s != null && s >= 400 && s < 500;
};

/** Assembly on the S3 store, once this request has claimed the session (publish.ts's assemble). */
export async function assembleInStore(
  store: S3Store,
  user: SessionUser,
  session: SessionRow,
  plan: ChunkPlan,
): Promise<UploadProgress> {
  const d = await db();
  const rows = await d
    .select()
    .from(uploadChunks)
    .where(eq(uploadChunks.sessionId, session.id))
    .orderBy(asc(uploadChunks.idx));
  const data = sessionDataKey(session.id);
  const failed = async (msg: string): Promise<never> => {
    await restart(store, session);
    throw new UploadError(msg, CODE_INVALID, {
      done: false,
      file: null,
      chunkCount: session.chunkCount,
      nextChunk: 0,
      received: 0,
    });
  };
  const retryLater = async (err: unknown): Promise<never> => {
    console.warn(
      `[uploads] assembling upload ${session.id} in the store failed: ${err instanceof Error ? err.message : String(err)}`,
    );
    await d
      .update(uploadSessions)
      .set({ status: 'uploading', updatedAt: new Date() })
      .where(eq(uploadSessions.id, session.id));
    throw new ServiceError(MSG_HASH_RETRY, CODE_SERVER);
  };
  try {
    if (usesParts(session) && session.storeUploadId) {
      try {
        await store.completeMultipart(
          data,
          session.storeUploadId,
          rows.map((r) => ({ partNumber: r.idx + 1, etag: r.etag ?? '' })),
        );
      } catch (err) {
        // Completed before by an assembly that died after it: the object is there.
        const there = await store.stat(data).catch(() => null);
        if (!there || there.size !== plan.fileSize) {
          if (refusedByStore(err)) return await failed(MSG_FILE_MD5);
          throw err;
        }
      }
      await d.update(uploadSessions).set({ storeUploadId: null }).where(eq(uploadSessions.id, session.id));
      session = { ...session, storeUploadId: null };
    } else if (usesParts(session)) {
      if ((await store.stat(data))?.size !== plan.fileSize) return await failed(MSG_FILE_MD5);
    } else {
      // Small chunks: streamed in order into one object (each read only if it is still the chunk recorded).
      const chunks = Readable.from(
        (async function* () {
          for (const r of rows) {
            const s = await store.get(
              chunkKey(session.id, r.idx),
              undefined,
              r.etag && r.etag !== 'object' ? r.etag : undefined,
            );
            if (!s) throw new Error(`chunk ${r.idx} is missing from the store`);
            yield* s;
          }
        })(),
      );
      await store.put(data, chunks, { length: rows.reduce((a, r) => a + r.size, 0) });
    }
  } catch (err) {
    if (err instanceof UploadError) throw err;
    return retryLater(err);
  }

  let md5: string;
  let head: Buffer;
  let size: number;
  try {
    size = (await store.stat(data))?.size ?? -1;
    // Only what the running hash has not seen is read back.
    const hashed =
      session.hashState && session.hashedChunks > 0 ? Math.min(size, session.hashedChunks * session.chunkSize) : 0;
    const h = await hasherFrom(hashed > 0 ? session.hashState : null);
    if (hashed < size)
      for await (const piece of (await store.get(data, { start: hashed, end: size - 1 }))!) h.update(piece as Buffer);
    md5 = h.digest('hex');
    const first = size > 0 ? await store.get(data, { start: 0, end: Math.min(SNIFF_BYTES, size) - 1 }) : null;
    const bits: Buffer[] = [];
    for await (const piece of first ?? []) bits.push(piece as Buffer);
    head = Buffer.concat(bits);
  } catch (err) {
    return retryLater(err);
  }
  const accepted = acceptAssembled({ md5, size, head }, plan);
  if ('refusal' in accepted) return failed(accepted.refusal);
  const { type } = accepted;

  let file = await existingFile(md5, size);
  if (!file) {
    const key = finalKey(md5, size, type.ext);
    // A server-side copy: the file appears under its final name whole, and only once checked.
    await store.copy(data, key);
    await d
      .insert(uploadFiles)
      .values({
        md5,
        size,
        kind: type.kind,
        mime: type.mime,
        ext: type.ext,
        storageKey: key,
        ownerId: user.operatorID,
        originalName: plan.fileName.slice(0, 200),
      })
      .onConflictDoNothing();
    file = (await existingFile(md5, size))!;
  }
  await d.update(uploadSessions).set({ fileId: file.id }).where(eq(uploadSessions.id, session.id));
  await restart(store, session, 'done');
  return {
    done: true,
    file: toUploaded(file, plan.fileName),
    chunkCount: session.chunkCount,
    nextChunk: session.chunkCount,
    received: session.chunkCount,
  };
}

/** Bytes the user's unfinished uploads hold in the store: their recorded chunks. */
export async function storeScratchBytes(user: SessionUser, on?: Db): Promise<number> {
  const d = on ?? (await db());
  const [row] = await d
    .select({ n: sql<string>`coalesce(sum(${uploadChunks.size}), 0)` })
    .from(uploadChunks)
    .innerJoin(uploadSessions, eq(uploadSessions.id, uploadChunks.sessionId))
    .where(
      and(eq(uploadSessions.ownerId, user.operatorID), inArray(uploadSessions.status, ['uploading', 'assembling'])),
    );
  return Number(row?.n ?? 0);
}

/**
 * The store's part of the sweep: uploads untouched for `maxAgeMs` lose their parts, chunk objects and records (they
 * start again from chunk 0), and scratch objects of sessions that no longer exist go too.
 */
export async function sweepStore(store: S3Store, maxAgeMs: number, now: number): Promise<number> {
  const d = await db();
  const cutoff = new Date(now - maxAgeMs);
  const stale = await d
    .select({
      id: uploadSessions.id,
      status: uploadSessions.status,
      updatedAt: uploadSessions.updatedAt,
      storeUploadId: uploadSessions.storeUploadId,
    })
    .from(uploadSessions)
    .where(
      and(
        inArray(uploadSessions.status, ['uploading', 'assembling']),
        lt(uploadSessions.updatedAt, cutoff),
        or(
          sql`${uploadSessions.storeUploadId} is not null`,
          sql`${uploadSessions.hashedChunks} > 0`,
          sql`exists (select 1 from ${uploadChunks} where ${uploadChunks.sessionId} = ${uploadSessions.id})`,
        ),
      ),
    );
  let removed = 0;
  for (const s of stale) {
    if (s.status === 'assembling' && now - s.updatedAt.getTime() <= ASSEMBLY_STALE_MS) continue;
    await restart(store, s, 'uploading', new Date(now));
    removed++;
  }
  // Scratch objects whose session is gone (or done): by the newest object of each.
  const newest = new Map<number, number>();
  for await (const o of store.list('tmp/')) {
    const m = /^tmp\/s(\d+)\//.exec(o.key);
    if (m) newest.set(Number(m[1]), Math.max(newest.get(Number(m[1])) ?? 0, o.modified.getTime()));
  }
  const ids = [...newest.keys()];
  const live = ids.length
    ? new Set(
        (
          await d
            .select({ id: uploadSessions.id })
            .from(uploadSessions)
            .where(and(inArray(uploadSessions.id, ids), inArray(uploadSessions.status, ['uploading', 'assembling'])))
        ).map((r) => r.id),
      )
    : new Set<number>();
  for (const [id, at] of newest) {
    if (live.has(id) || now - at <= maxAgeMs) continue;
    await store.deletePrefix(sessionPrefix(id));
    removed++;
  }
  return removed;
}

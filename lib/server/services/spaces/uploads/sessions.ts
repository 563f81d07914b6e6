/**
 * Upload sessions: one per user and file (MD5, size), with the chunks received so far; where an upload resumes,
 * the uploads still open, and who may use a stored file (its uploaders, not whoever knows its MD5).
 */
import path from 'node:path';
import { and, asc, count, eq } from 'drizzle-orm';
import type { PendingUpload, UploadProgress } from '@/lib/contract/spaces';
import { db } from '@/lib/server/db';
import { uploadChunks, uploadSessions } from '@/lib/server/db/schema';
import { CODE_INVALID, CODE_TOO_LARGE, ServiceError } from '@/lib/server/errors';
import { ACCEPT } from '../file-types';
import type { SessionUser } from '../../accounts/sessions';
import { MAX_CHUNKS, MSG_TOO_BIG, MSG_TYPE, UPLOAD_LIMITS, type FileRow } from './common';
import { TOO_MANY_CHUNKS_MSG } from '@/lib/contract/spaces';

export interface ChunkPlan {
  fileMd5: string;
  fileSize: number;
  fileName: string;
  chunkSize: number;
}

/** One chunk of a chunked upload: the plan it belongs to, its index and MD5. */
export interface ChunkInput extends ChunkPlan {
  chunkIndex: number;
  chunkMd5: string;
}

export function chunkCountOf(plan: ChunkPlan): number {
  return Math.max(1, Math.ceil(plan.fileSize / plan.chunkSize));
}

export function checkPlan(plan: ChunkPlan): void {
  if (plan.fileSize > UPLOAD_LIMITS.courseware) throw new ServiceError(MSG_TOO_BIG('courseware'), CODE_TOO_LARGE);
  const ext = path.extname(plan.fileName).slice(1).toLowerCase();
  if (!ACCEPT.courseware.exts.includes(ext)) throw new ServiceError(MSG_TYPE('courseware'), CODE_INVALID);
  if (chunkCountOf(plan) > MAX_CHUNKS) throw new ServiceError(TOO_MANY_CHUNKS_MSG, CODE_INVALID);
}

export type SessionRow = typeof uploadSessions.$inferSelect;

export async function findOrCreateSession(user: SessionUser, plan: ChunkPlan): Promise<SessionRow> {
  const d = await db();
  const key = and(
    eq(uploadSessions.ownerId, user.operatorID),
    eq(uploadSessions.md5, plan.fileMd5),
    eq(uploadSessions.size, plan.fileSize),
  );
  const chunkCount = chunkCountOf(plan);
  await d
    .insert(uploadSessions)
    .values({
      ownerId: user.operatorID,
      md5: plan.fileMd5,
      size: plan.fileSize,
      fileName: plan.fileName,
      chunkSize: plan.chunkSize,
      chunkCount,
    })
    .onConflictDoNothing();
  const [row] = await d.select().from(uploadSessions).where(key).limit(1);
  if (row.status !== 'done' && row.chunkSize !== plan.chunkSize) {
    // A new chunk size (another client): the chunks already here no longer line up; start over.
    await d.delete(uploadChunks).where(eq(uploadChunks.sessionId, row.id));
    const [updated] = await d
      .update(uploadSessions)
      .set({
        chunkSize: plan.chunkSize,
        chunkCount,
        status: 'uploading',
        hashState: null,
        hashedChunks: 0,
        updatedAt: new Date(),
      })
      .where(eq(uploadSessions.id, row.id))
      .returning();
    return updated;
  }
  return row;
}

async function receivedIndexes(sessionId: number): Promise<number[]> {
  const d = await db();
  const rows = await d
    .select({ idx: uploadChunks.idx })
    .from(uploadChunks)
    .where(eq(uploadChunks.sessionId, sessionId))
    .orderBy(asc(uploadChunks.idx));
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

export async function progressOf(session: SessionRow): Promise<UploadProgress> {
  const received = await receivedIndexes(session.id);
  return {
    done: false,
    file: null,
    chunkCount: session.chunkCount,
    nextChunk: firstMissing(received, session.chunkCount),
    received: received.length,
  };
}

/**
 * Whether the user uploaded this file: its first uploader, or one whose own upload of the same bytes was checked
 * (the bytes on disk are shared, the right to use them is not). Knowing a file's MD5 and size gives nothing.
 */
export async function ownsFile(user: SessionUser, file: FileRow): Promise<boolean> {
  if (file.ownerId === user.operatorID) return true;
  const d = await db();
  const [s] = await d
    .select({ id: uploadSessions.id })
    .from(uploadSessions)
    .where(
      and(
        eq(uploadSessions.ownerId, user.operatorID),
        eq(uploadSessions.fileId, file.id),
        eq(uploadSessions.status, 'done'),
      ),
    )
    .limit(1);
  return !!s;
}

/** Records a file this user has just uploaded (its bytes received and checked), so they may attach it to their chapters. */
export async function claimFile(user: SessionUser, plan: ChunkPlan, file: FileRow): Promise<void> {
  const d = await db();
  await d
    .insert(uploadSessions)
    .values({
      ownerId: user.operatorID,
      md5: plan.fileMd5,
      size: plan.fileSize,
      fileName: plan.fileName,
      chunkSize: plan.chunkSize,
      chunkCount: chunkCountOf(plan),
      status: 'done',
      fileId: file.id,
    })
    .onConflictDoUpdate({
      target: [uploadSessions.ownerId, uploadSessions.md5, uploadSessions.size],
      set: { status: 'done', fileId: file.id, updatedAt: new Date() },
    });
}

export async function pendingUploads(user: SessionUser): Promise<PendingUpload[]> {
  const d = await db();
  const rows = await d
    .select({
      id: uploadSessions.id,
      md5: uploadSessions.md5,
      size: uploadSessions.size,
      fileName: uploadSessions.fileName,
      chunkCount: uploadSessions.chunkCount,
      received: count(uploadChunks.idx),
    })
    .from(uploadSessions)
    .leftJoin(uploadChunks, eq(uploadChunks.sessionId, uploadSessions.id))
    .where(and(eq(uploadSessions.ownerId, user.operatorID), eq(uploadSessions.status, 'uploading')))
    .groupBy(uploadSessions.id)
    .orderBy(asc(uploadSessions.id));
  return rows
    .filter((r) => Number(r.received) > 0)
    .map((r) => ({
      md5: r.md5,
      size: r.size,
      fileName: r.fileName,
      chunkCount: r.chunkCount,
      received: Number(r.received),
    }));
}

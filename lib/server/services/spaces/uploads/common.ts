/**
 * What every part of the uploads shares: limits, messages, where files and scratch space live, the file row as the
 * API shows it, and the refusal that still carries progress. Uploads (SPEC 7 Uploads, docs/design.md §5-6): course files go up
 * in chunks that resume from the first missing one after a reload or a dropped connection; small files (covers,
 * documents) in one request. Every chunk is checked (size and MD5), the file's type is decided from its first bytes,
 * the assembled file's MD5 is checked, and a file appears under its final name only by an atomic rename once it is
 * whole. Progress lives in the database (upload_sessions, upload_chunks), so any instance can take the next chunk.
 * Bytes are streamed to disk as they arrive; no file is ever held in memory whole.
 */
import { and, eq } from 'drizzle-orm';
import type { UploadedFile, UploadProgress } from '@/lib/contract/spaces';
import { MSG_TOO_BIG, MSG_TYPE, UPLOAD_LIMITS, type UploadCall } from '@/lib/validation/spaces';
import { db } from '@/lib/server/db';
import { uploadFiles } from '@/lib/server/db/schema';
import { CODE_INVALID, ServiceError } from '@/lib/server/errors';
import { uploadedFilePath } from '@/lib/server/storage';
import { FILE_PATH_INVALID_MSG, MSG_CHUNK_MD5, MSG_FILE_MD5 } from '@/lib/contract/spaces';

/** Size limits, accepted extensions and their messages are shared with the creation centre's forms. */
export { MSG_TOO_BIG, MSG_TYPE, UPLOAD_LIMITS, type UploadCall };
/** The checksum refusals (lib/contract/spaces), shared by the chunked and remote uploads. */
export { MSG_CHUNK_MD5, MSG_FILE_MD5 };
export const MIN_CHUNK_BYTES = 64 * 1024;
export const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
export const MAX_CHUNKS = 50_000;
/** An assembly older than this is taken to have died with its process. */
export const ASSEMBLY_STALE_MS = 2 * 60 * 1000;

export function fileUrl(f: { md5: string; size: number; ext: string }): string {
  return `/api/resourceFile/file/${f.md5}-${f.size}.${f.ext}`;
}

/** Storage keys: final files by content, scratch space per upload session. */
export const finalKey = (md5: string, size: number, ext: string) => `files/${md5.slice(0, 2)}/${md5}-${size}.${ext}`;
export const sessionDirKey = (sessionId: number) => `tmp/s${sessionId}`;
export const sessionDataKey = (sessionId: number) => `tmp/s${sessionId}/data`;

export function pathOf(key: string): string {
  const p = uploadedFilePath(key);
  if (!p) throw new ServiceError(FILE_PATH_INVALID_MSG, CODE_INVALID);
  return p;
}

export type FileRow = typeof uploadFiles.$inferSelect;

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

export async function existingFile(md5: string, size: number): Promise<FileRow | null> {
  const d = await db();
  const [row] = await d
    .select()
    .from(uploadFiles)
    .where(and(eq(uploadFiles.md5, md5), eq(uploadFiles.size, size)))
    .limit(1);
  return row ?? null;
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
export function withProgress(err: ServiceError, progress: UploadProgress): UploadError {
  return new UploadError(err.message, err.code, progress);
}

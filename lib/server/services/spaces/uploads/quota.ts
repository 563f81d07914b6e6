/**
 * Upload quotas (issue 22): the scratch space one user's unfinished uploads hold on disk, and the bytes of the files
 * they keep, capped by role. Both are read where they are decided (the disk, the database), so every instance sees
 * the same figures. Uploads running at the same moment are each checked before they write, so together they may pass
 * a cap by what they carry (a chunk each, or a file each at the last chunk); the next one is refused.
 */
import { stat } from 'node:fs/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { UploadQuota } from '@/lib/contract/spaces';
import { formatBytes } from '@/lib/format';
import { config } from '@/lib/server/config';
import { db } from '@/lib/server/db';
import { uploadFiles, uploadSessions } from '@/lib/server/db/schema';
import { CODE_QUOTA, MSG_SCRATCH_QUOTA, MSG_STORED_QUOTA, ServiceError } from '@/lib/server/http/errors';
import type { SessionUser } from '../../accounts/sessions';
import { isStaffUploader } from '../../management/staff';
import { isS3 } from '@/lib/server/storage';
import { pathOf, sessionDataKey } from './common';
import { storeScratchBytes } from './remote';

const MiB = 1024 * 1024;

type QuotaVariable = 'UPLOAD_SCRATCH_QUOTA_MB' | 'UPLOAD_STORED_QUOTA_MB' | 'UPLOAD_STAFF_STORED_QUOTA_MB';
const megabytes = (name: QuotaVariable) => config()[name] * MiB;

/** UPLOAD_SCRATCH_QUOTA_MB (default 4096): two unfinished 2 GB course videos at once. */
export const scratchLimit = () => megabytes('UPLOAD_SCRATCH_QUOTA_MB');

/**
 * UPLOAD_STORED_QUOTA_MB (default 2048) for a learner, UPLOAD_STAFF_STORED_QUOTA_MB (default 51200) for a teacher or
 * a manager: teachers create courses of many videos, a learner only uploads covers and documents of their own.
 */
export async function storedLimit(user: SessionUser): Promise<number> {
  const staff = await isStaffUploader(user);
  return staff ? megabytes('UPLOAD_STAFF_STORED_QUOTA_MB') : megabytes('UPLOAD_STORED_QUOTA_MB');
}

/** Bytes the user's unfinished chunked uploads hold under uploads/tmp, as allocated on disk (a refused chunk's too). */
export async function scratchBytesOf(user: SessionUser): Promise<number> {
  // On the S3 store: the chunks recorded (a part's allocation is not visible there).
  if (isS3()) return storeScratchBytes(user);
  const d = await db();
  const open = await d
    .select({ id: uploadSessions.id })
    .from(uploadSessions)
    .where(
      and(eq(uploadSessions.ownerId, user.operatorID), inArray(uploadSessions.status, ['uploading', 'assembling'])),
    );
  const sizes = await Promise.all(
    open.map(({ id }) =>
      stat(pathOf(sessionDataKey(id))).then(
        // A scratch file is sparse while chunks arrive out of order: its blocks are what the disk holds.
        (st) => (st.blocks > 0 ? Math.min(st.size, st.blocks * 512) : st.size),
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/** Bytes of the files the user uploaded (as first uploader, or by a checked upload of the same bytes). */
export async function storedBytesOf(user: SessionUser): Promise<number> {
  const d = await db();
  const mine = d
    .select({ id: uploadSessions.fileId })
    .from(uploadSessions)
    .where(and(eq(uploadSessions.ownerId, user.operatorID), eq(uploadSessions.status, 'done')));
  const [row] = await d
    .select({ n: sql<string>`coalesce(sum(${uploadFiles.size}), 0)` })
    .from(uploadFiles)
    .where(sql`${uploadFiles.ownerId} = ${user.operatorID} or ${uploadFiles.id} in (${mine})`);
  return Number(row?.n ?? 0);
}

export async function uploadQuota(user: SessionUser): Promise<UploadQuota> {
  const [scratchUsed, storedUsed] = await Promise.all([scratchBytesOf(user), storedBytesOf(user)]);
  return { scratchUsed, scratchLimit: scratchLimit(), storedUsed, storedLimit: await storedLimit(user) };
}

const usage = (used: number, limit: number) => `（已用${formatBytes(used)}，共${formatBytes(limit)}）`;

/** Refuses a chunk of `bytes` that would take the user's scratch space past its cap. */
export async function assertScratchRoom(user: SessionUser, bytes: number): Promise<void> {
  const used = await scratchBytesOf(user);
  const limit = scratchLimit();
  if (used + bytes > limit) throw new ServiceError(MSG_SCRATCH_QUOTA + usage(used, limit), CODE_QUOTA);
}

/** Refuses a new file of `bytes` that would take the user's stored bytes past their role's cap. */
export async function assertStoredRoom(user: SessionUser, bytes: number): Promise<void> {
  const used = await storedBytesOf(user);
  const limit = await storedLimit(user);
  if (used + bytes > limit) throw new ServiceError(MSG_STORED_QUOTA + usage(used, limit), CODE_QUOTA);
}

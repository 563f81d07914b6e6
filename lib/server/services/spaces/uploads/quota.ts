/**
 * Upload quotas (issue 22): the scratch space one user's unfinished uploads hold on disk, and the bytes of the files
 * they keep, capped by role. Both are read where they are decided (the disk, the database), so every instance sees
 * the same figures. An upload checks and takes its room in one step (issue 38): under the user's lock it reads what
 * is used plus what uploads under way hold (upload_reservations), and adds its own hold, which it gives up once its
 * bytes count where they land (the file recorded, the chunk written) or it fails. Parallel uploads therefore pass a
 * cap by at most one hold's bytes counted twice for a moment, never by what they carry together.
 */
import { stat } from 'node:fs/promises';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { UploadQuota } from '@/lib/contract/spaces';
import { formatBytes } from '@/lib/format';
import { config } from '@/lib/server/config';
import { db } from '@/lib/server/db';
import { uploadFiles, uploadReservations, uploadSessions } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { CODE_QUOTA, ServiceError } from '@/lib/server/errors';
import { MSG_SCRATCH_QUOTA, MSG_STORED_QUOTA } from '@/lib/contract/messages';
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
export async function scratchBytesOf(user: SessionUser, on?: Db): Promise<number> {
  // On the S3 store: the chunks recorded (a part's allocation is not visible there).
  if (isS3()) return storeScratchBytes(user, on);
  const d = on ?? (await db());
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
export async function storedBytesOf(user: SessionUser, on?: Db): Promise<number> {
  const d = on ?? (await db());
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

/** A hold on part of an allowance: released once its bytes count where they land, or when the upload fails. */
export interface QuotaHold {
  release(): Promise<void>;
}

/** Longer than any one request's upload and assembly: a hold left by a stopped process stops counting then. */
const HOLD_MS = 60 * 60_000;

/** The bytes held by the user's uploads under way; a stored file's chunks in parallel hold it once (one key). */
async function heldBytes(on: Db, user: SessionUser, kind: 'stored' | 'scratch', except: string | null, now: Date) {
  const live = and(
    eq(uploadReservations.ownerId, user.operatorID),
    eq(uploadReservations.kind, kind),
    gt(uploadReservations.expiresAt, now),
  );
  const perUpload = on
    .select({ bytes: sql<string>`max(${uploadReservations.bytes})`.as('bytes') })
    .from(uploadReservations)
    .where(except === null ? live : and(live, sql`${uploadReservations.key} is distinct from ${except}`))
    .groupBy(sql`coalesce(${uploadReservations.key}, ${uploadReservations.id}::text)`)
    .as('per_upload');
  const [row] = await on.select({ n: sql<string>`coalesce(sum(${perUpload.bytes}), 0)` }).from(perUpload);
  return Number(row?.n ?? 0);
}

/**
 * Takes `bytes` of the user's `kind` allowance, or refuses with the figures when used + held + bytes passes limit.
 * The user's lock makes the check and the take one step on every instance; what is held is read before what is used,
 * as a hold is released only after its bytes count as used.
 */
async function hold(
  user: SessionUser,
  kind: 'stored' | 'scratch',
  bytes: number,
  key: string | null,
): Promise<QuotaHold> {
  const limit = kind === 'stored' ? await storedLimit(user) : scratchLimit();
  const now = new Date();
  const d = await db();
  const id = await d.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${user.operatorID}`}))`);
    // Holds a stopped process left behind go once they have expired.
    await tx
      .delete(uploadReservations)
      .where(and(eq(uploadReservations.ownerId, user.operatorID), lte(uploadReservations.expiresAt, now)));
    const held = await heldBytes(tx, user, kind, key, now);
    const used = kind === 'stored' ? await storedBytesOf(user, tx) : await scratchBytesOf(user, tx);
    if (used + held + bytes > limit)
      throw new ServiceError(
        (kind === 'stored' ? MSG_STORED_QUOTA : MSG_SCRATCH_QUOTA) + usage(used, limit),
        CODE_QUOTA,
      );
    const [row] = await tx
      .insert(uploadReservations)
      .values({ ownerId: user.operatorID, kind, bytes, key, expiresAt: new Date(now.getTime() + HOLD_MS) })
      .returning({ id: uploadReservations.id });
    return row.id;
  });
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await (await db()).delete(uploadReservations).where(eq(uploadReservations.id, id));
    },
  };
}

/** Holds room for a chunk of `bytes` in the user's scratch space, or refuses one that would pass its cap. */
export const holdScratchRoom = (user: SessionUser, bytes: number) => hold(user, 'scratch', bytes, null);

/**
 * Holds room for a new file of `bytes` in the user's stored bytes, or refuses one that would pass their role's cap.
 * `upload` names a chunked upload, whose chunks arriving in parallel hold its file once.
 */
export const holdStoredRoom = (user: SessionUser, bytes: number, upload: string | null = null) =>
  hold(user, 'stored', bytes, upload);

/** Releases holds, whatever became of the upload (a failed release leaves a hold to expire). */
export async function releaseHolds(holds: QuotaHold[]): Promise<void> {
  await Promise.all(holds.map((h) => h.release().catch(() => undefined)));
}

/**
 * Refuses, before the first byte is sent, a new file of `bytes` that would take the user's stored bytes past their
 * role's cap. A check only: the chunks take the room.
 */
export async function assertStoredRoom(user: SessionUser, bytes: number): Promise<void> {
  const used = await storedBytesOf(user);
  const limit = await storedLimit(user);
  if (used + bytes > limit) throw new ServiceError(MSG_STORED_QUOTA + usage(used, limit), CODE_QUOTA);
}

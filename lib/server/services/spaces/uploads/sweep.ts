/** The sweep of scratch space left by abandoned uploads (uploads/tmp, and the S3 store's tmp/ with STORAGE_URL). */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { uploadChunks, uploadSessions } from '@/lib/server/db/schema';
import { ASSEMBLY_STALE_MS, pathOf } from './common';
import { dropHash } from './hash-worker';
import { runningHashes } from './hashing';
import { config } from '@/lib/server/config';
import { isS3, storage } from '@/lib/server/storage';
import { sweepStore } from './remote';

/** Scratch files of an upload untouched this long are removed (UPLOAD_SESSION_MAX_AGE_HOURS, default 24). */
export function uploadSessionMaxAgeMs(): number {
  return config().UPLOAD_SESSION_MAX_AGE_HOURS * 60 * 60 * 1000;
}
/** A one-request upload's scratch file (tmp/small-*) untouched this long was left by a request that died. */
const SMALL_SCRATCH_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Removes what abandoned uploads left under uploads/tmp: a session's scratch folder untouched for longer
 * than `maxAgeMs` goes, with its chunk records (the session starts again from chunk 0 if the user comes
 * back). Folders with no session at all go too, and so do the scratch files of one-request uploads
 * (small-*) untouched for an hour (or `maxAgeMs` if shorter). A scheduled job (lib/server/jobs, every 5 minutes on
 * one instance), never inside an upload request.
 */
export async function sweepAbandonedUploads(maxAgeMs = uploadSessionMaxAgeMs(), now = Date.now()): Promise<number> {
  const store = storage();
  // On the S3 store the chunks are there; this instance's scratch (one-request uploads, ffmpeg's files) is below.
  const remote = isS3(store) ? await sweepStore(store, maxAgeMs, now) : 0;
  return remote + (await sweepLocal(maxAgeMs, now));
}

async function sweepLocal(maxAgeMs: number, now: number): Promise<number> {
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
    if (/^(small|work)-[0-9a-f]+(\.[a-z0-9]+)?$/.test(name)) {
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
      if (session.status !== 'done')
        await d
          .update(uploadSessions)
          .set({ status: 'uploading', updatedAt: new Date(now) })
          .where(eq(uploadSessions.id, id));
    }
    removed++;
  }
  return removed;
}

/**
 * What a refused chunk leaves in its upload's scratch file is removed at once (issue 22: twelve refused 16 MB chunks
 * of made-up files had grown uploads/tmp by 192 MB for a day). Chunks share one scratch file per upload, written at
 * their offsets, so what can go is what lies past every chunk still needed: the recorded ones, and the ones this
 * process is receiving. An upload with nothing recorded loses its whole scratch folder.
 */
import { rm, stat, truncate } from 'node:fs/promises';
import { and, eq, max } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { uploadChunks } from '@/lib/server/db/schema';
import { pathOf, sessionDataKey, sessionDirKey } from './common';
import type { SessionRow } from './sessions';

/** Chunks being received in this process, per upload: their byte ranges. */
const receiving = new Map<number, Set<{ start: number; end: number }>>();

/** Marks a chunk's range as being received; the returned function ends that. */
export function receivingChunk(sessionId: number, start: number, end: number): () => void {
  const range = { start, end };
  let set = receiving.get(sessionId);
  if (!set) receiving.set(sessionId, (set = new Set()));
  set.add(range);
  return () => {
    set.delete(range);
    if (set.size === 0 && receiving.get(sessionId) === set) receiving.delete(sessionId);
  };
}

/**
 * Called once a chunk [start, end) was refused (after its own range stopped counting as being received). A recorded
 * chunk it overwrote is forgotten, so the client sends it again instead of the assembly failing on its bytes.
 * Another instance receiving a chunk of the same upload at this moment may see its bytes cut; the assembly's MD5
 * check then catches it and the upload starts over, as after any damaged scratch file.
 */
export async function discardRefusedChunk(
  session: SessionRow,
  chunkIndex: number,
  start: number,
  end: number,
): Promise<void> {
  const d = await db();
  if (end > start)
    await d.delete(uploadChunks).where(and(eq(uploadChunks.sessionId, session.id), eq(uploadChunks.idx, chunkIndex)));
  const [{ top }] = await d
    .select({ top: max(uploadChunks.idx) })
    .from(uploadChunks)
    .where(eq(uploadChunks.sessionId, session.id));
  let keep = top == null ? 0 : Math.min(session.size, (top + 1) * session.chunkSize);
  for (const r of receiving.get(session.id) ?? []) keep = Math.max(keep, r.end);
  if (keep === 0) {
    await rm(pathOf(sessionDirKey(session.id)), { recursive: true, force: true });
    return;
  }
  const file = pathOf(sessionDataKey(session.id));
  const size = await stat(file).then(
    (st) => st.size,
    () => 0,
  );
  if (size > keep) await truncate(file, keep);
}

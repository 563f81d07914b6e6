/**
 * The ingest's callbacks (deploy/nginx-rtmp.conf): nginx-rtmp asks the portal before it accepts a stream
 * (`on_publish`) and tells it when the stream ended (`on_publish_done`) and when a recording file is closed
 * (`on_record_done`). The key a teacher gives the encoder is `<stream name>?key=<secret>`: nginx-rtmp names the
 * stream (its HLS folder, its recording) after the part before `?` and sends the rest as form fields, so the secret
 * never appears in a URL viewers see. A stream is accepted only with its class's current secret, within the
 * class's time plus the margin (LIVE_PUBLISH_MARGIN_MINUTES). nginx-rtmp asks on_publish once, at the start: a
 * stream running past the window is cut by `on_update`, which it sends every notify_update_timeout while the stream
 * runs and which drops the publisher when answered with 403.
 */
import 'server-only';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { db, dataDir } from '@/lib/server/db';
import { liveClasses } from '@/lib/server/db/schema';
import { config } from '@/lib/server/config';
import { JOBS, queueJob } from '@/lib/server/jobs';
import { log } from '@/lib/server/ops/log';
import { inPublishWindow } from './classes';

export type PublishDecision =
  { ok: true; liveId: number; streamName: string } | { ok: false; reason: 'unknown-key' | 'outside-window' };

/** The folder nginx-rtmp records into (its record_path). */
export function recordDir(): string {
  const configured = config().LIVE_RECORD_DIR;
  if (configured) return path.resolve(configured);
  const base = dataDir();
  return path.resolve(base === 'memory' ? path.join(process.cwd(), 'data') : base, 'live-record');
}

const NAME_PATTERN = /^c\d{1,9}-[0-9a-f]{18}$/;
const SECRET_PATTERN = /^[\w-]{16,64}$/;

/** on_publish: the class of this stream name, if the secret is its current one and the class may broadcast now. */
export async function authorizePublish(name: string, secret: string, now: Date = new Date()): Promise<PublishDecision> {
  if (!NAME_PATTERN.test(name) || !SECRET_PATTERN.test(secret)) return { ok: false, reason: 'unknown-key' };
  const d = await db();
  const [row] = await d.select().from(liveClasses).where(eq(liveClasses.streamName, name));
  if (!row || !row.streamKey || !safeEqual(row.streamKey, secret)) return { ok: false, reason: 'unknown-key' };
  if (!inPublishWindow(row, now)) return { ok: false, reason: 'outside-window' };
  await d
    .update(liveClasses)
    .set({ onAirAt: now, broadcastAt: row.broadcastAt ?? now })
    .where(eq(liveClasses.id, row.id));
  log.info({ liveId: row.id }, 'live broadcast started');
  return { ok: true, liveId: row.id, streamName: name };
}

/**
 * on_update of a running stream (nginx-rtmp sends the name and the key's fields, as to on_publish): it may go on
 * while its key is the class's current secret and the class's window lasts; otherwise nginx-rtmp drops it.
 */
export async function authorizeUpdate(name: string, secret: string, now: Date = new Date()): Promise<PublishDecision> {
  const row = await classOf(name);
  if (!row || !row.streamKey || !safeEqual(row.streamKey, secret)) return { ok: false, reason: 'unknown-key' };
  if (!inPublishWindow(row, now)) {
    log.info({ liveId: row.id }, 'live broadcast cut at the end of its window');
    return { ok: false, reason: 'outside-window' };
  }
  return { ok: true, liveId: row.id, streamName: name };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The class a callback names by its stream name. */
async function classOf(name: string) {
  if (!NAME_PATTERN.test(name)) return null;
  const [row] = await (await db()).select().from(liveClasses).where(eq(liveClasses.streamName, name));
  return row ?? null;
}

/** on_publish_done: the class is off air. */
export async function publishDone(name: string): Promise<boolean> {
  const row = await classOf(name);
  if (!row) return false;
  await (await db()).update(liveClasses).set({ onAirAt: null }).where(eq(liveClasses.id, row.id));
  log.info({ liveId: row.id }, 'live broadcast ended');
  return true;
}

/**
 * on_record_done: a recording file of the class is complete; the job that packages the class's recordings as its
 * replay is queued (one per file: each packages every file of the class, so a reconnect's second file is included).
 */
export async function recordDone(name: string, file: string): Promise<boolean> {
  const row = await classOf(name);
  if (!row) return false;
  const dir = recordDir();
  const full = path.resolve(file);
  if (path.dirname(full) !== dir) {
    log.warn({ liveId: row.id, file }, 'live recording outside LIVE_RECORD_DIR ignored');
    return false;
  }
  await queueJob(JOBS.liveRecording, { liveId: row.id }, `live-${row.id}-${path.basename(full)}`);
  return true;
}

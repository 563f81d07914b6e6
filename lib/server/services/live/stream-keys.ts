/**
 * Stream keys (issue 24): each live class has a random public stream name (its HLS folder, given to viewers) and a
 * random secret; the key its teacher and managers see with the ingest's RTMP address is `<name>?key=<secret>`
 * (nginx-rtmp sends the part after `?` to the portal as form fields, ingest.ts). Regenerating replaces the secret at
 * once: the ingest asks the portal on every publish, so the old key stops working for the next connection, and a
 * stream publishing with it is dropped.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { LiveStreamInfo } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import { liveClasses } from '@/lib/server/db/schema';
import { config } from '@/lib/server/config';
import { CODE_FORBIDDEN, ServiceError } from '@/lib/server/errors';
import { errorText, log } from '@/lib/server/ops/log';
import type { Scope } from '../scope';
import type { SessionUser } from '../accounts/sessions';
import { mayStream, publishWindow, visibleLive, type LiveRow } from './classes';
import { MSG_NOT_STREAMER } from '@/lib/contract/live';

/** The secret: 32 characters of base64url, 192 random bits, never guessed. */
export const newStreamKey = () => randomBytes(24).toString('base64url');
const newStreamName = (id: number) => `c${id}-${randomBytes(9).toString('hex')}`;

export function rtmpUrl(): string {
  const configured = config().LIVE_RTMP_URL;
  if (configured) return configured.replace(/\/+$/, '');
  const origin = config().PUBLIC_ORIGIN;
  return `rtmp://${origin ? new URL(origin).hostname : 'localhost'}/live`;
}

function infoOf(row: LiveRow & { streamKey: string; streamName: string }): LiveStreamInfo {
  const w = publishWindow(row);
  return {
    id: row.id,
    rtmpUrl: rtmpUrl(),
    streamKey: `${row.streamName}?key=${row.streamKey}`,
    publishFrom: w.from.toISOString(),
    publishUntil: w.until.toISOString(),
    onAir: row.onAirAt != null,
  };
}

async function streamerRow(user: SessionUser, scope: Scope, id: number): Promise<LiveRow> {
  const row = await visibleLive(scope, id);
  if (!(await mayStream(user, row))) throw new ServiceError(MSG_NOT_STREAMER, CODE_FORBIDDEN);
  return row;
}

/** The class's address and key (made on first ask; two first asks at once agree on one key). */
export async function streamInfo(user: SessionUser, scope: Scope, id: number): Promise<LiveStreamInfo> {
  const row = await streamerRow(user, scope, id);
  if (row.streamKey && row.streamName) return infoOf({ ...row, streamKey: row.streamKey, streamName: row.streamName });
  const d = await db();
  await d
    .update(liveClasses)
    .set({ streamKey: newStreamKey(), streamName: row.streamName ?? newStreamName(row.id) })
    .where(and(eq(liveClasses.id, row.id), isNull(liveClasses.streamKey)));
  const [now] = await d.select().from(liveClasses).where(eq(liveClasses.id, row.id));
  return infoOf({ ...now, streamKey: now.streamKey!, streamName: now.streamName! });
}

/**
 * A new key; the old one is refused from the next publish on, and a stream publishing now (with the old key) is
 * dropped through the ingest's control (LIVE_CONTROL_URL), so a leaked key stops at once.
 */
export async function regenerateStreamKey(user: SessionUser, scope: Scope, id: number): Promise<LiveStreamInfo> {
  const row = await streamerRow(user, scope, id);
  const d = await db();
  const [next] = await d
    .update(liveClasses)
    .set({ streamKey: newStreamKey(), streamName: row.streamName ?? newStreamName(row.id) })
    .where(eq(liveClasses.id, row.id))
    .returning();
  if (row.onAirAt && row.streamName) await dropPublisher(row.streamName);
  return infoOf({ ...next, streamKey: next.streamKey!, streamName: next.streamName! });
}

/** Asks the ingest to drop the stream's publisher; best effort (logged), the new key stands either way. */
export async function dropPublisher(streamName: string): Promise<void> {
  const control = config().LIVE_CONTROL_URL;
  if (!control) return;
  const url = `${control.replace(/\/+$/, '')}/drop/publisher?app=live&name=${encodeURIComponent(streamName)}`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) log.warn({ status: res.status }, 'live: the ingest did not drop a stream');
  } catch (err) {
    log.warn({ err: errorText(err) }, 'live: the ingest control could not be reached');
  }
}

/**
 * Watching a live class on its page (issue 24; SPEC 7 recordHours). The page asks for the class's state every few
 * seconds (`/api/live/watch`: countdown, on air, the live HLS for a signed-in viewer, the number watching, the
 * replay once there is one) and, while a signed-in learner's player plays the live stream, pings
 * `/api/live/recordHours` (GET as SPEC 7 names it, or POST). Each ping of a class on air counts the time since the
 * learner's previous ping when it is at most PING_CREDIT_CAP_SECONDS (a paused video or a closed tab earns nothing),
 * and marks them watching;
 * once the counted time reaches half the class's length (as a replay must play at least half its length, at 2x)
 * the class's recordHours are credited once, as online hours of the day, in the same record a replay's credit uses,
 * so a class credits once however it was watched. Everything is in the database: any instance answers any ping.
 */
import 'server-only';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { chinaDate } from '@/lib/format';
import type { LiveWatchState } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import { liveClasses, liveReplays, liveViewers, studyRecords } from '@/lib/server/db/schema';
import { CODE_FORBIDDEN, CODE_INVALID, ServiceError } from '@/lib/server/errors';
import type { Scope } from '../scope';
import type { SessionUser } from '../accounts/sessions';
import { creditAfterSeconds, mayStream, statusAt, visibleLive, type LiveRow } from './classes';
import { dropPublisher } from './stream-keys';
import { replayFrom } from './replay';
import { MSG_NOT_ON_AIR, MSG_FINISH_NOT_LIVE, MSG_NOT_STREAMER } from '@/lib/contract/live';

/** The page pings every PING_SECONDS while the live stream plays. */
export const PING_SECONDS = 15;
/** The longest gap a ping counts: two pings' time, so a late ping still counts and an absence does not. */
export const PING_CREDIT_CAP_SECONDS = 2 * PING_SECONDS;
/** A viewer is counted as watching for this long after their last ping. */
export const VIEWER_WINDOW_SECONDS = 3 * PING_SECONDS;

/** Whole seconds between a ping and the learner's previous one (in an upsert of live_viewers). */
const GAP = `floor(extract(epoch from (excluded.last_ping_at - "live_viewers"."last_ping_at")))::int`;

/** The URL of a stream's live HLS playlist (hls-relay.ts, or nginx in front of the portal). */
export const liveHlsUrl = (streamName: string) => `/media/live-hls/${streamName}/index.m3u8`;

async function viewersOf(liveId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - VIEWER_WINDOW_SECONDS * 1000);
  const [{ n }] = await (
    await db()
  )
    .select({ n: count() })
    .from(liveViewers)
    .where(and(eq(liveViewers.liveId, liveId), gt(liveViewers.lastPingAt, since)));
  return n;
}

async function stateOf(user: SessionUser | null, row: LiveRow, now: Date): Promise<LiveWatchState> {
  const status = statusAt(row, now);
  const onAir = row.onAirAt != null && !!row.streamName;
  let watchedSeconds = 0;
  let credited = false;
  if (user) {
    const d = await db();
    const [[viewer], [replay]] = await Promise.all([
      d
        .select({ s: liveViewers.watchedSeconds })
        .from(liveViewers)
        .where(and(eq(liveViewers.liveId, row.id), eq(liveViewers.operatorId, user.operatorID))),
      d
        .select({ at: liveReplays.creditedAt })
        .from(liveReplays)
        .where(and(eq(liveReplays.liveId, row.id), eq(liveReplays.operatorId, user.operatorID))),
    ]);
    watchedSeconds = viewer?.s ?? 0;
    credited = replay?.at != null;
  }
  return {
    id: row.id,
    status,
    startsInMs: Math.max(0, row.startAt.getTime() - now.getTime()),
    onAir,
    hlsUrl: onAir && user ? liveHlsUrl(row.streamName!) : null,
    viewers: await viewersOf(row.id, now),
    canStream: await mayStream(user, row),
    recordHours: row.recordHours,
    watchedSeconds,
    credited,
    creditAfterSeconds: creditAfterSeconds(row),
    ...replayInfo(row, status, now),
  };
}

/** Hours after its end that a broadcast class's page says 回放生成中 while its recording is packaged. */
const REPLAY_PENDING_HOURS = 2;

export function replayInfo(
  row: LiveRow,
  status: LiveWatchState['status'],
  now: Date,
): Pick<LiveWatchState, 'replay' | 'replayPending'> {
  const r = status === 'ended' ? replayFrom(row) : null;
  return {
    replay: r ? { duration: r.duration, hls: r.hlsPrefix != null } : null,
    replayPending:
      status === 'ended' &&
      !r &&
      row.broadcastAt != null &&
      now.getTime() - row.endAt.getTime() < REPLAY_PENDING_HOURS * 3_600_000,
  };
}

/** `/api/live/watch`: the class's live state for this viewer (a visitor gets no stream address). */
export async function watchState(
  user: SessionUser | null,
  scope: Scope,
  id: number,
  now: Date = new Date(),
): Promise<LiveWatchState> {
  return stateOf(user, await visibleLive(scope, id), now);
}

/**
 * `/api/live/recordHours`: a signed-in learner's ping while the live stream plays (counted and credited as above);
 * without a session, the class's state as a visitor sees it (its recordHours among it), as before.
 */
export async function recordHours(
  user: SessionUser | null,
  scope: Scope,
  id: number,
  now: Date = new Date(),
): Promise<LiveWatchState> {
  const row = await visibleLive(scope, id);
  if (!user) return stateOf(null, row, now);
  if (row.onAirAt == null || statusAt(row, now) === 'ended') throw new ServiceError(MSG_NOT_ON_AIR, CODE_INVALID);
  const d = await db();
  const [viewer] = await d
    .insert(liveViewers)
    .values({ liveId: row.id, operatorId: user.operatorID, lastPingAt: now, watchedSeconds: 0 })
    .onConflictDoUpdate({
      target: [liveViewers.liveId, liveViewers.operatorId],
      set: {
        // The time since this learner's previous ping (from any tab or instance); nothing after a longer gap (the
        // video was paused, the page closed): the ping after it starts counting again.
        watchedSeconds: sql.raw(
          `"live_viewers"."watched_seconds" + case when ${GAP} between 0 and ${PING_CREDIT_CAP_SECONDS} then ${GAP} else 0 end`,
        ),
        lastPingAt: sql.raw(`greatest(excluded.last_ping_at, "live_viewers"."last_ping_at")`),
      },
    })
    .returning({ watched: liveViewers.watchedSeconds });
  if (viewer.watched >= creditAfterSeconds(row)) await creditOnce(user, row, now);
  return stateOf(user, row, now);
}

/** The class's recordHours for this learner, once (shared with the replay's credit: one row per learner and class). */
async function creditOnce(user: SessionUser, row: LiveRow, now: Date): Promise<void> {
  const today = chinaDate(now);
  await (
    await db()
  ).transaction(async (tx) => {
    const [claimed] = await tx
      .insert(liveReplays)
      .values({ operatorId: user.operatorID, liveId: row.id, startedAt: now, creditedAt: now })
      .onConflictDoUpdate({
        target: [liveReplays.operatorId, liveReplays.liveId],
        set: { creditedAt: now },
        setWhere: isNull(liveReplays.creditedAt),
      })
      .returning({ liveId: liveReplays.liveId });
    if (!claimed || row.recordHours <= 0) return; // credited before (live or replay)
    await tx.insert(studyRecords).values({
      operatorId: user.operatorID,
      year: today.year,
      month: today.month,
      kind: 'online',
      seconds: row.recordHours * 3600,
      createdAt: now,
    });
  });
}

/**
 * `/api/live/finish`: the class's teacher (or a manager) ends a class on air now, before its scheduled end; the page
 * then offers the recording as its replay once it is packaged.
 */
export async function finishClass(
  user: SessionUser,
  scope: Scope,
  id: number,
  now: Date = new Date(),
): Promise<LiveWatchState> {
  const row = await visibleLive(scope, id);
  if (!(await mayStream(user, row))) throw new ServiceError(MSG_NOT_STREAMER, CODE_FORBIDDEN);
  if (statusAt(row, now) !== 'live') throw new ServiceError(MSG_FINISH_NOT_LIVE, CODE_INVALID);
  const [next] = await (
    await db()
  )
    .update(liveClasses)
    .set({ endAt: now, finishedAt: now })
    .where(eq(liveClasses.id, row.id))
    .returning();
  // Finished means over: the key is refused from now on (publishWindow) and the running stream is dropped.
  if (row.onAirAt && row.streamName) await dropPublisher(row.streamName);
  // Answered as from the next instant, when the class has ended.
  return stateOf(user, next, new Date(now.getTime() + 1));
}

/**
 * Watching the recording of an ended live class (SPEC 1: learners study live classes; SPEC 7: recordHours).
 * The recording is the broadcast itself, packaged as HLS by a job once the ingest closed it (recording.ts), or a
 * clip of the media store (the demo classes); signed-in users play it at /media/live/ID (replay-media.ts). Playing
 * it on the page starts the learner's replay (each page's first play starts it again until it is credited); at its
 * end the class's recordHours are credited once, as online study hours of the day, but not before half the
 * recording's length has passed since that start (the player plays at most 2x): a replay skipped to its end earns
 * nothing, also when an earlier play was started long ago. Hours credited for watching live (watching.ts) are the
 * same credit: a class credits once.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { chinaDate } from '@/lib/format';
import type { LiveReplayState } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import { liveClasses, liveReplays, studyRecords } from '@/lib/server/db/schema';
import { CODE_INVALID, notShown, ServiceError } from '@/lib/server/errors';
import { clipFor, type Clip } from '../media/demo-media';
import { publishedTo } from '../audience';
import type { Scope } from '../scope';
import type { SessionUser } from '../accounts/sessions';
import { MSG_NO_REPLAY, MSG_REPLAY_NOT_STARTED, MSG_REPLAY_TOO_SHORT } from '@/lib/contract/live';

/** The player's fastest rate: the least wall-clock time a whole recording takes is its length over this. */
export const REPLAY_MAX_RATE = 2;

export interface Replay {
  id: number;
  recordHours: number;
  /** Seconds of the recording. */
  duration: number;
  /** The broadcast's HLS in the file store (its key prefix), when it was recorded; else the demo clip. */
  hlsPrefix: string | null;
  clip: Clip | null;
}

/**
 * What an ended class offers as its replay: a class that was broadcast, its recording (none until packaged); one
 * never broadcast (the demo classes), its clip of the media store; null when neither.
 */
export function replayFrom(row: {
  recordingPrefix: string;
  recordingSeconds: number;
  replayMedia: string;
  broadcastAt: Date | null;
}): Pick<Replay, 'duration' | 'hlsPrefix' | 'clip'> | null {
  if (row.recordingPrefix) return { duration: row.recordingSeconds, hlsPrefix: row.recordingPrefix, clip: null };
  if (row.broadcastAt) return null;
  const clip = clipFor(row.replayMedia);
  return clip ? { duration: clip.duration, hlsPrefix: null, clip } : null;
}

/** The ended class with a recording, shown on this site; refused otherwise. */
export async function replayOf(scope: Scope, id: number, now: Date = new Date()): Promise<Replay> {
  const d = await db();
  const [row] = await d
    .select({
      id: liveClasses.id,
      endAt: liveClasses.endAt,
      recordHours: liveClasses.recordHours,
      replayMedia: liveClasses.replayMedia,
      recordingPrefix: liveClasses.recordingPrefix,
      recordingSeconds: liveClasses.recordingSeconds,
      broadcastAt: liveClasses.broadcastAt,
    })
    .from(liveClasses)
    .where(and(eq(liveClasses.id, id), publishedTo(liveClasses.audiences, scope.site, scope.platform)));
  if (!row) throw notShown('直播');
  const replay = replayFrom(row);
  if (!replay || row.endAt > now) throw new ServiceError(MSG_NO_REPLAY, CODE_INVALID);
  return { id: row.id, recordHours: row.recordHours, ...replay };
}

async function stateOf(user: SessionUser, r: Replay): Promise<LiveReplayState> {
  const d = await db();
  const [row] = await d
    .select({ startedAt: liveReplays.startedAt, creditedAt: liveReplays.creditedAt })
    .from(liveReplays)
    .where(and(eq(liveReplays.operatorId, user.operatorID), eq(liveReplays.liveId, r.id)));
  return {
    id: r.id,
    recordHours: r.recordHours,
    duration: r.duration,
    started: !!row,
    credited: !!row?.creditedAt,
  };
}

export async function replayState(user: SessionUser, scope: Scope, id: number): Promise<LiveReplayState> {
  return stateOf(user, await replayOf(scope, id));
}

/**
 * The learner plays the recording on a page: their replay starts now. A start before (another page, a reload) no
 * longer counts, or a play begun long ago could be skipped to its end; once credited, nothing changes.
 */
export async function replayStart(
  user: SessionUser,
  scope: Scope,
  id: number,
  now: Date = new Date(),
): Promise<LiveReplayState> {
  const r = await replayOf(scope, id, now);
  const d = await db();
  await d
    .insert(liveReplays)
    .values({ operatorId: user.operatorID, liveId: r.id, startedAt: now })
    .onConflictDoUpdate({
      target: [liveReplays.operatorId, liveReplays.liveId],
      set: { startedAt: now },
      setWhere: isNull(liveReplays.creditedAt),
    });
  return stateOf(user, r);
}

/** The recording played to its end: recordHours credited once (a second finish credits nothing more). */
export async function replayFinish(
  user: SessionUser,
  scope: Scope,
  id: number,
  now: Date = new Date(),
): Promise<LiveReplayState> {
  const r = await replayOf(scope, id, now);
  const d = await db();
  const before = await stateOf(user, r);
  if (!before.started) throw new ServiceError(MSG_REPLAY_NOT_STARTED, CODE_INVALID);
  if (before.credited) return before;
  const least = (r.duration * 1000) / REPLAY_MAX_RATE;
  const today = chinaDate(now);
  await d.transaction(async (tx) => {
    const [claimed] = await tx
      .update(liveReplays)
      .set({ creditedAt: now })
      .where(
        and(eq(liveReplays.operatorId, user.operatorID), eq(liveReplays.liveId, r.id), isNull(liveReplays.creditedAt)),
      )
      .returning({ startedAt: liveReplays.startedAt });
    if (!claimed) return; // credited by a concurrent finish
    if (now.getTime() - claimed.startedAt.getTime() < least) throw new ServiceError(MSG_REPLAY_TOO_SHORT, CODE_INVALID);
    if (r.recordHours > 0) {
      await tx.insert(studyRecords).values({
        operatorId: user.operatorID,
        year: today.year,
        month: today.month,
        kind: 'online',
        seconds: r.recordHours * 3600,
        createdAt: now,
      });
    }
  });
  return stateOf(user, r);
}

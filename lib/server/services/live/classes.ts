/** A live class as the live services read it: visible on the caller's site, with its broadcast columns. */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { liveClasses } from '@/lib/server/db/schema';
import { config } from '@/lib/server/config';
import { notShown } from '@/lib/server/errors';
import { publishedTo } from '../audience';
import { inScope, powerScope } from '../management/powers';
import type { Scope } from '../scope';
import type { SessionUser } from '../accounts/sessions';

export type LiveRow = typeof liveClasses.$inferSelect;
export type LiveStatus = 'upcoming' | 'live' | 'ended';

export function statusAt(row: Pick<LiveRow, 'startAt' | 'endAt'>, now: Date): LiveStatus {
  return row.startAt > now ? 'upcoming' : row.endAt < now ? 'ended' : 'live';
}

/** The class shown on this site; 不存在 otherwise. */
export async function visibleLive(scope: Scope, id: number): Promise<LiveRow> {
  const d = await db();
  const [row] = await d
    .select()
    .from(liveClasses)
    .where(and(eq(liveClasses.id, id), publishedTo(liveClasses.audiences, scope.site, scope.platform)));
  if (!row) throw notShown('直播');
  return row;
}

/**
 * May see and regenerate the class's stream key and finish it: its teacher (the account linked to the class's
 * teacher), or a holder of 直播管理 (live-manage) over the class's organisation (a class of no organisation: over the
 * whole institution).
 */
export async function mayStream(
  user: Pick<SessionUser, 'operatorID' | 'tchrId'> | null,
  row: Pick<LiveRow, 'teacherId' | 'orgId'>,
): Promise<boolean> {
  if (user == null) return false;
  if (user.tchrId != null && user.tchrId === row.teacherId) return true;
  return inScope(await powerScope(user, 'live-manage'), row.orgId);
}

/**
 * The window in which the class's key may publish: its time plus the configured margin on both sides; a class
 * finished early (finishedAt) ends then, with no margin: its teacher said it is over.
 */
export function publishWindow(row: Pick<LiveRow, 'startAt' | 'endAt' | 'finishedAt'>): { from: Date; until: Date } {
  const margin = config().LIVE_PUBLISH_MARGIN_MINUTES * 60_000;
  return {
    from: new Date(row.startAt.getTime() - margin),
    until: row.finishedAt ?? new Date(row.endAt.getTime() + margin),
  };
}

/** The key may publish at `now`: inside the window, the end included. */
export function inPublishWindow(row: Pick<LiveRow, 'startAt' | 'endAt' | 'finishedAt'>, now: Date): boolean {
  const w = publishWindow(row);
  return now >= w.from && now <= w.until;
}

/** Seconds of watching (live) that credit a class's recordHours: half its scheduled length, as a replay at 2x. */
export function creditAfterSeconds(row: Pick<LiveRow, 'startAt' | 'endAt'>): number {
  return Math.max(1, Math.ceil((row.endAt.getTime() - row.startAt.getTime()) / 2000));
}

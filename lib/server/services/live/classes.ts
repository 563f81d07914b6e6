/** A live class as the live services read it: visible on the caller's site, with its broadcast columns. */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { liveClasses } from '@/lib/server/db/schema';
import { config } from '@/lib/server/config';
import { notShown } from '@/lib/server/http/errors';
import { publishedTo } from '../audience';
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

/** Its teacher (the account linked to the class's teacher) or a manager: may see and regenerate the stream key. */
export function mayStream(user: Pick<SessionUser, 'tchrId' | 'cmsRoles'> | null, row: Pick<LiveRow, 'teacherId'>) {
  return user != null && (user.cmsRoles.length > 0 || (user.tchrId != null && user.tchrId === row.teacherId));
}

/** The window in which the class's key may publish: its time plus the configured margin on both sides. */
export function publishWindow(row: Pick<LiveRow, 'startAt' | 'endAt'>): { from: Date; until: Date } {
  const margin = config().LIVE_PUBLISH_MARGIN_MINUTES * 60_000;
  return { from: new Date(row.startAt.getTime() - margin), until: new Date(row.endAt.getTime() + margin) };
}

/** Seconds of watching (live) that credit a class's recordHours: half its scheduled length, as a replay at 2x. */
export function creditAfterSeconds(row: Pick<LiveRow, 'startAt' | 'endAt'>): number {
  return Math.max(1, Math.ceil((row.endAt.getTime() - row.startAt.getTime()) / 2000));
}

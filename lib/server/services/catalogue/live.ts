/** Live class reads: the list (live now, then upcoming, then ended), a class's page and its recorded hours. */
import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { LiveCard, Page } from '@/lib/contract/home';
import type { LiveDetail } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import { liveClasses, teachers } from '@/lib/server/db/schema';
import { notShown } from '@/lib/server/errors';
import { richText } from '@/lib/server/rich-text';
import { publishedTo } from '../audience';
import { type Scope } from '../scope';
import { liveCardColumns } from '../cards';
import { replayInfo } from '../live/watching';
import { iso, offset, page, teacherBriefFields, type Paging } from './shared';

function liveStatus(startAt: Date, endAt: Date, now: Date): LiveCard['status'] {
  return startAt > now ? 'upcoming' : endAt < now ? 'ended' : 'live';
}

export async function liveList(
  scope: Scope,
  q: Paging & { status?: LiveCard['status'] },
  now: Date = new Date(),
): Promise<Page<LiveCard>> {
  const d = await db();
  const statusWhere =
    q.status === 'upcoming'
      ? gt(liveClasses.startAt, now)
      : q.status === 'ended'
        ? lt(liveClasses.endAt, now)
        : q.status === 'live'
          ? and(sql`${liveClasses.startAt} <= ${now}`, sql`${liveClasses.endAt} >= ${now}`)
          : undefined;
  const where = and(publishedTo(liveClasses.audiences, scope.site, scope.platform), statusWhere);
  const [rows, [{ n }]] = await Promise.all([
    d
      .select(liveCardColumns)
      .from(liveClasses)
      .leftJoin(teachers, eq(teachers.id, liveClasses.teacherId))
      .where(where)
      .orderBy(
        sql`case when ${liveClasses.startAt} <= ${now} and ${liveClasses.endAt} >= ${now} then 0 when ${liveClasses.startAt} > ${now} then 1 else 2 end`,
        sql`abs(extract(epoch from (${liveClasses.startAt} - ${now}::timestamptz)))`,
        asc(liveClasses.id),
      )
      .limit(q.pageSize)
      .offset(offset(q)),
    d.select({ n: count() }).from(liveClasses).where(where),
  ]);
  return page(
    rows.map((r) => ({
      ...r,
      startAt: iso(r.startAt),
      endAt: iso(r.endAt),
      status: liveStatus(r.startAt, r.endAt, now),
    })),
    n,
    q,
  );
}

export async function liveDetail(scope: Scope, id: number, now: Date = new Date()): Promise<LiveDetail> {
  const d = await db();
  const [row] = await d
    .select()
    .from(liveClasses)
    .where(and(eq(liveClasses.id, id), publishedTo(liveClasses.audiences, scope.site, scope.platform)));
  if (!row) throw notShown('直播');
  const teacherRows = row.teacherId
    ? await d.select(teacherBriefFields).from(teachers).where(eq(teachers.id, row.teacherId))
    : [];
  const status = liveStatus(row.startAt, row.endAt, now);
  const { replay, replayPending } = replayInfo(row, status, now);
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    teacherName: teacherRows[0]?.name ?? '',
    startAt: iso(row.startAt),
    endAt: iso(row.endAt),
    recordHours: row.recordHours,
    status,
    hasReplay: replay != null,
    summaryHtml: richText(row.summary),
    teacher: teacherRows[0] ?? null,
    replay,
    replayPending,
  };
}

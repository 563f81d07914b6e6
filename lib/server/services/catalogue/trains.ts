/**
 * Training projects and academic reports (SPEC 2.5, 4.4, 7 Train filters): the criteria with counts, the
 * filtered list, the detail with its parts. Enrolment and its review: train-applications.ts.
 */
import { and, asc, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { TRAIN_APPLY_STATUS, TRAIN_TYPES } from '@/lib/constants';
import type { DictionaryItem, Page } from '@/lib/contract/home';
import { invalidFilterMsg, type TrainDetail, type TrainListItem, type TrainTextItem } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import { dictionaries, trainApplications, trainItems, trains } from '@/lib/server/db/schema';
import { CODE_INVALID, notShown, ServiceError } from '@/lib/server/errors';
import { plainText, richText } from '@/lib/server/rich-text';
import { ownAudienceFirst, publishedTo } from '../audience';
import { type Scope } from '../scope';
import { trainCardColumns } from '../cards';
import { page, type Paging } from './shared';
import { visitorApplyStatus } from './train-status';

/** The three train criteria of SPEC 7 and the dictionary each reads. */
export const TRAIN_CRITERIA = {
  trainTypeId: { dictType: 'trainType', column: trains.trainTypeId },
  orgSource: { dictType: 'orgSource', column: trains.orgSource },
  itemType: { dictType: 'itemType', column: trains.itemType },
} as const;
export type TrainCriterion = keyof typeof TRAIN_CRITERIA;

const HOUR = 3_600_000;
export const applyLabel = (status: number) => TRAIN_APPLY_STATUS[status as keyof typeof TRAIN_APPLY_STATUS] ?? '';

/** Beijing month bounds [start, next start) as instants. */
function monthRange(year: number, month: number): [Date, Date] {
  const start = new Date(Date.UTC(year, month - 1, 1) - 8 * HOUR);
  const end = new Date(Date.UTC(month === 12 ? year + 1 : year, month === 12 ? 0 : month, 1) - 8 * HOUR);
  return [start, end];
}

export interface TrainFilters {
  type?: number;
  trainTypeId?: number;
  orgSource?: number;
  itemType?: number;
  year?: number;
  month?: number;
  /** 1 enrollable (status 4), 2 not enrollable. */
  applyState?: 1 | 2;
}

function enrollable(now: Date): SQL {
  return sql`(${trains.applyMode} = 0 and ${trains.applyStartAt} is not null and ${trains.applyEndAt} is not null and ${trains.applyStartAt} <= ${now} and ${trains.applyEndAt} >= ${now})`;
}

/** Each given criterion must be a code of its dictionary (SPEC 7: filters validated against the dictionaries). */
async function checkCriteria(f: TrainFilters): Promise<void> {
  const d = await db();
  for (const key of Object.keys(TRAIN_CRITERIA) as TrainCriterion[]) {
    const code = f[key];
    if (code == null) continue;
    const [hit] = await d
      .select({ code: dictionaries.code })
      .from(dictionaries)
      .where(and(eq(dictionaries.dictType, TRAIN_CRITERIA[key].dictType), eq(dictionaries.code, code)));
    if (!hit) throw new ServiceError(invalidFilterMsg(key), CODE_INVALID);
  }
}

function filterWhere(scope: Scope, f: TrainFilters, now: Date, skip?: TrainCriterion): SQL {
  let period: SQL | undefined;
  if (f.month) {
    const [start, end] = monthRange(
      f.year ?? Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(now)),
      f.month,
    );
    period = and(sql`${trains.startAt} < ${end}`, gte(trains.endAt, start));
  } else if (f.year) {
    const [start] = monthRange(f.year, 1);
    const [, end] = monthRange(f.year, 12);
    period = and(sql`${trains.startAt} < ${end}`, gte(trains.endAt, start));
  }
  return and(
    publishedTo(trains.audiences, scope.site, scope.platform),
    f.type ? eq(trains.type, f.type) : undefined,
    skip !== 'trainTypeId' && f.trainTypeId ? eq(trains.trainTypeId, f.trainTypeId) : undefined,
    skip !== 'orgSource' && f.orgSource ? eq(trains.orgSource, f.orgSource) : undefined,
    skip !== 'itemType' && f.itemType ? eq(trains.itemType, f.itemType) : undefined,
    period,
    f.applyState === 1 ? enrollable(now) : f.applyState === 2 ? sql`not ${enrollable(now)}` : undefined,
  )!;
}

/** A criterion's options with the number of trains each would show under the other filters (label/value/num). */
export async function trainCriteria(
  scope: Scope,
  key: TrainCriterion,
  f: TrainFilters = {},
  now: Date = new Date(),
): Promise<DictionaryItem[]> {
  const d = await db();
  const { dictType, column } = TRAIN_CRITERIA[key];
  const [options, counts] = await Promise.all([
    d
      .select({ name: dictionaries.name, code: dictionaries.code })
      .from(dictionaries)
      .where(eq(dictionaries.dictType, dictType))
      .orderBy(asc(dictionaries.sort)),
    d
      .select({ code: column, n: count() })
      .from(trains)
      .where(filterWhere(scope, f, now, key))
      .groupBy(column),
  ]);
  const byCode = new Map(counts.map((c) => [c.code, c.n]));
  return options.map((o) => ({ ...o, count: byCode.get(o.code) ?? 0 }));
}

const listFields = {
  ...trainCardColumns,
  summary: trains.summary,
  trainTypeId: trains.trainTypeId,
  orgSource: trains.orgSource,
  itemType: trains.itemType,
};

type ListRow = {
  [K in keyof typeof listFields]: K extends 'startAt' | 'endAt'
    ? Date
    : K extends 'applyStartAt' | 'applyEndAt'
      ? Date | null
      : K extends 'title' | 'cover' | 'orgName' | 'summary'
        ? string
        : K extends 'isOnline'
          ? boolean
          : number;
};

async function dictNames(): Promise<Record<string, Map<number, string>>> {
  const d = await db();
  const rows = await d
    .select({ dictType: dictionaries.dictType, code: dictionaries.code, name: dictionaries.name })
    .from(dictionaries)
    .where(sql`${dictionaries.dictType} in ('trainType', 'orgSource', 'itemType')`);
  const out: Record<string, Map<number, string>> = { trainType: new Map(), orgSource: new Map(), itemType: new Map() };
  for (const r of rows) out[r.dictType].set(r.code, r.name);
  return out;
}

function toListItem(r: ListRow, names: Record<string, Map<number, string>>, now: Date): TrainListItem {
  return {
    id: r.id,
    title: r.title,
    type: r.type,
    cover: r.cover,
    orgName: r.orgName,
    isOnline: r.isOnline,
    hours: r.hours,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    applyStatus: visitorApplyStatus(r, now),
    summary: plainText(r.summary, 90),
    trainTypeName: names.trainType.get(r.trainTypeId) ?? '',
    orgSourceName: names.orgSource.get(r.orgSource) ?? '',
    itemTypeName: names.itemType.get(r.itemType) ?? '',
    applyStartAt: r.applyStartAt?.toISOString() ?? null,
    applyEndAt: r.applyEndAt?.toISOString() ?? null,
  };
}

export async function trainList(
  scope: Scope,
  q: Paging & TrainFilters,
  now: Date = new Date(),
): Promise<Page<TrainListItem>> {
  await checkCriteria(q);
  const d = await db();
  const where = filterWhere(scope, q, now);
  const [rows, [{ n }], names] = await Promise.all([
    d
      .select(listFields)
      .from(trains)
      .where(where)
      .orderBy(ownAudienceFirst(trains.audiences, scope.site), desc(trains.startAt), desc(trains.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    d.select({ n: count() }).from(trains).where(where),
    dictNames(),
  ]);
  return page(
    rows.map((r) => toListItem(r, names, now)),
    n,
    q,
  );
}

/** A train published to the scope's site; any other id is refused as not found (notShown). */
export async function visibleTrain(scope: Scope, id: number) {
  const d = await db();
  const [row] = await d
    .select({ ...listFields, capacity: trains.capacity })
    .from(trains)
    .where(and(eq(trains.id, id), publishedTo(trains.audiences, scope.site, scope.platform)));
  if (!row) throw notShown('培训项目');
  return row;
}

const textItem = (r: { id: number; sort: number; title: string; body: string }): TrainTextItem => ({
  id: r.id,
  sort: r.sort,
  title: r.title,
  bodyHtml: richText(r.body),
});
const scheduleItem = (r: typeof trainItems.$inferSelect) => ({
  id: r.id,
  sort: r.sort,
  title: r.title,
  teacherName: r.teacherName,
  place: r.place,
  startAt: r.startAt?.toISOString() ?? null,
  endAt: r.endAt?.toISOString() ?? null,
});

export async function trainItemsOf(
  scope: Scope,
  trainId: number,
  kind: 'schedule' | 'assignment' | 'album' | 'summary',
) {
  await visibleTrain(scope, trainId);
  const d = await db();
  return d
    .select()
    .from(trainItems)
    .where(and(eq(trainItems.trainId, trainId), eq(trainItems.kind, kind)))
    .orderBy(asc(trainItems.sort), asc(trainItems.id));
}

export async function trainSchedule(scope: Scope, trainId: number) {
  return (await trainItemsOf(scope, trainId, 'schedule')).map(scheduleItem);
}
export async function trainAssignments(scope: Scope, trainId: number) {
  return (await trainItemsOf(scope, trainId, 'assignment')).map(textItem);
}
export async function trainSummaries(scope: Scope, trainId: number) {
  return (await trainItemsOf(scope, trainId, 'summary')).map(textItem);
}
export async function trainAlbums(scope: Scope, trainId: number) {
  return (await trainItemsOf(scope, trainId, 'album')).map((r) => ({ id: r.id, title: r.title, imageUrl: r.imageUrl }));
}

export async function trainDetail(scope: Scope, id: number, now: Date = new Date()): Promise<TrainDetail> {
  const row = await visibleTrain(scope, id);
  const d = await db();
  const [names, items, [apps]] = await Promise.all([
    dictNames(),
    d
      .select()
      .from(trainItems)
      .where(eq(trainItems.trainId, id))
      .orderBy(asc(trainItems.kind), asc(trainItems.sort), asc(trainItems.id)),
    d
      .select({ all: count(), approved: sql<number>`count(*) filter (where ${trainApplications.status} = 7)::int` })
      .from(trainApplications)
      .where(eq(trainApplications.trainId, id)),
  ]);
  const of = (kind: string) => items.filter((i) => i.kind === kind);
  return {
    ...toListItem(row, names, now),
    summaryHtml: richText(row.summary),
    capacity: row.capacity,
    applicantCount: apps.all,
    studentCount: Number(apps.approved),
    schedule: of('schedule').map(scheduleItem),
    assignments: of('assignment').map(textItem),
    albums: of('album').map((r) => ({ id: r.id, title: r.title, imageUrl: r.imageUrl })),
    summaries: of('summary').map(textItem),
  };
}

export const TRAIN_TYPE_CODES = TRAIN_TYPES.map((t) => t.code);

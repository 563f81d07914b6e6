/**
 * 系列专题管理 (issue 25; SPEC 7 series add, update, delete, publish status, items). Who: the series' creator (a
 * teacher manages their own), or a holder of the power "series-manage" over its unit (a series of the whole
 * institution, org null, needs the power over the whole institution).
 *
 * Unpublished is an empty `audiences`: every reader of the catalogue (lists, detail, home module, sitemap, search,
 * spaces) already shows only what is published to its site's audiences, so none of them needs to learn a status.
 * The sites chosen in the form live in `target_audiences` and are copied by 发布. Every write revalidates the
 * series' cache tags, so cached pages show it at once.
 */
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import {
  MSG_SERIES_COURSE_EXISTS,
  MSG_SERIES_COURSE_MISSING,
  MSG_SERIES_COURSE_NOT_FOUND,
  MSG_SERIES_COVER,
  MSG_SERIES_DELETE_ENROLLED,
  MSG_SERIES_DELETE_PUBLISHED,
  MSG_SERIES_NO_CREATE,
  MSG_SERIES_NOT_FOUND,
  MSG_SERIES_NOT_YOURS,
  MSG_SERIES_ORDER_MISMATCH,
  MSG_SERIES_PUBLISH_EMPTY,
  SERIES_FULL_MSG,
  SERIES_MAX_COURSES,
  type ManagedSeries,
  type ManagedSeriesPage,
  type SeriesCourseOption,
  type SeriesItem,
} from '@/lib/contract/series-admin';
import type { Audience } from '@/lib/contract/audiences';
import { WHOLE_INSTITUTION } from '@/lib/contract/management';
import type { Page } from '@/lib/contract/home';
import { db } from '@/lib/server/db';
import {
  certificates,
  courses,
  operators,
  orgs,
  series,
  seriesCourses,
  seriesEnrolments,
  teachers,
} from '@/lib/server/db/schema';
import { CODE_FORBIDDEN, CODE_NOT_FOUND, ServiceError } from '@/lib/server/errors';
import type { SessionUser } from '../accounts/sessions';
import { PUBLISHED } from '../audience';
import { inScope, orgInScope, powerScope, requirePower, type PowerScope } from './powers';
import { fileByUrl, userHasFile } from '../spaces/uploads/access';
import { revalidateSeries } from '../catalogue/revalidate';

const POWER = 'series-manage' as const;
type Who = SessionUser;

export interface SeriesFormValues {
  title: string;
  summary: string;
  cover: string;
  audiences: Audience[];
  isRecommended?: boolean;
  orgId?: number | null;
}

const published = sql<boolean>`cardinality(${series.audiences}) > 0`;

const managedFields = {
  id: series.id,
  title: series.title,
  cover: series.cover,
  summary: series.summary,
  audiences: series.targetAudiences,
  isRecommended: series.isRecommended,
  published,
  publishedAt: series.publishedAt,
  orgId: series.orgId,
  creatorId: series.creatorId,
  orgName: sql<string>`coalesce((select o.name from ${orgs} o where o.id = ${series.orgId}), ${WHOLE_INSTITUTION})`,
  creatorName: sql<string>`coalesce((select op.name from ${operators} op where op.id = ${series.creatorId}), '')`,
  courseCount: sql<number>`(select count(*)::int from ${seriesCourses} sc where sc.series_id = ${series.id})`,
  enrolCount: sql<number>`(select count(*)::int from ${seriesEnrolments} se where se.series_id = ${series.id})`,
};

type ManagedRow = {
  [K in keyof typeof managedFields]: unknown;
};

function toManaged(r: ManagedRow): ManagedSeries {
  const isPublished = Boolean(r.published);
  const enrolCount = Number(r.enrolCount);
  return {
    id: Number(r.id),
    title: String(r.title),
    cover: String(r.cover),
    summary: String(r.summary),
    audiences: r.audiences as Audience[],
    isRecommended: Boolean(r.isRecommended),
    published: isPublished,
    publishedAt: isPublished ? new Date(r.publishedAt as Date).toISOString() : null,
    courseCount: Number(r.courseCount),
    enrolCount,
    orgId: r.orgId == null ? null : Number(r.orgId),
    orgName: String(r.orgName),
    creatorName: String(r.creatorName),
    deletable: !isPublished && enrolCount === 0,
  };
}

async function managedById(id: number): Promise<ManagedSeries> {
  const d = await db();
  const [row] = await d.select(managedFields).from(series).where(eq(series.id, id));
  if (!row) throw new ServiceError(MSG_SERIES_NOT_FOUND, CODE_NOT_FOUND);
  return toManaged(row);
}

/**
 * The series, when the user may manage it: its creator, or the power over its unit. Refusals say no more than
 * 1003 (a manager of unit A learns nothing of unit B's series but that it is not theirs).
 */
async function manageable(user: Who, id: number) {
  const d = await db();
  const [row] = await d
    .select({ id: series.id, creatorId: series.creatorId, orgId: series.orgId, published })
    .from(series)
    .where(eq(series.id, id));
  if (!row) throw new ServiceError(MSG_SERIES_NOT_FOUND, CODE_NOT_FOUND);
  const scope = await powerScope(user, POWER);
  if (row.creatorId === user.operatorID || inScope(scope, row.orgId)) return { ...row, scope };
  throw new ServiceError(MSG_SERIES_NOT_YOURS, CODE_FORBIDDEN);
}

const hasAny = (s: PowerScope) => s.all || s.orgIds.length > 0;

async function ownOrgId(user: Who): Promise<number | null> {
  const d = await db();
  const [me] = await d.select({ orgId: operators.orgId }).from(operators).where(eq(operators.id, user.operatorID));
  return me?.orgId ?? null;
}

/** The unit a new series gets: the chosen one (within the scope), else the manager's own, else the teacher's own. */
async function unitFor(user: Who, scope: PowerScope, chosen: number | null | undefined): Promise<number | null> {
  if (chosen !== undefined) {
    await requirePower(user, POWER, chosen);
    return chosen;
  }
  const own = await ownOrgId(user);
  if (!hasAny(scope)) return own;
  if (scope.all) return null;
  return own !== null && scope.orgIds.includes(own) ? own : scope.orgIds[0];
}

/**
 * A new cover must be an image the user uploaded (a published series' cover is served to anyone, so naming another
 * user's file must not publish it), or one of the demo covers.
 */
async function checkCover(user: Who, cover: string, current = ''): Promise<void> {
  if (!cover || cover === current || cover.startsWith('/covers/')) return;
  const file = await fileByUrl(cover);
  if (!file || file.kind !== 'image') throw new ServiceError(MSG_SERIES_COVER);
  await userHasFile(user, file.id);
}

/** The series the user may manage: their own and those of the units of their power, newest first. */
export async function manageList(
  user: Who,
  q: { pageNum: number; pageSize: number; status: 'all' | 'draft' | 'published' },
): Promise<ManagedSeriesPage> {
  const scope = await powerScope(user, POWER);
  const d = await db();
  const mine = eq(series.creatorId, user.operatorID);
  const reach: SQL = hasAny(scope) ? sql`(${mine} or ${orgInScope(scope, series.orgId)})` : mine;
  const where = and(
    reach,
    q.status === 'draft'
      ? sql`cardinality(${series.audiences}) = 0`
      : q.status === 'published'
        ? sql`cardinality(${series.audiences}) > 0`
        : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    d
      .select(managedFields)
      .from(series)
      .where(where)
      .orderBy(desc(series.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    d.select({ n: count() }).from(series).where(where),
  ]);
  return {
    list: rows.map(toManaged),
    total: Number(n),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    canCreate: user.tchrId != null || hasAny(scope),
  };
}

/** One series for its form. */
export async function manageDetail(user: Who, id: number): Promise<ManagedSeries> {
  await manageable(user, id);
  return managedById(id);
}

/** 新建: a draft (unpublished), made by a teacher or a holder of the power. */
export async function addSeries(user: Who, b: SeriesFormValues): Promise<ManagedSeries> {
  const scope = await powerScope(user, POWER);
  if (user.tchrId == null && !hasAny(scope)) throw new ServiceError(MSG_SERIES_NO_CREATE, CODE_FORBIDDEN);
  const orgId = await unitFor(user, scope, hasAny(scope) ? b.orgId : undefined);
  await checkCover(user, b.cover);
  const d = await db();
  const [row] = await d
    .insert(series)
    .values({
      title: b.title,
      summary: b.summary,
      cover: b.cover,
      targetAudiences: b.audiences,
      audiences: [],
      isRecommended: inScope(scope, orgId) ? (b.isRecommended ?? false) : false,
      creatorId: user.operatorID,
      orgId,
    })
    .returning({ id: series.id });
  // A draft is on no page, but its id is now taken: nothing cached names it yet.
  return managedById(row.id);
}

/** 保存: the form's fields; a published series shows the new ones at once (its sites too). */
export async function updateSeries(user: Who, b: SeriesFormValues & { id: number }): Promise<ManagedSeries> {
  const row = await manageable(user, b.id);
  const d = await db();
  const [current] = await d.select({ cover: series.cover }).from(series).where(eq(series.id, b.id));
  await checkCover(user, b.cover, current?.cover);
  let orgId = row.orgId;
  // Only a holder of the power moves a series to another unit, within the scope (both ends).
  if (b.orgId !== undefined && b.orgId !== row.orgId && inScope(row.scope, row.orgId)) {
    await requirePower(user, POWER, b.orgId);
    orgId = b.orgId;
  }
  const canRecommend = inScope(row.scope, orgId);
  await d
    .update(series)
    .set({
      title: b.title,
      summary: b.summary,
      cover: b.cover,
      targetAudiences: b.audiences,
      orgId,
      ...(row.published ? { audiences: b.audiences } : {}),
      ...(canRecommend && b.isRecommended !== undefined ? { isRecommended: b.isRecommended } : {}),
    })
    .where(eq(series.id, b.id));
  await revalidateSeries(b.id);
  return managedById(b.id);
}

/**
 * 删除: only an unpublished series nobody joined. A published one is unpublished first (so no click removes a
 * public page at once); one with enrolments or certificates keeps the learners' records and can only be unpublished.
 */
export async function deleteSeries(user: Who, id: number): Promise<{ removed: true }> {
  const row = await manageable(user, id);
  if (row.published) throw new ServiceError(MSG_SERIES_DELETE_PUBLISHED);
  const d = await db();
  const [[{ n }], [cert]] = await Promise.all([
    d.select({ n: count() }).from(seriesEnrolments).where(eq(seriesEnrolments.seriesId, id)),
    d
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.kind, 'series'), eq(certificates.refId, id)))
      .limit(1),
  ]);
  if (n > 0 || cert) throw new ServiceError(MSG_SERIES_DELETE_ENROLLED);
  await d.delete(series).where(eq(series.id, id));
  await revalidateSeries(id);
  return { removed: true };
}

/** 发布 / 取消发布 (SPEC 7 publish status). Publishing needs at least one course; it dates the series now. */
export async function setPublishStatus(user: Who, b: { id: number; published: boolean }): Promise<ManagedSeries> {
  const row = await manageable(user, b.id);
  const d = await db();
  if (b.published && !row.published) {
    const [{ n }] = await d.select({ n: count() }).from(seriesCourses).where(eq(seriesCourses.seriesId, b.id));
    if (n === 0) throw new ServiceError(MSG_SERIES_PUBLISH_EMPTY);
    await d
      .update(series)
      .set({ audiences: sql`${series.targetAudiences}`, publishedAt: new Date() })
      .where(eq(series.id, b.id));
  } else if (!b.published && row.published) {
    await d.update(series).set({ audiences: [] }).where(eq(series.id, b.id));
  }
  await revalidateSeries(b.id);
  return managedById(b.id);
}

/** The courses of a series in order, for its manager (those no longer published included, marked). */
export async function seriesItems(user: Who, seriesId: number): Promise<SeriesItem[]> {
  await manageable(user, seriesId);
  return itemsOf(seriesId);
}

async function itemsOf(seriesId: number): Promise<SeriesItem[]> {
  const d = await db();
  const rows = await d
    .select({
      courseId: courses.id,
      title: courses.title,
      cover: courses.cover,
      teacherName: sql<string>`coalesce(${teachers.name}, '')`,
      visible: sql<boolean>`${courses.auditStatus} = ${PUBLISHED} and cardinality(${courses.audiences}) > 0`,
    })
    .from(seriesCourses)
    .innerJoin(courses, eq(courses.id, seriesCourses.courseId))
    .leftJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(eq(seriesCourses.seriesId, seriesId))
    .orderBy(asc(seriesCourses.sort), asc(courses.id));
  return rows.map((r) => ({ ...r, visible: Boolean(r.visible) }));
}

/** The course count the cards of spaces read from the row. */
async function recount(seriesId: number): Promise<void> {
  const d = await db();
  await d
    .update(series)
    .set({
      courseCount: sql`(select count(*)::int from ${seriesCourses} sc where sc.series_id = ${seriesId})`,
    })
    .where(eq(series.id, seriesId));
}

/** Adds a published course at the end. */
export async function addItem(user: Who, b: { seriesId: number; courseId: number }): Promise<SeriesItem[]> {
  await manageable(user, b.seriesId);
  const d = await db();
  const [course] = await d
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, b.courseId), eq(courses.auditStatus, PUBLISHED)));
  if (!course) throw new ServiceError(MSG_SERIES_COURSE_NOT_FOUND, CODE_NOT_FOUND);
  const [{ n, last }] = await d
    .select({ n: count(), last: sql<number>`coalesce(max(${seriesCourses.sort}), 0)::int` })
    .from(seriesCourses)
    .where(eq(seriesCourses.seriesId, b.seriesId));
  if (n >= SERIES_MAX_COURSES) throw new ServiceError(SERIES_FULL_MSG);
  const inserted = await d
    .insert(seriesCourses)
    .values({ seriesId: b.seriesId, courseId: b.courseId, sort: Number(last) + 1 })
    .onConflictDoNothing()
    .returning({ c: seriesCourses.courseId });
  if (inserted.length === 0) throw new ServiceError(MSG_SERIES_COURSE_EXISTS);
  await recount(b.seriesId);
  await revalidateSeries(b.seriesId);
  return itemsOf(b.seriesId);
}

export async function removeItem(user: Who, b: { seriesId: number; courseId: number }): Promise<SeriesItem[]> {
  await manageable(user, b.seriesId);
  const d = await db();
  const gone = await d
    .delete(seriesCourses)
    .where(and(eq(seriesCourses.seriesId, b.seriesId), eq(seriesCourses.courseId, b.courseId)))
    .returning({ c: seriesCourses.courseId });
  if (gone.length === 0) throw new ServiceError(MSG_SERIES_COURSE_MISSING);
  await recount(b.seriesId);
  await revalidateSeries(b.seriesId);
  return itemsOf(b.seriesId);
}

/** The new order: exactly the series' courses, each once (a stale list from another tab is refused, not merged). */
export async function orderItems(user: Who, b: { seriesId: number; courseIds: number[] }): Promise<SeriesItem[]> {
  await manageable(user, b.seriesId);
  const d = await db();
  const current = await d
    .select({ c: seriesCourses.courseId })
    .from(seriesCourses)
    .where(eq(seriesCourses.seriesId, b.seriesId));
  const have = new Set(current.map((r) => r.c));
  const given = new Set(b.courseIds);
  if (given.size !== b.courseIds.length || given.size !== have.size || b.courseIds.some((c) => !have.has(c)))
    throw new ServiceError(MSG_SERIES_ORDER_MISMATCH);
  await d.execute(sql`update ${seriesCourses} sc set sort = v.ord
    from unnest(${sql.raw(`'{${b.courseIds.map(Number).join(',')}}'::int[]`)}) with ordinality as v(course_id, ord)
    where sc.series_id = ${b.seriesId} and sc.course_id = v.course_id`);
  await revalidateSeries(b.seriesId);
  return itemsOf(b.seriesId);
}

/** The picker: published courses whose title holds the words, newest first (for a teacher or a holder of the power). */
export async function courseOptions(
  user: Who,
  q: { key: string; pageNum: number; pageSize: number },
): Promise<Page<SeriesCourseOption>> {
  const scope = await powerScope(user, POWER);
  if (user.tchrId == null && !hasAny(scope)) throw new ServiceError(MSG_SERIES_NO_CREATE, CODE_FORBIDDEN);
  const d = await db();
  const words = q.key.split(/\s+/).filter(Boolean).slice(0, 5);
  const where = and(
    eq(courses.auditStatus, PUBLISHED),
    sql`cardinality(${courses.audiences}) > 0`,
    ...words.map((w) => ilike(courses.title, `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)),
  );
  const [rows, [{ n }]] = await Promise.all([
    d
      .select({
        id: courses.id,
        title: courses.title,
        cover: courses.cover,
        teacherName: sql<string>`coalesce(${teachers.name}, '')`,
      })
      .from(courses)
      .leftJoin(teachers, eq(teachers.id, courses.teacherId))
      .where(where)
      .orderBy(desc(courses.publishedAt), desc(courses.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    d.select({ n: count() }).from(courses).where(where),
  ]);
  return { list: rows, total: Number(n), pageNum: q.pageNum, pageSize: q.pageSize };
}

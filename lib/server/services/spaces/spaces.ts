/**
 * Teacher, student, organisation and institution spaces (SPEC 2.1 /space, 6, 7 "organisation and user
 * spaces: privacy, business card, follow and fans, top; comments"). A space is public; only its owner
 * changes its privacy and pinned items; any signed-in user follows it and comments on it.
 */
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { COURSE_CATEGORIES } from '@/lib/constants';
import type { CourseCard, Page, SeriesCard } from '@/lib/contract/home';
import type {
  FollowState,
  SpaceCard,
  SpaceComment,
  SpaceDetail,
  SpaceKind,
  SpacePerson,
  SpacePrivacy,
  SpaceTopItem,
} from '@/lib/contract/spaces';
import { SPACE_LIST_SIZE as LIST_SIZE } from '@/lib/spaces/links';
import { VARIANTS, type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import {
  courseEnrolments,
  courses,
  operators,
  orgs,
  series,
  seriesCourses,
  spaceComments,
  spaceFollows,
  spacePrivacy,
  spaceTops,
  teachers,
} from '@/lib/server/db/schema';
import { CODE_FORBIDDEN, CODE_NOT_FOUND, ServiceError } from '@/lib/server/errors';
import { TAGS } from '@/lib/cache-tags';
import { invalidate } from '@/lib/server/cache';
import { publishedTo } from '../audience';
import type { SessionUser } from '../accounts/sessions';
import { courseCardColumns } from '../cards';
import {
  PIN_OWN_COURSES_ONLY_MSG,
  COMMENT_MISSING_MSG,
  SPACE_NOT_FOUND_MSG,
  NOT_OWNER_MSG,
  FOLLOW_SELF_MSG,
  COMMENT_EMPTY_MSG,
  COMMENT_NOT_YOURS_MSG,
  COMMENT_MAX,
  COMMENT_TOO_LONG_MSG,
} from '@/lib/contract/spaces';
import { MSG_SERIES_NOT_FOUND } from '@/lib/contract/series-admin';

/**
 * Shown on this host: what its own catalogue pages show. A platform host (the party school's) shows its own
 * audience only (its detail pages call /api/platform/), so a space there lists nothing whose page answers 404.
 */
const onHost = (column: Parameters<typeof publishedTo>[0], site: Site) =>
  publishedTo(column, site, VARIANTS[site.variant].platform);

const categoryName = (code: number) => COURSE_CATEGORIES.find((c) => c.code === code)?.name ?? '';
const ORG_KINDS: Record<number, string> = { 1: '研究所', 2: '职能部门', 3: '高校' };
const DEFAULT_PRIVACY: SpacePrivacy = { showCreated: true, showStudied: true, showFollows: true, showFans: true };

export interface SpaceRef {
  kind: SpaceKind;
  id: number;
}

interface Owner {
  card: SpaceCard;
  operatorId: number | null;
  /** Courses the owner made (taught or created in the creation centre). */
  createdWhere: SQL | null;
}

/** The cached pages that show a space; revalidated after a write that changes them. */
export async function revalidateSpace(ref: SpaceRef): Promise<void> {
  await invalidate(TAGS.space(ref.kind, ref.id));
}

async function loadOwner(ref: SpaceRef): Promise<Owner> {
  const d = await db();
  if (ref.kind === 'teacher') {
    const [t] = await d.select().from(teachers).where(eq(teachers.id, ref.id)).limit(1);
    if (!t) throw new ServiceError(SPACE_NOT_FOUND_MSG, CODE_NOT_FOUND);
    const [op] = await d.select({ id: operators.id }).from(operators).where(eq(operators.tchrId, t.id)).limit(1);
    return {
      card: {
        kind: 'teacher',
        id: t.id,
        name: t.name,
        avatar: t.avatar,
        subtitle: [t.title, t.orgName].filter(Boolean).join(' · '),
        intro: t.intro,
        tags: [t.type === 1 ? '院内师资' : '院外师资', t.field].filter(Boolean),
      },
      operatorId: op?.id ?? null,
      createdWhere: op ? or(eq(courses.teacherId, t.id), eq(courses.creatorId, op.id))! : eq(courses.teacherId, t.id),
    };
  }
  if (ref.kind === 'student') {
    const [o] = await d
      .select({
        id: operators.id,
        name: operators.name,
        headPic: operators.headPic,
        remark: operators.remark,
        tchrId: operators.tchrId,
        orgName: orgs.name,
      })
      .from(operators)
      .leftJoin(orgs, eq(orgs.id, operators.orgId))
      .where(eq(operators.id, ref.id))
      .limit(1);
    if (!o) throw new ServiceError(SPACE_NOT_FOUND_MSG, CODE_NOT_FOUND);
    return {
      card: {
        kind: 'student',
        id: o.id,
        name: o.name,
        avatar: o.headPic || '/avatars/default.svg',
        subtitle: o.orgName ?? '',
        intro: '',
        tags: o.remark ? [o.remark] : [],
      },
      operatorId: o.id,
      createdWhere: eq(courses.creatorId, o.id),
    };
  }
  const [org] = await d.select().from(orgs).where(eq(orgs.id, ref.id)).limit(1);
  if (!org) throw new ServiceError(SPACE_NOT_FOUND_MSG, CODE_NOT_FOUND);
  const [members] = await d.select({ n: count() }).from(operators).where(eq(operators.orgId, org.id));
  return {
    card: {
      kind: 'org',
      id: org.id,
      name: org.name,
      avatar: '',
      subtitle: ORG_KINDS[org.kind] ?? '',
      intro: `${org.name}共有${members?.n ?? 0}名学员在本平台学习。`,
      // Its kind is the subtitle already: a tag would say it twice.
      tags: [],
    },
    operatorId: null,
    // The organisation's courses: those its teachers teach and its members created.
    createdWhere: or(
      inArray(courses.teacherId, d.select({ id: teachers.id }).from(teachers).where(eq(teachers.orgName, org.name))),
      inArray(courses.creatorId, d.select({ id: operators.id }).from(operators).where(eq(operators.orgId, org.id))),
    )!,
  };
}

async function privacyOf(operatorId: number | null): Promise<SpacePrivacy> {
  if (operatorId == null) return DEFAULT_PRIVACY;
  const d = await db();
  const [row] = await d.select().from(spacePrivacy).where(eq(spacePrivacy.operatorId, operatorId)).limit(1);
  return row
    ? {
        showCreated: row.showCreated,
        showStudied: row.showStudied,
        showFollows: row.showFollows,
        showFans: row.showFans,
      }
    : DEFAULT_PRIVACY;
}

async function courseCards(where: SQL, site: Site, limit = LIST_SIZE, offset = 0): Promise<CourseCard[]> {
  const d = await db();
  const rows = await d
    .select(courseCardColumns)
    .from(courses)
    .leftJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(and(where, eq(courses.auditStatus, 1052), onHost(courses.audiences, site)))
    .orderBy(desc(courses.publishedAt), desc(courses.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, categoryName: categoryName(r.categoryCode) }));
}

async function countCourses(where: SQL, site: Site): Promise<number> {
  const d = await db();
  const [r] = await d
    .select({ n: count() })
    .from(courses)
    .where(and(where, eq(courses.auditStatus, 1052), onHost(courses.audiences, site)));
  return Number(r?.n ?? 0);
}

/** Courses a learner has chosen (选学). For an organisation: those its members chose most. */
function studiedWhere(ref: SpaceRef, operatorId: number | null): SQL | null {
  if (ref.kind === 'org') {
    return sql`${courses.id} in (select e.course_id from course_enrolments e join operators o on o.id = e.operator_id where o.org_id = ${ref.id})`;
  }
  if (operatorId == null) return null;
  return inArray(
    courses.id,
    sql`(select ${courseEnrolments.courseId} from ${courseEnrolments} where ${courseEnrolments.operatorId} = ${operatorId})`,
  );
}

async function seriesCards(courseWhere: SQL, site: Site, limit = 8): Promise<SeriesCard[]> {
  const d = await db();
  return d
    .select({
      id: series.id,
      title: series.title,
      cover: series.cover,
      summary: series.summary,
      courseCount: series.courseCount,
      studyCount: series.studyCount,
    })
    .from(series)
    .where(
      and(
        onHost(series.audiences, site),
        inArray(
          series.id,
          d
            .select({ id: seriesCourses.seriesId })
            .from(seriesCourses)
            .innerJoin(courses, eq(courses.id, seriesCourses.courseId))
            .where(courseWhere),
        ),
      ),
    )
    .orderBy(desc(series.publishedAt), desc(series.id))
    .limit(limit);
}

type ListParts = { visible: SQL[]; hidden: SQL[] };

/** The course lists of a space a visitor sees and those its owner keeps private, as course conditions. */
function listParts(
  createdWhere: SQL | null,
  studied: SQL | null,
  shown: { showCreated: boolean; showStudied: boolean },
): ListParts {
  const lists: [SQL | null, boolean][] = [
    [createdWhere, shown.showCreated],
    [studied, shown.showStudied],
  ];
  const pick = (on: boolean) => lists.filter(([w, s]) => w && s === on).map(([w]) => w!);
  return { visible: pick(true), hidden: pick(false) };
}

/**
 * The pinned items. For anyone but the owner (all: false), an item that belongs to a list the owner keeps private
 * (a course of that list, a series holding its courses) and to no list shown is left out; for the owner such an
 * item is marked hidden.
 */
async function topItems(ref: SpaceRef, site: Site, parts: ListParts, all: boolean): Promise<SpaceTopItem[]> {
  const d = await db();
  const pins = await d
    .select()
    .from(spaceTops)
    .where(and(eq(spaceTops.ownerKind, ref.kind), eq(spaceTops.ownerId, ref.id)))
    .orderBy(desc(spaceTops.createdAt));
  const courseIds = pins.filter((p) => p.itemType === 'course').map((p) => p.itemId);
  const seriesIds = pins.filter((p) => p.itemType === 'series').map((p) => p.itemId);
  const [cs, ss, privateCourses, privateSeries] = await Promise.all([
    courseIds.length ? courseCards(inArray(courses.id, courseIds), site, 50) : Promise.resolve([]),
    seriesIds.length
      ? d
          .select({
            id: series.id,
            title: series.title,
            cover: series.cover,
            summary: series.summary,
            courseCount: series.courseCount,
            studyCount: series.studyCount,
          })
          .from(series)
          .where(and(inArray(series.id, seriesIds), onHost(series.audiences, site)))
      : Promise.resolve([]),
    privatePins('course', courseIds, parts),
    privatePins('series', seriesIds, parts),
  ]);
  const out: SpaceTopItem[] = [];
  for (const p of pins) {
    const hidden = (p.itemType === 'course' ? privateCourses : privateSeries).has(p.itemId);
    if (hidden && !all) continue;
    const course = p.itemType === 'course' ? cs.find((x) => x.id === p.itemId) : undefined;
    const serie = p.itemType === 'series' ? ss.find((x) => x.id === p.itemId) : undefined;
    const item: SpaceTopItem | null = course
      ? { itemType: 'course', course }
      : serie
        ? { itemType: 'series', series: serie }
        : null;
    if (item) out.push(hidden ? { ...item, hidden: true } : item);
  }
  return out;
}

/** Of the pinned ids, those in a private list and in no list shown (series: by the courses they hold). */
async function privatePins(kind: 'course' | 'series', ids: number[], parts: ListParts): Promise<Set<number>> {
  if (ids.length === 0 || parts.hidden.length === 0) return new Set();
  const d = await db();
  const matching = async (where: SQL[]): Promise<Set<number>> => {
    if (where.length === 0) return new Set();
    const rows =
      kind === 'course'
        ? await d
            .select({ id: courses.id })
            .from(courses)
            .where(and(inArray(courses.id, ids), or(...where)))
        : await d
            .selectDistinct({ id: seriesCourses.seriesId })
            .from(seriesCourses)
            .innerJoin(courses, eq(courses.id, seriesCourses.courseId))
            .where(and(inArray(seriesCourses.seriesId, ids), or(...where)));
    return new Set(rows.map((r) => r.id));
  };
  const [hidden, visible] = await Promise.all([matching(parts.hidden), matching(parts.visible)]);
  return new Set([...hidden].filter((id) => !visible.has(id)));
}

async function followCounts(ref: SpaceRef, operatorId: number | null): Promise<{ fans: number; follows: number }> {
  const d = await db();
  const [fans] = await d
    .select({ n: count() })
    .from(spaceFollows)
    .where(and(eq(spaceFollows.targetKind, ref.kind), eq(spaceFollows.targetId, ref.id)));
  const follows =
    operatorId == null
      ? [{ n: 0 }]
      : await d.select({ n: count() }).from(spaceFollows).where(eq(spaceFollows.followerId, operatorId));
  return { fans: Number(fans?.n ?? 0), follows: Number(follows[0]?.n ?? 0) };
}

/** Everything the public space page shows, per the owner's privacy settings and the site's audiences. */
export async function spaceDetail(ref: SpaceRef, site: Site): Promise<SpaceDetail> {
  const owner = await loadOwner(ref);
  const privacy = await privacyOf(owner.operatorId);
  const studied = studiedWhere(ref, owner.operatorId);
  const parts = listParts(owner.createdWhere, studied, privacy);
  const d = await db();
  const [created, studiedList, seriesList, counts, tops, createdCount, studiedCount, comments] = await Promise.all([
    owner.createdWhere && privacy.showCreated ? courseCards(owner.createdWhere, site) : Promise.resolve(null),
    studied && privacy.showStudied ? courseCards(studied, site) : Promise.resolve(studied ? null : []),
    seriesOf(parts, site),
    followCounts(ref, owner.operatorId),
    topItems(ref, site, parts, false),
    owner.createdWhere ? countCourses(owner.createdWhere, site) : Promise.resolve(0),
    studied ? countCourses(studied, site) : Promise.resolve(0),
    d
      .select({ n: count() })
      .from(spaceComments)
      .where(and(eq(spaceComments.targetKind, ref.kind), eq(spaceComments.targetId, ref.id))),
  ]);
  return {
    card: owner.card,
    ownerOperatorId: owner.operatorId,
    counts: {
      fans: privacy.showFans ? counts.fans : null,
      follows: owner.operatorId == null ? 0 : privacy.showFollows ? counts.follows : null,
      created: privacy.showCreated ? createdCount : null,
      studied: privacy.showStudied ? studiedCount : null,
      comments: Number(comments[0]?.n ?? 0),
    },
    privacy,
    tops,
    created,
    studied: studiedList,
    series: seriesList,
  };
}

/**
 * The series of a space: those holding courses of the lists shown (parts.visible). null (shown 不公开) when there are
 * none but the lists the owner keeps private hold some: the section is hidden, not empty.
 */
async function seriesOf(parts: ListParts, site: Site): Promise<SeriesCard[] | null> {
  if (parts.visible.length === 0 && parts.hidden.length) return null;
  const shown = parts.visible.length ? await seriesCards(or(...parts.visible)!, site) : [];
  if (shown.length || parts.hidden.length === 0) return shown;
  return (await seriesCards(or(...parts.hidden)!, site, 1)).length ? null : [];
}

/** The series section for the caller: its owner sees all of theirs, others what the privacy settings show (null: private). */
export async function spaceSeries(user: SessionUser | null, ref: SpaceRef, site: Site): Promise<SeriesCard[] | null> {
  const owner = await loadOwner(ref);
  const privacy = user && ownsSpace(user, ref) ? DEFAULT_PRIVACY : await privacyOf(owner.operatorId);
  return seriesOf(listParts(owner.createdWhere, studiedWhere(ref, owner.operatorId), privacy), site);
}

/** The pinned items for the caller: its owner gets all, those others do not see marked hidden; others what SpaceDetail shows. */
export async function spaceTopList(user: SessionUser | null, ref: SpaceRef, site: Site): Promise<SpaceTopItem[]> {
  const owner = await loadOwner(ref);
  const privacy = await privacyOf(owner.operatorId);
  return topItems(
    ref,
    site,
    listParts(owner.createdWhere, studiedWhere(ref, owner.operatorId), privacy),
    !!user && ownsSpace(user, ref),
  );
}

/** The space a signed-in user opens as their own (SPEC 6): teacher space with a tchrId, student space otherwise. */
export function mySpace(user: SessionUser): SpaceRef {
  return user.tchrId != null ? { kind: 'teacher', id: user.tchrId } : { kind: 'student', id: user.operatorID };
}

/** Whether the user owns the space (teacher space: their own tchrId; student space: their operatorID). */
export function ownsSpace(user: SessionUser, ref: SpaceRef): boolean {
  if (ref.kind === 'teacher') return user.tchrId != null && user.tchrId === ref.id;
  if (ref.kind === 'student') return user.operatorID === ref.id;
  return false;
}

async function personOf(ids: number[]): Promise<Map<number, SpacePerson>> {
  const out = new Map<number, SpacePerson>();
  if (ids.length === 0) return out;
  const d = await db();
  const rows = await d
    .select({
      id: operators.id,
      name: operators.name,
      headPic: operators.headPic,
      tchrId: operators.tchrId,
      orgName: orgs.name,
    })
    .from(operators)
    .leftJoin(orgs, eq(orgs.id, operators.orgId))
    .where(inArray(operators.id, ids));
  for (const r of rows) {
    out.set(r.id, {
      kind: r.tchrId != null ? 'teacher' : 'student',
      id: r.tchrId ?? r.id,
      name: r.name,
      avatar: r.headPic || '/avatars/default.svg',
      subtitle: r.orgName ?? '',
    });
  }
  return out;
}

/** The fans of a space: hidden by the privacy settings from everyone but the owner. */
export async function fans(
  ref: SpaceRef,
  pageNum: number,
  pageSize: number,
  user: SessionUser | null = null,
): Promise<Page<SpacePerson>> {
  const owner = await loadOwner(ref);
  const privacy = await privacyOf(owner.operatorId);
  if (!privacy.showFans && !(user && ownsSpace(user, ref))) return { list: [], total: 0, pageNum, pageSize };
  const d = await db();
  const where = and(eq(spaceFollows.targetKind, ref.kind), eq(spaceFollows.targetId, ref.id));
  const [total] = await d.select({ n: count() }).from(spaceFollows).where(where);
  const rows = await d
    .select({ id: spaceFollows.followerId })
    .from(spaceFollows)
    .where(where)
    .orderBy(desc(spaceFollows.createdAt), desc(spaceFollows.followerId))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const people = await personOf(rows.map((r) => r.id));
  return {
    list: rows.map((r) => people.get(r.id)).filter((p): p is SpacePerson => !!p),
    total: Number(total?.n ?? 0),
    pageNum,
    pageSize,
  };
}

export async function follows(
  ref: SpaceRef,
  pageNum: number,
  pageSize: number,
  user: SessionUser | null = null,
): Promise<Page<SpacePerson>> {
  const owner = await loadOwner(ref);
  const privacy = await privacyOf(owner.operatorId);
  if (owner.operatorId == null || (!privacy.showFollows && !(user && ownsSpace(user, ref))))
    return { list: [], total: 0, pageNum, pageSize };
  const d = await db();
  const where = eq(spaceFollows.followerId, owner.operatorId);
  const [total] = await d.select({ n: count() }).from(spaceFollows).where(where);
  const rows = await d
    .select({ kind: spaceFollows.targetKind, id: spaceFollows.targetId })
    .from(spaceFollows)
    .where(where)
    .orderBy(desc(spaceFollows.createdAt))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const list: SpacePerson[] = [];
  for (const r of rows) {
    try {
      const o = await loadOwner({ kind: r.kind, id: r.id });
      list.push({ kind: r.kind, id: r.id, name: o.card.name, avatar: o.card.avatar, subtitle: o.card.subtitle });
    } catch {
      /* the followed space is gone */
    }
  }
  return { list, total: Number(total?.n ?? 0), pageNum, pageSize };
}

/**
 * One page of a space's created or studied courses (the page shows the first LIST_SIZE; 查看更多 asks for the
 * next). Hidden by the owner's privacy from everyone but the owner: then null.
 */
export async function spaceCourses(
  user: SessionUser | null,
  ref: SpaceRef,
  site: Site,
  list: 'created' | 'studied',
  pageNum: number,
  pageSize: number,
): Promise<Page<CourseCard> | null> {
  const owner = await loadOwner(ref);
  const privacy = await privacyOf(owner.operatorId);
  const shown = (user && ownsSpace(user, ref)) || (list === 'created' ? privacy.showCreated : privacy.showStudied);
  if (!shown) return null;
  const where = list === 'created' ? owner.createdWhere : studiedWhere(ref, owner.operatorId);
  if (!where) return { list: [], total: 0, pageNum, pageSize };
  const [total, cards] = await Promise.all([
    countCourses(where, site),
    courseCards(where, site, pageSize, (pageNum - 1) * pageSize),
  ]);
  return { list: cards, total, pageNum, pageSize };
}

/**
 * The caller's relation to a space and its counts as the caller may see them, read fresh (the space page
 * itself is cached, so its counts can lag a write): the owner sees all of their own, others what the
 * privacy settings show; a hidden count is null, never 0.
 */
export async function followState(user: SessionUser | null, ref: SpaceRef, site: Site): Promise<FollowState> {
  const owner = await loadOwner(ref);
  const isOwner = !!user && ownsSpace(user, ref);
  const privacy = isOwner ? DEFAULT_PRIVACY : await privacyOf(owner.operatorId);
  const d = await db();
  const [row, counts, created] = await Promise.all([
    user
      ? d
          .select({ n: count() })
          .from(spaceFollows)
          .where(
            and(
              eq(spaceFollows.followerId, user.operatorID),
              eq(spaceFollows.targetKind, ref.kind),
              eq(spaceFollows.targetId, ref.id),
            ),
          )
          .then((r) => r[0])
      : Promise.resolve({ n: 0 }),
    followCounts(ref, owner.operatorId),
    owner.createdWhere && privacy.showCreated ? countCourses(owner.createdWhere, site) : Promise.resolve(null),
  ]);
  return {
    followed: Number(row?.n ?? 0) > 0,
    isOwner,
    loggedIn: !!user,
    counts: {
      fans: privacy.showFans ? counts.fans : null,
      follows: owner.operatorId == null ? 0 : privacy.showFollows ? counts.follows : null,
      created: owner.createdWhere ? created : 0,
    },
  };
}

export async function follow(user: SessionUser, ref: SpaceRef, on: boolean, site: Site): Promise<FollowState> {
  await loadOwner(ref);
  if (ownsSpace(user, ref)) throw new ServiceError(FOLLOW_SELF_MSG);
  const d = await db();
  if (on) {
    await d
      .insert(spaceFollows)
      .values({ followerId: user.operatorID, targetKind: ref.kind, targetId: ref.id })
      .onConflictDoNothing();
  } else {
    await d
      .delete(spaceFollows)
      .where(
        and(
          eq(spaceFollows.followerId, user.operatorID),
          eq(spaceFollows.targetKind, ref.kind),
          eq(spaceFollows.targetId, ref.id),
        ),
      );
  }
  await revalidateSpace(ref);
  await revalidateSpace(mySpace(user));
  return followState(user, ref, site);
}

export async function privacyDetail(user: SessionUser): Promise<SpacePrivacy> {
  return privacyOf(user.operatorID);
}

/** Only the caller's own settings can be written: there is no id in the request. */
export async function savePrivacy(user: SessionUser, p: SpacePrivacy): Promise<SpacePrivacy> {
  const d = await db();
  await d
    .insert(spacePrivacy)
    .values({ operatorId: user.operatorID, ...p, updatedAt: new Date() })
    .onConflictDoUpdate({ target: spacePrivacy.operatorId, set: { ...p, updatedAt: new Date() } });
  await revalidateSpace(mySpace(user));
  return privacyOf(user.operatorID);
}

/** Pins or unpins an item on the caller's own space; the item must be one the space shows. */
export async function saveTop(
  user: SessionUser,
  body: { itemType: 'course' | 'series'; itemId: number; top: boolean; kind?: SpaceKind; id?: number },
): Promise<{ top: boolean }> {
  const ref = body.kind && body.id ? { kind: body.kind, id: body.id } : mySpace(user);
  if (!ownsSpace(user, ref)) throw new ServiceError(NOT_OWNER_MSG, CODE_FORBIDDEN);
  const d = await db();
  const key = and(
    eq(spaceTops.ownerKind, ref.kind),
    eq(spaceTops.ownerId, ref.id),
    eq(spaceTops.itemType, body.itemType),
    eq(spaceTops.itemId, body.itemId),
  );
  if (!body.top) {
    await d.delete(spaceTops).where(key);
  } else {
    if (body.itemType === 'course') {
      const owner = await loadOwner(ref);
      const studied = studiedWhere(ref, owner.operatorId);
      const mine = or(...[owner.createdWhere, studied].filter((x): x is SQL => !!x));
      const [hit] = await d
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.id, body.itemId), mine))
        .limit(1);
      if (!hit) throw new ServiceError(PIN_OWN_COURSES_ONLY_MSG);
    } else {
      const [hit] = await d.select({ id: series.id }).from(series).where(eq(series.id, body.itemId)).limit(1);
      if (!hit) throw new ServiceError(MSG_SERIES_NOT_FOUND, CODE_NOT_FOUND);
    }
    await d
      .insert(spaceTops)
      .values({ ownerKind: ref.kind, ownerId: ref.id, itemType: body.itemType, itemId: body.itemId })
      .onConflictDoNothing();
  }
  await revalidateSpace(ref);
  return { top: body.top };
}

/* ---- comments ---- */

export async function commentList(
  user: SessionUser | null,
  ref: SpaceRef,
  pageNum: number,
  pageSize: number,
): Promise<Page<SpaceComment>> {
  const d = await db();
  const where = and(eq(spaceComments.targetKind, ref.kind), eq(spaceComments.targetId, ref.id));
  const [total] = await d.select({ n: count() }).from(spaceComments).where(where);
  const rows = await d
    .select()
    .from(spaceComments)
    .where(where)
    .orderBy(desc(spaceComments.createdAt), desc(spaceComments.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const people = await personOf([...new Set(rows.map((r) => r.authorId))]);
  const owner = user ? ownsSpace(user, ref) : false;
  return {
    list: rows.map((r) => ({
      id: r.id,
      content: r.content,
      createdAt: r.createdAt.toISOString(),
      author: people.get(r.authorId) ?? {
        kind: 'student',
        id: r.authorId,
        name: '',
        avatar: '/avatars/default.svg',
        subtitle: '',
      },
      canRemove: !!user && (owner || user.operatorID === r.authorId),
    })),
    total: Number(total?.n ?? 0),
    pageNum,
    pageSize,
  };
}

export async function saveComment(
  user: SessionUser,
  ref: SpaceRef,
  raw: string,
): Promise<{ id: number; content: string }> {
  await loadOwner(ref);
  // Plain text, stored as typed (control characters are refused by the dispatcher) and escaped wherever it is shown.
  const content = raw.trim();
  if (!content) throw new ServiceError(COMMENT_EMPTY_MSG);
  if ([...content].length > COMMENT_MAX) throw new ServiceError(COMMENT_TOO_LONG_MSG);
  const d = await db();
  const [row] = await d
    .insert(spaceComments)
    .values({ targetKind: ref.kind, targetId: ref.id, authorId: user.operatorID, content })
    .returning({ id: spaceComments.id });
  await revalidateSpace(ref);
  return { id: row.id, content };
}

export async function removeComment(user: SessionUser, id: number): Promise<{ removed: true }> {
  const d = await db();
  const [row] = await d.select().from(spaceComments).where(eq(spaceComments.id, id)).limit(1);
  if (!row) throw new ServiceError(COMMENT_MISSING_MSG, CODE_NOT_FOUND);
  const ref = { kind: row.targetKind, id: row.targetId };
  if (row.authorId !== user.operatorID && !ownsSpace(user, ref))
    throw new ServiceError(COMMENT_NOT_YOURS_MSG, CODE_FORBIDDEN);
  await d.delete(spaceComments).where(eq(spaceComments.id, id));
  await revalidateSpace(ref);
  return { removed: true };
}

/**
 * Which content a site shows (docs/design.md §3): content is tagged with audiences; a variant shows its
 * audiences with its own first (the party host shows party content first). Platform-level calls
 * (SPEC 1: party-school and column hosts) are scoped to the variant's own audience only.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { VARIANTS, type Site } from '@/lib/variants';
import { courses, liveClasses, seriesCourses, teachers } from '../db/schema';

/** A published course (auditStatus 1052); lists show no other. */
export const PUBLISHED = 1052;

export function siteAudiences(site: Site, platform: boolean): string[] {
  const list = VARIANTS[site.variant].audiences;
  return platform ? [list[0]] : [...list];
}

/** `audiences && ARRAY[...]`: published to any audience of this site (uses the GIN index). */
export function publishedTo(column: PgColumn, site: Site, platform: boolean): SQL {
  const list = siteAudiences(site, platform);
  return sql`${column} && ARRAY[${sql.join(
    list.map((a) => sql`${a}`),
    sql`, `,
  )}]::text[]`;
}

/** Ordering term: content of the site's own audience first. */
export function ownAudienceFirst(column: PgColumn, site: Site): SQL {
  const own = VARIANTS[site.variant].audiences[0];
  return sql`(${own} = ANY(${column})) desc`;
}

interface Scope {
  site: Site;
  platform: boolean;
}

/** A course whose detail page answers on this site: published to one of its audiences and approved. */
export function visibleCourses({ site, platform }: Scope): SQL {
  return and(publishedTo(courses.audiences, site, platform), eq(courses.auditStatus, PUBLISHED))!;
}

/**
 * A teacher whose page answers on this site: published to one of its audiences, or teaching a course or a
 * live class shown there (a course page never links to a teacher page that answers 404).
 */
export function visibleTeachers(scope: Scope): SQL {
  return sql`(${publishedTo(teachers.audiences, scope.site, scope.platform)}
    or exists (select 1 from ${courses} where ${courses.teacherId} = ${teachers.id} and ${visibleCourses(scope)})
    or exists (select 1 from ${liveClasses} where ${liveClasses.teacherId} = ${teachers.id} and ${publishedTo(liveClasses.audiences, scope.site, scope.platform)}))`;
}

/**
 * The number of a series' courses shown on this site (a series card counts what its page lists). Written with
 * its own aliases: Drizzle leaves columns unqualified in the select list of a one-table query, which would
 * bind the outer series id to a column of the subquery.
 */
export function visibleCourseCount({ site, platform }: Scope, seriesTable: string = 'series'): SQL<number> {
  const list = siteAudiences(site, platform);
  return sql<number>`(select count(*)::int from ${seriesCourses} sc inner join ${courses} c on c.id = sc.course_id
    where sc.series_id = ${sql.identifier(seriesTable)}.id and c.audit_status = ${PUBLISHED}
    and c.audiences && ARRAY[${sql.join(
      list.map((a) => sql`${a}`),
      sql`, `,
    )}]::text[])`;
}

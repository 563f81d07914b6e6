/**
 * Which content a site shows (DESIGN 3): content is tagged with audiences; a variant shows its
 * audiences with its own first (the party host shows party content first). Platform-level calls
 * (SPEC 1: party-school and column hosts) are scoped to the variant's own audience only.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { VARIANTS, type Site } from '@/lib/variants';

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

/** Organisations as the catalogue lists them: the spaces a visitor can open. */
import { asc, count, eq } from 'drizzle-orm';
import type { OrgSpaceItem } from '@/lib/contract/spaces';
import { db } from '@/lib/server/db';
import { operators, orgs } from '@/lib/server/db/schema';

/** The organisations whose spaces a visitor can open (/space/organization without an id): institutes first. */
export async function orgSpaceList(): Promise<OrgSpaceItem[]> {
  const d = await db();
  // A join, not a correlated count in the select list: Drizzle leaves that list's columns unqualified in a one-table
  // query, so `orgs.id` bound to the subquery's operators.id and every organisation counted 2 learners.
  return d
    .select({ id: orgs.id, name: orgs.name, kind: orgs.kind, learners: count(operators.id) })
    .from(orgs)
    .leftJoin(operators, eq(operators.orgId, orgs.id))
    .groupBy(orgs.id)
    .orderBy(asc(orgs.kind), asc(orgs.id))
    .limit(500);
}

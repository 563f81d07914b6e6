/**
 * Tenants (SPEC 7: isRequestSpecialSite, requestSiteTenantId, currentTenantOrgName): a host may belong to an
 * organisation of the academy, its tenant, so that a column host says whose column it is. The mapping is
 * configuration (PORTAL_TENANTS, `host=机构名`), the organisation a row of `orgs`; the tenant id is that row's id.
 */
import { eq } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { orgs } from '@/lib/server/db/schema';
import { config } from '@/lib/server/config';
import { VARIANTS, type Site } from '@/lib/variants';

const DEFAULT_TENANTS = 'column.localhost=继续教育学院';

export interface TenantRule {
  pattern: string;
  orgName: string;
}

export function parseTenantRules(spec: string | undefined): TenantRule[] {
  return (spec?.trim() ? spec : DEFAULT_TENANTS)
    .split(',')
    .map((part) => {
      const i = part.indexOf('=');
      return { pattern: part.slice(0, i).trim().toLowerCase(), orgName: part.slice(i + 1).trim() };
    })
    .filter((r) => r.pattern && r.orgName);
}

/** The organisation name a host belongs to, or null: an exact host first, then `*.` wildcards. */
export function tenantNameOf(
  hostHeader: string | undefined,
  rules: TenantRule[] = parseTenantRules(config().PORTAL_TENANTS),
): string | null {
  const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const exact = rules.find((r) => r.pattern === host);
  if (exact) return exact.orgName;
  const wild = rules.find((r) => r.pattern.startsWith('*.') && host.endsWith(r.pattern.slice(1)));
  return wild?.orgName ?? null;
}

export interface Tenant {
  tenantId: number;
  orgName: string;
}

/** The host's tenant: its configured organisation, when that organisation exists. */
export async function tenantOf(hostHeader: string | undefined): Promise<Tenant | null> {
  const name = tenantNameOf(hostHeader);
  if (!name) return null;
  const d = await db();
  const [org] = await d.select({ id: orgs.id, name: orgs.name }).from(orgs).where(eq(orgs.name, name)).limit(1);
  return org ? { tenantId: org.id, orgName: org.name } : null;
}

/** SPEC 1: a special site is one served with the platform-level endpoints (the party-school and column hosts). */
export function isRequestSpecialSite(site: Site): boolean {
  return VARIANTS[site.variant].platform;
}

export async function requestSiteTenantId(hostHeader: string | undefined): Promise<{ tenantId: number | null }> {
  return { tenantId: (await tenantOf(hostHeader))?.tenantId ?? null };
}

export async function currentTenantOrgName(hostHeader: string | undefined): Promise<{ orgName: string }> {
  return { orgName: (await tenantOf(hostHeader))?.orgName ?? '' };
}

'use client';

import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

/**
 * A column or party-school host belongs to an organisation (its tenant, SPEC 7 currentTenantOrgName): the header
 * names it. Asked by the browser, because the cached header is shared by every host of the variant.
 */
export function TenantName() {
  const q = useQuery({ ...apiQuery('/api/eosoperator/currentTenantOrgName'), staleTime: Infinity });
  const name = q.data?.orgName;
  if (!name) return null;
  return (
    <span data-testid="tenant-name" className="rounded bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-800">
      {name}
    </span>
  );
}

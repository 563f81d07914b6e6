import type { Metadata } from 'next';
import { UnitNav } from '@/components/management/UnitNav';
import { UnitReport } from '@/components/management/unit-report/UnitReport';

export function generateStaticParams() {
  return [];
}

export const metadata: Metadata = { title: '本单位学时', robots: { index: false } };

/**
 * 本单位 (issue 25): the proxy lets only a signed-in visitor in; the page is the same for everyone (cached per
 * site) and the report loads in the browser, where the server answers only a holder of the power.
 */
export default function UnitPage() {
  return (
    <div className="page-width py-6">
      <h1 className="text-xl font-semibold">本单位学时</h1>
      <UnitNav current="unit" />
      <UnitReport />
    </div>
  );
}

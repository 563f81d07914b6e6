import type { Metadata } from 'next';
import { UnitNav } from '@/components/management/UnitNav';
import { SeriesAdmin } from '@/components/management/series-admin/SeriesAdmin';

export function generateStaticParams() {
  return [];
}

export const metadata: Metadata = { title: '系列专题管理', robots: { index: false } };

/**
 * 系列专题管理 (issue 25): the proxy lets only a signed-in visitor in; the page is the same for everyone and the
 * series load in the browser, where the server answers each user the series they may manage.
 */
export default function SeriesAdminPage() {
  return (
    <div className="page-width py-6">
      <h1 className="text-xl font-semibold">系列专题管理</h1>
      <UnitNav current="series" />
      <SeriesAdmin />
    </div>
  );
}

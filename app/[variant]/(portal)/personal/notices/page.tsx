import type { Metadata } from 'next';
import { UnitNav } from '@/components/management/UnitNav';
import { NoticeDesk } from '@/components/management/notices/NoticeDesk';

export function generateStaticParams() {
  return [];
}

export const metadata: Metadata = { title: '通知公告发布', robots: { index: false } };

/** 通知公告发布 (issue 25): the same page for everyone; the notices load in the browser for a holder of "notice-publish". */
export default function NoticesPage() {
  return (
    <div className="page-width py-6">
      <h1 className="text-xl font-semibold">通知公告发布</h1>
      <UnitNav current="notices" />
      <NoticeDesk />
    </div>
  );
}

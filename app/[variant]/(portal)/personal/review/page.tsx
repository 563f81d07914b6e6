import type { Metadata } from 'next';
import { UnitNav } from '@/components/management/UnitNav';
import { ReviewDesk } from '@/components/management/review/ReviewDesk';

export function generateStaticParams() {
  return [];
}

export const metadata: Metadata = { title: '课程审核', robots: { index: false } };

/** 课程审核 (issue 25): the same page for everyone; the queue loads in the browser for a holder of "course-review". */
export default function ReviewPage() {
  return (
    <div className="page-width py-6">
      <h1 className="text-xl font-semibold">课程审核</h1>
      <UnitNav current="review" />
      <ReviewDesk />
    </div>
  );
}

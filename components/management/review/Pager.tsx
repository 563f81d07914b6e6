'use client';

import { ButtonPager, pageCount } from '@/components/ui/ButtonPager';

/** The pager of the manager's screens that page on the server (a total and a page size). */
export function Pager({
  label,
  pageNum,
  pageSize,
  total,
  onPage,
}: {
  label: string;
  pageNum: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return <ButtonPager label={label} pageNum={pageNum} pages={pageCount(total, pageSize)} onPage={onPage} />;
}

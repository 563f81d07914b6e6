'use client';
/** 系列专题管理 from the creation centre, for a teacher or a holder of the power (what the server says may create). */
import { useQuery } from '@tanstack/react-query';
import Link from '@/components/ui/Link';
import { apiQuery } from '@/lib/api/query';
import { SERIES_ADMIN_PATH } from '../unit-links';

export function SeriesAdminLink({ className = '' }: { className?: string }) {
  const list = useQuery(apiQuery('/api/recommendseries/manageList', { pageSize: 1 }));
  if (!list.data?.canCreate) return null;
  return (
    <Link href={SERIES_ADMIN_PATH} prefetch={false} className={className}>
      系列专题管理
    </Link>
  );
}

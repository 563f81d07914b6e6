import { Skeleton } from '@/components/catalogue/ui';

export default function Loading() {
  return <Skeleton label="师资加载中" />;
}

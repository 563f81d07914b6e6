import { Skeleton } from '@/components/catalogue/ui';

export default function Loading() {
  return <Skeleton label="排行榜加载中" />;
}

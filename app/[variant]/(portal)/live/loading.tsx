import { Skeleton } from '@/components/catalogue/ui';

export default function Loading() {
  return <Skeleton label="直播加载中" />;
}

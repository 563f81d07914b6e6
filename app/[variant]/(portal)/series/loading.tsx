import { Skeleton } from '@/components/catalogue/ui';

export default function Loading() {
  return <Skeleton label="系列专题加载中" />;
}

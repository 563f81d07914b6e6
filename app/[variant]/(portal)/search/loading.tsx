import { Skeleton } from '@/components/catalogue/ui';

export default function Loading() {
  return <Skeleton label="搜索结果加载中" />;
}

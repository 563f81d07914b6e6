import { Skeleton } from '@/components/catalogue/ui';

export default function Loading() {
  return <Skeleton label="培训项目加载中" />;
}

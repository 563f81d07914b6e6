import { Skeleton } from '@/components/catalogue/ui';

export default function Loading() {
  return <Skeleton label="课程加载中" />;
}

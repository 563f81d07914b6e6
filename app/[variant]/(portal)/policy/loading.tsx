import { Skeleton } from '@/components/catalogue/ui';

export default function Loading() {
  return <Skeleton label="政策制度加载中" />;
}

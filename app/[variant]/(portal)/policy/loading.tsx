import { Skeleton } from '@/components/ui/Skeleton';

export default function Loading() {
  return <Skeleton label="政策制度加载中" />;
}

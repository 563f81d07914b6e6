import { Skeleton } from '@/components/catalogue/ui';

export default function Loading() {
  return <Skeleton label="新闻公告加载中" />;
}

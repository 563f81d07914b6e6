import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/shell/NotFoundContent';

/** The 404's title names it (the site's title template adds the site name). */
export const metadata: Metadata = { title: '页面不存在' };

export default function PortalNotFound() {
  return (
    <div className="page-width py-16">
      <NotFoundContent />
    </div>
  );
}

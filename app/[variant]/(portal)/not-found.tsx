import type { Metadata } from 'next';
import { NOT_FOUND_TITLE, NotFoundContent } from '@/components/shell/NotFoundContent';

/** The 404's title names it (the site's title template adds the site name). */
export const metadata: Metadata = { title: NOT_FOUND_TITLE };

export default function PortalNotFound() {
  return (
    <div className="page-width py-16">
      <NotFoundContent />
    </div>
  );
}

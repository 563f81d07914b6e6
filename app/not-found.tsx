import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/shell/NotFoundContent';

/** The 404's title names it (no site segment here, so the main site's name is written out). */
export const metadata: Metadata = { title: '页面不存在 - 继续教育网络学院' };

/** Paths that reach no variant at all (the proxy sends unknown paths to the variant's own 404). */
export default function RootNotFound() {
  return (
    <main className="page-width py-20">
      <NotFoundContent />
    </main>
  );
}

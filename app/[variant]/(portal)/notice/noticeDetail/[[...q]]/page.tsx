import type { Metadata } from 'next';
import type { CatalogueParams } from '@/lib/catalogue/server';
import { ArticlePage, articleMetadata } from '@/components/catalogue/ArticlePage';

export function generateStaticParams() {
  return [];
}

export function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  return articleMetadata('notice', params);
}

/** /notice/noticeDetail?id= : cached per site and article. */
export default function Page({ params }: { params: CatalogueParams }) {
  return <ArticlePage kind="notice" params={params} />;
}

import type { Metadata } from 'next';
import type { CatalogueParams } from '@/lib/catalogue/server';
import { SimpleListPage, simpleListMetadata } from '@/components/catalogue/SimpleListPage';
import { NOTICE_INDEX } from '@/lib/catalogue/list-specs';

export function generateStaticParams() {
  return [];
}

export function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  return simpleListMetadata(NOTICE_INDEX, params);
}

/** /notice/index: cached per site and page (the page number is a link). */
export default function Page({ params }: { params: CatalogueParams }) {
  return <SimpleListPage spec={NOTICE_INDEX} params={params} />;
}

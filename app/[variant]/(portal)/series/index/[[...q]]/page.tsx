import type { Metadata } from 'next';
import type { CatalogueParams } from '@/lib/catalogue/server';
import { SimpleListPage, simpleListMetadata } from '@/components/catalogue/SimpleListPage';
import { SERIES_INDEX } from '@/lib/catalogue/list-specs';

export function generateStaticParams() {
  return [];
}

export function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  return simpleListMetadata(SERIES_INDEX, params);
}

/** /series/index: cached per site and page (the page number is a link). */
export default function Page({ params }: { params: CatalogueParams }) {
  return <SimpleListPage spec={SERIES_INDEX} params={params} />;
}

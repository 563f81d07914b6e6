import type { Metadata } from 'next';
import type { CatalogueParams } from '@/lib/catalogue/server';
import { SimpleListPage, simpleListMetadata } from '@/components/catalogue/SimpleListPage';
import { SERIES_CLASS } from '@/lib/catalogue/list-specs';

export function generateStaticParams() {
  return [];
}

export function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  return simpleListMetadata(SERIES_CLASS, params);
}

/** /series/class: cached per site and page (the page number is a link). */
export default function Page({ params }: { params: CatalogueParams }) {
  return <SimpleListPage spec={SERIES_CLASS} params={params} />;
}

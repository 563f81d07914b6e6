import type { Metadata } from 'next';
import type { CatalogueParams } from '@/lib/catalogue/server';
import { CourseDetailPage, courseDetailMetadata } from '@/components/catalogue/CourseDetailPage';

export function generateStaticParams() {
  return [];
}

export function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  return courseDetailMetadata(params, '/course/detailBatch');
}

/** /course/detailBatch?id= (SPEC 2.1): cached per site and course; the learner's own buttons load on the client. */
export default function Page({ params }: { params: CatalogueParams }) {
  return <CourseDetailPage params={params} batch={true} />;
}

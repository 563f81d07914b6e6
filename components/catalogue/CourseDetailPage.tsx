/** The shared server side of /course/detail and /course/detailBatch. */
import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { load, loadOrNull } from '@/lib/api/prefetch';
import { intParam } from '@/lib/variants/catalogue-paths';
import { siteSegment } from '@/lib/variants';
import { CourseDetailView } from '@/components/catalogue/CourseDetailView';
import { detailLinks } from '@/lib/catalogue/variant-rules';
import { pageMetadata, publicApi, readPublic, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { tagPage } from '@/lib/catalogue/page-tags';
import { TAGS } from '@/lib/cache-tags';
import { MISSING_RECORD_METADATA } from '@/lib/catalogue/not-found-metadata';

export async function courseDetailMetadata(params: CatalogueParams, route: string): Promise<Metadata> {
  const s = await siteOfParams(params);
  const id = intParam(s.query, 'id');
  const course = id ? await readPublic(siteSegment(s.site), s.path('/api/course/detail'), { id }) : null;
  if (!course) return MISSING_RECORD_METADATA;
  return pageMetadata({
    title: course.title,
    description: `${course.categoryName}课程，${course.teacher ? `主讲：${course.teacher.name}，` : ''}共${course.chapterCount}讲。${course.summaryText}`,
    canonical: `/course/detail?id=${course.id}`,
    origin: s.origin,
    siteName: s.title,
    image: course.cover,
    type: 'article',
    noindex: route !== '/course/detail',
  });
}

export async function CourseDetailPage({ params, batch }: { params: CatalogueParams; batch: boolean }) {
  const s = await siteOfParams(params);
  const id = intParam(s.query, 'id');
  if (!id) notFound();
  await tagPage(TAGS.course(id));
  const { api, qc } = publicApi(s.site);
  const course = await loadOrNull(qc, api, s.path('/api/course/detail'), { id });
  if (!course) notFound();
  const reviews = await load(qc, api, s.path('/api/course/reviews'), { courseId: id, pageNum: 1, pageSize: 10 });
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <CourseDetailView
        course={course}
        reviews={reviews}
        origin={s.origin}
        siteName={s.title}
        batch={batch}
        links={detailLinks(s.variant, course.categoryCode)}
      />
    </HydrationBoundary>
  );
}

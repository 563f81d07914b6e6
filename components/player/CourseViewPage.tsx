/**
 * Server side of /courseView and /courseViewBatch: the course (public, the same for every visitor) rendered and
 * hydrated; the page is cached per site and course (the proxy writes ?courseId= into the path,
 * lib/variants/catalogue-paths). The learner's own progress loads in the browser (CoursePlayer).
 */
import { TAGS } from '@/lib/cache-tags';
import type { Metadata } from 'next';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { notFound } from 'next/navigation';
import { apiQueryKey, makeQueryClient } from '@/lib/api/query';
import { readPublic } from '@/lib/catalogue/server';
import { tagPage } from '@/lib/catalogue/page-tags';
import { intParam, parseQuerySegment } from '@/lib/variants/catalogue-paths';
import { parseSiteSegment } from '@/lib/variants';
import { LazyDialogs } from '@/components/shell/LazyDialogs';
import { NOT_FOUND_TITLE } from '@/components/shell/NotFoundContent';
import { CoursePlayer } from './CoursePlayer';

export type CourseViewParams = Promise<{ variant: string; q?: string[] }>;

/** The site, the course asked for (?courseId=, or ?id=) and whether the query asked for the batch player. */
async function selection(params: CourseViewParams) {
  const p = await params;
  const q = parseQuerySegment(p.q);
  return {
    variant: p.variant,
    courseId: intParam(q, 'courseId') ?? intParam(q, 'id') ?? null,
    batchWord: q.batch === '1',
  };
}

/** The course (public), once per render for the title and the page; null when it is not published to this site. */
const courseOf = (variant: string, courseId: number | null) =>
  courseId ? readPublic(variant, '/api/course/view', { courseId }) : Promise.resolve(null);

/** The player's title: the course's, or that of the 404 it answers for a course that is not there. */
export async function courseViewMetadata(params: CourseViewParams): Promise<Metadata> {
  const { variant, courseId } = await selection(params);
  const course = await courseOf(variant, courseId);
  return { title: course ? `${course.title} - 课程学习` : NOT_FOUND_TITLE, robots: { index: false } };
}

export async function CourseViewPage({ params, batchRoute }: { params: CourseViewParams; batchRoute: boolean }) {
  const { variant, courseId, batchWord } = await selection(params);
  if (!parseSiteSegment(variant) || !courseId) notFound();
  await tagPage(TAGS.course(courseId));
  const course = await courseOf(variant, courseId);
  if (!course) notFound();
  const qc = makeQueryClient();
  qc.setQueryData(apiQueryKey('/api/course/view', { courseId }), course);
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <main id="main">
        <CoursePlayer courseId={courseId} batch={batchRoute || batchWord} />
      </main>
      <LazyDialogs />
    </HydrationBoundary>
  );
}

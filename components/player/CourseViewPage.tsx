/** Server side of /courseView and /courseViewBatch: course and the learner's progress prefetched and hydrated. */
import type { Metadata } from 'next';
import { cache } from 'react';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { notFound } from 'next/navigation';
import { apiQueryKey, makeQueryClient } from '@/lib/api/query';
import { userApi } from '@/lib/learning/server-api';
import { parseSiteSegment } from '@/lib/variants';
import { LazyDialogs } from '@/components/shell/LazyDialogs';
import { NOT_FOUND_TITLE } from '@/components/shell/NotFoundContent';
import type { CourseProgressView, CourseView } from '@/lib/learning/types';
import { CoursePlayer } from './CoursePlayer';

type Search = Record<string, string | string[] | undefined>;

const num = (v: string | string[] | undefined) => {
  const s = Array.isArray(v) ? v[0] : v;
  return s && /^\d{1,9}$/.test(s) ? Number(s) : null;
};

type Props = { params: Promise<{ variant: string }>; searchParams: Promise<Search> };

/** The course (public), once per request for the title and the page. */
const courseOf = cache(async (variant: string, courseId: number | null): Promise<CourseView | null> => {
  const site = parseSiteSegment(variant);
  if (!site || !courseId) return null;
  const { api } = await userApi(site);
  return api.request<CourseView>('/api/course/view', { courseId }).catch(() => null);
});

const courseIdOf = (sp: Search) => num(sp.courseId) ?? num(sp.id);

/** The player's title: the course's, or that of the 404 it answers for a course that is not there. */
export async function courseViewMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const course = await courseOf((await params).variant, courseIdOf(await searchParams));
  return { title: course ? `${course.title} - 课程学习` : NOT_FOUND_TITLE, robots: { index: false } };
}

export async function CourseViewPage({ params, searchParams, batchRoute }: { params: Promise<{ variant: string }>; searchParams: Promise<Search>; batchRoute: boolean }) {
  const site = parseSiteSegment((await params).variant);
  if (!site) notFound();
  const sp = await searchParams;
  const courseId = courseIdOf(sp);
  if (!courseId) notFound();
  // SPEC 2.1: batch is used when the query contains the word batch.
  const batch = batchRoute || Object.entries(sp).some(([k, v]) => /batch/i.test(k) || /batch/i.test(String(v ?? '')));
  const { api, token } = await userApi(site);
  const qc = makeQueryClient();
  const courseBody = { courseId };
  // The calls at once: the course (public), the learner's progress and 收藏 state are independent.
  const [course, progress, favourite] = await Promise.all([
    courseOf((await params).variant, courseId),
    api.request<CourseProgressView>('/api/course/progress', courseBody).catch(() => null),
    token ? api.request<{ favourite: boolean }>('/api/course/favouriteState', courseBody).catch(() => null) : null,
  ]);
  if (!course) notFound();
  qc.setQueryData(apiQueryKey('/api/course/view', courseBody), course);
  if (progress) qc.setQueryData(apiQueryKey('/api/course/progress', courseBody), progress);
  if (favourite) qc.setQueryData(apiQueryKey('/api/course/favouriteState', courseBody), favourite);
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <main id="main">
        <CoursePlayer courseId={courseId} batch={batch} initialChapterId={num(sp.chapterId) ?? progress?.lastChapterId ?? course.chapters[0]?.id ?? null} />
      </main>
      <LazyDialogs />
    </HydrationBoundary>
  );
}

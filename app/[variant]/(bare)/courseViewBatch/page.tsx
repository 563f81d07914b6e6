import { courseViewMetadata, CourseViewPage } from '@/components/player/CourseViewPage';

export const dynamic = 'force-dynamic';
export const generateMetadata = courseViewMetadata;

type Props = { params: Promise<{ variant: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The course player (SPEC 2.1): opened in a named window; the batch player when the query says batch. */
export default function Page({ params, searchParams }: Props) {
  return <CourseViewPage params={params} searchParams={searchParams} batchRoute={true} />;
}

import { courseViewMetadata, CourseViewPage, type CourseViewParams } from '@/components/player/CourseViewPage';

export function generateStaticParams() {
  return [];
}

export const generateMetadata = ({ params }: { params: CourseViewParams }) => courseViewMetadata(params);

/** The course player (SPEC 2.1): opened in a named window; the batch player when the query says batch. Cached per site and course. */
export default function Page({ params }: { params: CourseViewParams }) {
  return <CourseViewPage params={params} batchRoute={false} />;
}

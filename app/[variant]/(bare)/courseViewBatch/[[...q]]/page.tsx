import { courseViewMetadata, CourseViewPage, type CourseViewParams } from '@/components/player/CourseViewPage';

export function generateStaticParams() {
  return [];
}

export const generateMetadata = ({ params }: { params: CourseViewParams }) => courseViewMetadata(params);

/** The batch course player (SPEC 2.1): opened in a named window. Cached per site and course. */
export default function Page({ params }: { params: CourseViewParams }) {
  return <CourseViewPage params={params} batchRoute={true} />;
}

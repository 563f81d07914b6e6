'use client';

import { ErrorPage } from '@/components/catalogue/ErrorPage';

export default function CourseError({ reset }: { reset: () => void }) {
  return <ErrorPage reset={reset} what="课程" />;
}

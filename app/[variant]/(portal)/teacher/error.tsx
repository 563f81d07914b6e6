'use client';

import { ErrorPage } from '@/components/catalogue/ErrorPage';

export default function SectionError({ reset }: { reset: () => void }) {
  return <ErrorPage reset={reset} what="师资" />;
}

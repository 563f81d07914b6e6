'use client';

import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { imageUrl } from '@/lib/format';

/**
 * The header's emblem. On the student site it is the configured student logo (SPEC 3 stuLogo, /api/site/getStuLogo),
 * asked by the browser; until it answers (and on the other sites) the variant's own logo.
 */
export function SiteLogo({ fallback, student }: { fallback: string; student: boolean }) {
  const q = useQuery({ ...apiQuery('/api/site/getStuLogo'), enabled: student, staleTime: Infinity });
  const src = (student && imageUrl(q.data?.stuLogo)) || fallback;
  // eslint-disable-next-line @next/next/no-img-element -- a 64 px SVG emblem needs no optimisation
  return <img src={src} alt="" width={48} height={48} className="h-12 w-12" />;
}

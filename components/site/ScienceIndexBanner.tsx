import Link from '@/components/ui/Link';
import type { ScienceIndex } from '@/lib/contract/home';
import { PlatformBanner } from './PlatformBanner';

/**
 * The landing band of the science-education platform (SPEC 7 science-platform index; the student host's `/` is
 * /course/index): its name on the homeImage background, how many courses it offers, and each category with its count.
 */
export function ScienceIndexBanner({ index }: { index: ScienceIndex }) {
  return (
    <PlatformBanner images={index.home} label="平台概览">
      <p className="text-2xl font-semibold drop-shadow">{index.siteName}</p>
      <p className="mt-1 text-sm text-white/90" data-testid="science-course-count">
        共{index.courseCount}门课程
      </p>
      <ul className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="课程分类与课程数">
        {index.categories
          .filter((c) => c.count > 0)
          .map((c) => (
            <li key={c.code}>
              <Link
                prefetch={false}
                href={`/course/index?t=${c.code}`}
                className="inline-block rounded bg-white/15 px-3 py-1 hover:bg-white/25"
              >
                {c.name} <span className="text-white/80">{c.count}</span>
              </Link>
            </li>
          ))}
      </ul>
    </PlatformBanner>
  );
}

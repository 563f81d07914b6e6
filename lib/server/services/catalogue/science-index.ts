/**
 * SPEC 7 "science-platform index": the landing data of the graduate-student science-education platform (the
 * student host, isStu, whose `/` is /course/index): its name and logo, the platform detail's home and study images
 * (SPEC 3, parsed safely: lib/catalogue/platform-images) and the course categories with the number of courses the
 * host shows in each.
 */
import { count } from 'drizzle-orm';
import { COURSE_CATEGORIES } from '@/lib/constants';
import { parsePlatformImages } from '@/lib/catalogue/platform-images';
import type { ScienceIndex } from '@/lib/contract/home';
import { db } from '@/lib/server/db';
import { courses } from '@/lib/server/db/schema';
import { visibleCourses } from '../audience';
import type { Scope } from '../scope';
import { platformDetail, stuLogo } from './site';

export async function scienceIndex(scope: Scope): Promise<ScienceIndex> {
  const d = await db();
  const [detail, logo, rows] = await Promise.all([
    platformDetail(scope.site),
    stuLogo(),
    d
      .select({ code: courses.categoryCode, n: count() })
      .from(courses)
      .where(visibleCourses(scope))
      .groupBy(courses.categoryCode),
  ]);
  const byCode = new Map(rows.map((r) => [r.code, Number(r.n)]));
  const categories = COURSE_CATEGORIES.map((c) => ({ code: c.code, name: c.name, count: byCode.get(c.code) ?? 0 }));
  return {
    siteName: detail.siteName,
    stuLogo: logo.stuLogo,
    home: parsePlatformImages(detail.homeImage),
    study: parsePlatformImages(detail.studyImage),
    categories,
    courseCount: categories.reduce((a, c) => a + c.count, 0),
  };
}

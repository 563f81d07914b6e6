/** Body schemas of the home modules and the site's settings (SPEC 7 Home, Site). */
import { z } from 'zod';
import { COURSE_CATEGORIES } from '@/lib/constants';

const categoryCode = z.union(
  COURSE_CATEGORIES.map((c) => z.literal(c.code)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>],
);

/** Home lists: an optional size, capped so no caller can ask for the whole table. */
export const homeListSchema = (max: number) => z.object({ pageSize: z.int32().min(1).max(max).optional() });
export const homeCourseListSchema = homeListSchema(24).extend({ categoryCode: categoryCode.optional() });
export const dictionarySchema = z.object({ dictType: z.string().trim().min(1).max(40) });
export const courseTypeSchema = z.object({ categoryCode: categoryCode.optional() });

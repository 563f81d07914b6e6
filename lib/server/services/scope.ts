/**
 * What every public read is scoped by: the site a call serves and whether it came in under /api/platform/
 * (SPEC 1: party-school and column hosts). Shared by every service domain.
 */
import { chinaDate } from '@/lib/format';
import type { Site } from '@/lib/variants';

export interface Scope {
  site: Site;
  platform: boolean;
}

/** The scope of an endpoint call. */
export const scopeOf = (ctx: { site: Site; platform: boolean }): Scope => ({ site: ctx.site, platform: ctx.platform });

/** The study year of a moment: the calendar year in China. */
export const yearOf = (now: Date) => chinaDate(now).year;

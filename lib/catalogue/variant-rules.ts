/**
 * How the catalogue pages differ per variant (SPEC 2.2, 2.5): the party-school host has only the
 * party-theory course category; train filters come from the variant table (lib/variants).
 */
import { COURSE_CATEGORIES } from '@/lib/constants';
import { findRoute, type Variant } from '@/lib/variants';

export function courseCategories(variant: Variant) {
  return variant.key === 'partySchool' ? COURSE_CATEGORIES.filter((c) => c.code === 301) : [...COURSE_CATEGORIES];
}

/** Which pages a course or live page may link to on this host (never a page outside its route set). */
export function detailLinks(variant: Variant, categoryCode?: number) {
  return {
    category: !!findRoute(variant, '/course/index') && courseCategories(variant).some((c) => c.code === categoryCode),
    teacher: !!findRoute(variant, '/teacher/detail'),
  };
}

export const LIST_PAGE_SIZE = 12;
export const TRAIN_PAGE_SIZE = 10;
export const NEWS_PAGE_SIZE = 15;

/**
 * The home page's modules (SPEC 1, 7 Home): which call feeds each, per variant. The server page
 * prefetches exactly these keys and the client modules read them, so nothing is fetched twice.
 */
import { platformPath } from '@/lib/api/core';
import { findRoute, type Variant } from '@/lib/variants';

export const HOME_CALLS = {
  banner: '/api/banner/list',
  news: '/api/mtTrainnews/homeNews',
  notices: '/api/msgMessageinfo/homeList',
  series: '/api/recommendseries/homeList',
  course: '/api/course/homeList',
  live: '/api/live/homeList',
  teacher: '/api/tchrBaseinfo/homeList',
  train: '/api/train/homeList',
  rankOperator: '/api/rank/operator',
  rankOrg: '/api/rank/org',
  rankOrgCourse: '/api/rank/orgCourse',
} as const;

export type HomeModuleKey = keyof typeof HOME_CALLS;

/** A module is shown when the variant has the list page it leads to. */
const NEEDS_ROUTE: Partial<Record<HomeModuleKey, string>> = {
  live: '/live/index',
  teacher: '/teacher/index',
  rankOperator: '/rank/index',
  rankOrg: '/rank/index',
  rankOrgCourse: '/rank/index',
};

export function homeModules(variant: Variant): HomeModuleKey[] {
  return (Object.keys(HOME_CALLS) as HomeModuleKey[]).filter((k) => {
    const route = NEEDS_ROUTE[k];
    return !route || !!findRoute(variant, route);
  });
}

/** The request body of each module: rankings show their top five on the home page. */
const HOME_BODY: Partial<Record<HomeModuleKey, { pageSize: number }>> = {
  rankOperator: { pageSize: 5 },
  rankOrg: { pageSize: 5 },
  rankOrgCourse: { pageSize: 5 },
};

export function homeCallBody(key: HomeModuleKey): { pageSize: number } | undefined {
  return HOME_BODY[key];
}

export function homeCallPath<K extends HomeModuleKey>(key: K, variant: Variant): (typeof HOME_CALLS)[K] {
  return platformPath(HOME_CALLS[key], variant.platform);
}

/** Addresses of the unit area (issue 25): its pages, and the exports of its tables with the report's filters. */
import type { ExportFormat, ExportTable, MyPowers } from '@/lib/contract/management';
import { routeUrl } from '@/lib/contract/routes';
import type { UnitFilters } from '@/lib/validation/management';

export const UNIT_PATH = '/personal/unit';
export const ROLES_PATH = '/personal/roles';
export const IMPORT_PATH = '/personal/import';
export const REVIEW_PATH = '/personal/review';
export const NOTICES_PATH = '/personal/notices';
export const SERIES_ADMIN_PATH = '/personal/series';
/** Every page of the unit area (切换至全院 leads back from any of them). */
export const AREA_PATHS = [UNIT_PATH, ROLES_PATH, REVIEW_PATH, NOTICES_PATH, IMPORT_PATH, SERIES_ADMIN_PATH];

/**
 * Where 切换至本单位 leads a manager: the unit report, else the first screen their powers open (a content manager
 * reviews courses or publishes notices only); null without any.
 */
export function areaHome(powers: MyPowers['powers']): string | null {
  const has = (p: string, whole = false) => powers.some((x) => x.power === p && (!whole || x.orgIds === null));
  if (has('unit-report')) return UNIT_PATH;
  if (has('course-review')) return REVIEW_PATH;
  if (has('notice-publish', true)) return NOTICES_PATH;
  if (has('role-manage')) return ROLES_PATH;
  if (has('user-import')) return IMPORT_PATH;
  if (has('series-manage')) return SERIES_ADMIN_PATH;
  return null;
}

/** The streamed export of a table (the contract's /api/manage/export route): the same filters as the screen. */
export function exportHref(table: ExportTable, format: ExportFormat, filters: UnitFilters): string {
  return routeUrl('/api/manage/export', { table, format, ...filters });
}

/** Addresses of the unit area (issue 25): its pages, and the exports of its tables with the report's filters. */
import type { ExportFormat, ExportTable } from '@/lib/contract/management';
import type { UnitFilters } from '@/lib/validation/management';

export const UNIT_PATH = '/personal/unit';
export const ROLES_PATH = '/personal/roles';

/** The streamed export of a table (app/api/manage/export): the same filters as the screen. */
export function exportHref(table: ExportTable, format: ExportFormat, filters: UnitFilters): string {
  const q = new URLSearchParams({ table, format });
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === '') continue;
    q.set(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  }
  return `/api/manage/export?${q.toString()}`;
}

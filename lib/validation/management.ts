/** Body schemas of the management endpoints (issue 25): scoped roles and the unit report's filters. */
import { z } from 'zod';
import { MAX_PAGE_SIZE, POSITION_LEVELS } from '@/lib/constants';
import { EXPORT_FORMATS, EXPORT_TABLES, POWERS } from '@/lib/contract/management';
import { id } from './common';

export const powerSchema = z.object({ power: z.enum(POWERS) });

export const grantSchema = z.object({
  /** The login name of the operator who gets the role. */
  userId: z.string().trim().min(1).max(120),
  roleId: id,
  /** null: the whole institution. */
  orgId: id.nullable(),
});

export const revokeSchema = z.object({ id });

export const grantListSchema = z.object({
  pageNum: z.int32().min(1).max(100_000).default(1),
  pageSize: z.int32().min(1).max(MAX_PAGE_SIZE).default(20),
});

/** The filters of the unit report, shared by its page and its exports. */
export const unitFiltersSchema = z.object({
  year: z.int32().min(2000).max(2100).optional(),
  orgId: id.optional(),
  positionLevel: z
    .int32()
    .min(0)
    .max(POSITION_LEVELS.length - 1)
    .optional(),
  partyMember: z.boolean().optional(),
  met: z.boolean().optional(),
  name: z.string().trim().max(40).optional(),
});
export type UnitFilters = z.infer<typeof unitFiltersSchema>;

export const unitReportSchema = unitFiltersSchema.extend({
  pageNum: z.int32().min(1).max(100_000).default(1),
  pageSize: z.int32().min(1).max(MAX_PAGE_SIZE).default(20),
});

export const exportSchema = unitFiltersSchema.extend({
  table: z.enum(EXPORT_TABLES),
  format: z.enum(EXPORT_FORMATS),
});

/** A query string's values as the export schema's types (numbers and booleans); anything else is left for zod to refuse. */
export function exportQuery(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of params) {
    if (v === '') continue;
    if (k === 'year' || k === 'orgId' || k === 'positionLevel') out[k] = /^-?\d+$/.test(v) ? Number(v) : v;
    else if (k === 'partyMember' || k === 'met')
      out[k] = v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v;
    else out[k] = v;
  }
  return out;
}

/**
 * Endpoints of the management area (issue 25): the operations log (等保2.0), scoped roles and their administration,
 * and the unit report. Each checks its power and scope in its service (services/management/powers.ts); the
 * report's exports stream through app/api/manage/export (lib/server/http/exports.ts).
 */
import type { ManagementContract } from '@/lib/contract/endpoints';
import { emptySchema as empty } from '@/lib/validation/common';
import { paging } from '@/lib/validation/catalogue';
import { z } from 'zod';
import { grantListSchema, grantSchema, powerSchema, revokeSchema, unitReportSchema } from '@/lib/validation/management';
import { contractTable, endpoint } from '../http/endpoint';
import { operationLogPage } from '../services/management/operation-log';
import { myPowers } from '../services/management/powers';
import { grantRole, listGrants, listRoles, orgsFor, revokeGrant } from '../services/management/roles';
import { unitReport } from '../services/reports/unit-report';

export const MANAGEMENT_ENDPOINTS = contractTable<keyof ManagementContract>({
  '/api/manage/operationLog': endpoint(
    paging.extend({ pageSize: z.int32().min(1).max(100).default(20) }),
    'user',
    (b, ctx) => operationLogPage(ctx.user, b),
  ),
  '/api/manage/myPowers': endpoint(empty, 'user', (_b, ctx) => myPowers(ctx.user)),
  '/api/manage/roles': endpoint(empty, 'user', (_b, ctx) => listRoles(ctx.user)),
  '/api/manage/orgs': endpoint(powerSchema, 'user', (b, ctx) => orgsFor(ctx.user, b.power)),
  '/api/manage/grants': endpoint(grantListSchema, 'user', (b, ctx) => listGrants(ctx.user, b)),
  '/api/manage/grant': endpoint(grantSchema, 'user', (b, ctx) => grantRole(ctx.user, b)),
  '/api/manage/revoke': endpoint(revokeSchema, 'user', (b, ctx) => revokeGrant(ctx.user, b)),
  '/api/manage/unitReport': endpoint(unitReportSchema, 'user', (b, ctx) => unitReport(ctx.user, b)),
});

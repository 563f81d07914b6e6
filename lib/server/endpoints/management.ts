/** Endpoints for managers (cmsRoleCount > 0) inside the portal: the operations log (等保2.0). */
import { z } from 'zod';
import { paging } from '@/lib/validation/catalogue';
import { endpoint, type Endpoint } from '../http/endpoint';
import { operationLogPage } from '../services/management/operation-log';

export const MANAGEMENT_ENDPOINTS: Record<string, Endpoint> = {
  '/api/manage/operationLog': endpoint(
    paging.extend({ pageSize: z.int32().min(1).max(100).default(20) }),
    'user',
    (b, ctx) => operationLogPage(ctx.user!, b),
  ),
};

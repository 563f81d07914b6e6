/**
 * Endpoints of the management area (issue 25): the operations log (等保2.0), scoped roles and their administration,
 * and the unit report. Each checks its power and scope in its service (services/management/powers.ts); the
 * report's exports stream through app/api/manage/export (lib/server/http/exports.ts).
 */
import type { ManagementContract } from '@/lib/contract/endpoints';
import { emptySchema as empty } from '@/lib/validation/common';
import { paging } from '@/lib/validation/catalogue';
import { z } from 'zod';
import {
  grantListSchema,
  grantSchema,
  noticeActionSchema,
  noticeAdminListSchema,
  noticeIdSchema,
  noticePreviewSchema,
  noticeWriteSchema,
  powerSchema,
  reviewPreviewSchema,
  reviewQueueSchema,
  revokeSchema,
  unitReportSchema,
} from '@/lib/validation/management';
import { contractTable, endpoint } from '../http/endpoint';
import { operationLogPage } from '../services/management/operation-log';
import { myPowers } from '../services/management/powers';
import { grantRole, listGrants, listRoles, orgsFor, revokeGrant } from '../services/management/roles';
import { unitReport } from '../services/reports/unit-report';
import { resetTotp, setRoleTotp } from '../services/management/second-factor';
import { resetTotpSchema, roleTotpSchema } from '@/lib/validation/totp';
import { undoImport } from '../services/management/user-import';
import { undoImportSchema } from '@/lib/validation/user-import';
import { reviewPreview, reviewQueue } from '../services/spaces/course-review';
import { adminNotice, adminNotices, noticeAction, previewNotice, writeNotice } from '../services/catalogue/notices';

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
  // --- The TOTP second factor (issue 38): required per role; reset for a locked-out manager ---
  '/api/manage/roleTotp': endpoint(roleTotpSchema, 'user', (b, ctx) => setRoleTotp(ctx.user, b)),
  '/api/manage/resetTotp': endpoint(resetTotpSchema, 'user', (b, ctx) => resetTotp(ctx.user, b)),
  '/api/manage/unitReport': endpoint(unitReportSchema, 'user', (b, ctx) => unitReport(ctx.user, b)),
  '/api/manage/userImport/undo': endpoint(undoImportSchema, 'user', (b, ctx) => undoImport(ctx.user, b.userIds)),
  // 课程审核: the queue and a course's preview; the decision is /api/course/audit (endpoints/spaces.ts).
  '/api/manage/reviewQueue': endpoint(reviewQueueSchema, 'user', (b, ctx) => reviewQueue(ctx.user, b)),
  '/api/manage/reviewPreview': endpoint(reviewPreviewSchema, 'user', (b, ctx) => reviewPreview(ctx.user, b.courseId)),
  // 通知公告发布: every notice, one to edit or preview, writing and publishing, 撤回 and 置顶.
  '/api/manage/notices': endpoint(noticeAdminListSchema, 'user', (b, ctx) => adminNotices(ctx.user, b)),
  '/api/manage/notice': endpoint(noticeIdSchema, 'user', (b, ctx) => adminNotice(ctx.user, b.id)),
  '/api/manage/noticePreview': endpoint(noticePreviewSchema, 'user', (b, ctx) => previewNotice(ctx.user, b)),
  '/api/manage/noticeWrite': endpoint(noticeWriteSchema, 'user', (b, ctx) => writeNotice(ctx.user, b)),
  '/api/manage/noticeAction': endpoint(noticeActionSchema, 'user', (b, ctx) => noticeAction(ctx.user, b)),
});

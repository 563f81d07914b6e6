/**
 * Endpoints of the management area (issue 25): the operations log (等保2.0), scoped roles and their administration,
 * and the unit report. Each line declares the power its service checks, with the object's unit
 * (services/management/powers.ts), and what goes into the operations log. The report's exports stream through app/api/manage/export (lib/server/http/exports.ts).
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
import { contractTable, endpoint, READ } from './endpoint';
import { answeredId, str } from '../services/management/audited-calls';
import { operationLogPage } from '../services/management/operation-log';
import { myPowers } from '../services/management/powers';
import { grantRole, listGrants, listRoles, orgsFor, revokeGrant } from '../services/management/roles';
import { unitReport } from '../services/management/unit-report';
import { resetTotp, setRoleTotp } from '../services/management/second-factor';
import { resetTotpSchema, roleTotpSchema } from '@/lib/validation/totp';
import { undoImport } from '../services/management/user-import';
import { undoImportSchema } from '@/lib/validation/user-import';
import { reviewPreview, reviewQueue } from '../services/management/review';
import { adminNotice, adminNotices, noticeAction, previewNotice, writeNotice } from '../services/catalogue/notices';

export const MANAGEMENT_ENDPOINTS = contractTable<keyof ManagementContract>({
  '/api/manage/operationLog': endpoint(
    paging.extend({ pageSize: z.int32().min(1).max(100).default(20) }),
    { auth: 'user', power: 'role-manage', audit: READ },
    (b, ctx) => operationLogPage(ctx.user, b),
  ),
  '/api/manage/myPowers': endpoint(empty, { auth: 'user', audit: READ }, (_b, ctx) => myPowers(ctx.user)),
  '/api/manage/roles': endpoint(empty, { auth: 'user', power: 'role-manage', audit: READ }, (_b, ctx) =>
    listRoles(ctx.user),
  ),
  '/api/manage/orgs': endpoint(powerSchema, { auth: 'user', power: 'from body', audit: READ }, (b, ctx) =>
    orgsFor(ctx.user, b.power),
  ),
  '/api/manage/grants': endpoint(grantListSchema, { auth: 'user', power: 'role-manage', audit: READ }, (b, ctx) =>
    listGrants(ctx.user, b),
  ),
  '/api/manage/grant': endpoint(
    grantSchema,
    {
      auth: 'user',
      power: 'role-manage',
      audit: {
        action: 'role-grant',
        target: (i) => `user:${str(i.userId)}`,
        detail: (i) => `role=${str(i.roleId)} org=${i.orgId === null ? 'all' : str(i.orgId)}`,
      },
    },
    (b, ctx) => grantRole(ctx.user, b),
  ),
  '/api/manage/revoke': endpoint(
    revokeSchema,
    { auth: 'user', power: 'role-manage', audit: { action: 'role-revoke', target: (i) => `grant:${str(i.id)}` } },
    (b, ctx) => revokeGrant(ctx.user, b),
  ),
  // The TOTP second factor: required per role; reset for a locked-out manager (the service writes totp-policy and
  // totp-reset rows itself, with the before and after).
  '/api/manage/roleTotp': endpoint(
    roleTotpSchema,
    { auth: 'user', power: 'role-manage', audit: { none: 'the service writes its totp-policy row' } },
    (b, ctx) => setRoleTotp(ctx.user, b),
  ),
  '/api/manage/resetTotp': endpoint(
    resetTotpSchema,
    { auth: 'user', power: 'role-manage', audit: { none: 'the service writes its totp-reset row' } },
    (b, ctx) => resetTotp(ctx.user, b),
  ),
  '/api/manage/unitReport': endpoint(unitReportSchema, { auth: 'user', power: 'unit-report', audit: READ }, (b, ctx) =>
    unitReport(ctx.user, b),
  ),
  '/api/manage/userImport/undo': endpoint(
    undoImportSchema,
    {
      auth: 'user',
      power: 'user-import',
      audit: {
        action: 'user-import-undo',
        target: (_i, data) => `removed:${str((data as { removed?: number } | null)?.removed)}`,
        detail: (i) => (Array.isArray(i.userIds) ? i.userIds.slice(0, 20).join(',') : ''),
      },
    },
    (b, ctx) => undoImport(ctx.user, b.userIds),
  ),
  // 课程审核: the queue and a course's preview; the decision is /api/course/audit (endpoints/spaces.ts).
  '/api/manage/reviewQueue': endpoint(
    reviewQueueSchema,
    { auth: 'user', power: 'course-review', audit: READ },
    (b, ctx) => reviewQueue(ctx.user, b),
  ),
  '/api/manage/reviewPreview': endpoint(
    reviewPreviewSchema,
    { auth: 'user', power: 'course-review', audit: READ },
    (b, ctx) => reviewPreview(ctx.user, b.courseId),
  ),
  // 通知公告发布: every notice, one to edit or preview, writing and publishing, 撤回 and 置顶.
  '/api/manage/notices': endpoint(
    noticeAdminListSchema,
    { auth: 'user', power: 'notice-publish', audit: READ },
    (b, ctx) => adminNotices(ctx.user, b),
  ),
  '/api/manage/notice': endpoint(noticeIdSchema, { auth: 'user', power: 'notice-publish', audit: READ }, (b, ctx) =>
    adminNotice(ctx.user, b.id),
  ),
  '/api/manage/noticePreview': endpoint(
    noticePreviewSchema,
    { auth: 'user', power: 'notice-publish', audit: { none: 'renders a draft, stores nothing' } },
    (b, ctx) => previewNotice(ctx.user, b),
  ),
  '/api/manage/noticeWrite': endpoint(
    noticeWriteSchema,
    {
      auth: 'user',
      power: 'notice-publish',
      audit: {
        action: 'notice-publish',
        target: answeredId('notice'),
        detail: (i) => `${i.publish ? 'publish' : 'save'} ${str(i.title)}`,
      },
    },
    (b, ctx) => writeNotice(ctx.user, b),
  ),
  '/api/manage/noticeAction': endpoint(
    noticeActionSchema,
    {
      auth: 'user',
      power: 'notice-publish',
      audit: { action: 'notice-publish', target: (i) => `notice:${str(i.id)}`, detail: (i) => str(i.action) },
    },
    (b, ctx) => noticeAction(ctx.user, b),
  ),
});

/**
 * The management area's contract types (issue 25): scoped roles and their powers, the unit report of study hours.
 * Shared by the endpoints (lib/server/endpoints/management.ts) and the screens (components/management).
 */
import type { Page } from './home';

/** The named powers a role grants, each over organisations (and their sub-organisations) or the whole institution. */
export const POWERS = [
  'course-review',
  'notice-publish',
  'application-review',
  'unit-report',
  'user-import',
  'role-manage',
  'series-manage',
  'live-manage',
] as const;
export type Power = (typeof POWERS)[number];

export const POWER_NAMES: Record<Power, string> = {
  'course-review': '课程审核',
  'notice-publish': '通知公告发布',
  'application-review': '报名审核',
  'unit-report': '本单位学时报表',
  'user-import': '用户导入',
  'role-manage': '角色管理',
  'series-manage': '系列专题管理',
  'live-manage': '直播管理',
};

/** The name shown for a grant over the whole institution (org null). */
export const WHOLE_INSTITUTION = '全院';

export const MSG_NO_POWER = '没有管理权限';
export const MSG_NO_ORG_POWER = '没有该单位的管理权限';
/** Refused to a reviewer (of courses or of applications) without the power. */
export const MSG_NO_REVIEW = '没有审核权限';

/** An entry of the operations log (等保2.0), newest first. */
export interface OperationLogRow {
  id: number;
  at: string;
  operatorId: number | null;
  userId: string;
  action: string;
  outcome: string;
  target: string;
  detail: string;
  ip: string;
  requestId: string;
}

/** What the signed-in user may do, and where: org ids null means the whole institution. */
export interface MyPowers {
  powers: { power: Power; orgIds: number[] | null }[];
}

export interface RoleItem {
  id: number;
  name: string;
  powers: Power[];
  description: string;
  /** Holders must pass the TOTP second factor before any management call. */
  requireTotp: boolean;
}

export interface OrgItem {
  id: number;
  name: string;
  parentId: number | null;
}

export interface GrantItem {
  id: number;
  operatorId: number;
  userId: string;
  operatorName: string;
  roleId: number;
  roleName: string;
  orgId: number | null;
  orgName: string;
  createdAt: string;
}

/** One learner's year in the unit report: hours (decimal, 1 place) against the requirement of their position level. */
export interface UnitLearnerRow {
  operatorId: number;
  userId: string;
  name: string;
  orgName: string;
  positionLevel: number;
  partyMember: boolean;
  onlineHours: number;
  offlineHours: number;
  totalHours: number;
  requiredOnline: number;
  requiredOffline: number;
  met: boolean;
  coursesCompleted: number;
  trainsCompleted: number;
  examsPassed: number;
}

export interface UnitMonth {
  month: number;
  onlineHours: number;
  offlineHours: number;
  /** Learners who had met the year's requirement by the end of this month. */
  metLearners: number;
}

export interface UnitTotals {
  learners: number;
  met: number;
  onlineHours: number;
  offlineHours: number;
  coursesCompleted: number;
  trainsCompleted: number;
  examsPassed: number;
}

export interface UnitReport extends Page<UnitLearnerRow> {
  year: number;
  totals: UnitTotals;
  months: UnitMonth[];
  /** The organisations the user may see, for the filter. */
  orgs: OrgItem[];
}

/** The tables of the unit area that can be exported (/api/manage/export?table=...&format=csv|xlsx). */
export const EXPORT_TABLES = ['learners', 'months'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What the services answer (moved from lib/server/services: each message once, here). */
export const MSG_USER_NOT_FOUND = '用户不存在';
export const MSG_ROLE_NOT_FOUND = '角色不存在';
export const MSG_GRANT_NOT_FOUND = '授权不存在';
export const MSG_ORG_NOT_FOUND = '单位不存在';
export const IMPORT_RACE_MSG = '导入时有账号、邮箱或手机号已被他人使用，未导入任何用户，请重新上传';

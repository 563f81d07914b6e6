/**
 * Every number of SPEC 9 appears here once, named, with the section it comes from.
 * Import from here; never write one of these numbers a second time.
 */

/** SPEC 9: HTTP timeout of the client version this portal follows (the other reads 300000). */
export const HTTP_TIMEOUT_MS = 30_000;
/** SPEC 9: lazy chunk load timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** SPEC 8/9: token check failures are ignored and the callback runs after this delay. */
export const TOKEN_CHECK_CALLBACK_DELAY_MS = 500;
/** SPEC 2.1/9: opening a named window again is delayed. */
export const WINDOW_REOPEN_DELAY_MS = 300;
/** SPEC 9: messages last this long. */
export const MESSAGE_DURATION_MS = 3_000;
/** SPEC 2.8/9: the login splash closes itself after this long. */
export const LOGIN_SPLASH_MS = 4_000;
/** SPEC 4.1/9: session idle timeout (4 hours) -> code 2000. */
export const SESSION_IDLE_MS = 4 * 60 * 60 * 1000;
/** SPEC 4.2/9: QR login poll. */
export const QR_POLL_INTERVAL_MS = 1_000;
export const QR_POLL_MAX_TRIES = 50;
export const QR_SIZE_PX = 248;
/** SPEC 4.2/9: perfect-info prompt delay after login; reopen of passport-link dialogs. */
export const PERFECT_INFO_DELAY_MS = 3_000;
export const LINK_DIALOG_REOPEN_MS = 2_000;
/** SPEC 5/9: password rule. */
export const PASSWORD_MIN_LENGTH = 8;
/** SPEC 5/9: reset e-mail within 2 minutes; link valid 30 minutes. */
export const RESET_MAIL_WITHIN_MS = 2 * 60 * 1000;
export const RESET_LINK_VALID_MS = 30 * 60 * 1000;
/** SPEC 9: course trial viewing. */
export const COURSE_TRIAL_SECONDS = 3 * 60;
/** SPEC 1/9: required study hours per year. */
export const REQUIRED_OFFLINE_HOURS = 90;
export const REQUIRED_OFFLINE_HOURS_LEADER = 110;
export const REQUIRED_ONLINE_HOURS = 50;
/**
 * SPEC 1/9: position level from which the leader requirement (110 offline hours) applies: "division-level and above
 * leaders" (处级及以上领导干部), so 副县处级 (1) and above, as every text of the site says (issue 26's decision).
 */
export const LEADER_POSITION_LEVEL = 1;
/** SPEC 1/9: footer counts. */
export const NATIONAL_BASE_COUNT = 9;
export const ACADEMY_BASE_COUNT = 7;
export const SPECIAL_COLUMN_COUNT = 3;
/** SPEC 9: root font size: 100px, or 136600/1920 px under 1280 px wide. */
export const ROOT_FONT_PX = 100;
export const ROOT_FONT_NARROW_PX = 136_600 / 1920;
export const ROOT_FONT_BREAKPOINT_PX = 1280;
/** SPEC 2.8/9: print preview z-index. */
export const PRINT_PREVIEW_Z_INDEX = 20002;
/** SPEC 2.6/9: login dialog widths by mode, in rem. */
export const LOGIN_DIALOG_WIDTH_REM = { narrow: 6.1, normal: 8.1, wide: 10.1 } as const;
/** SPEC 3/9: storage key of the token (the cookie name here, see docs/design.md §5). */
export const TOKEN_STORAGE_KEY = 'Continuing-Education-Web-Token';

/** SPEC 2.1/9: course categories. */
export const COURSE_CATEGORIES = [
  { code: 301, name: '党的理论' },
  { code: 302, name: '学术前沿' },
  { code: 303, name: '科技管理' },
  { code: 304, name: '科研技能' },
  { code: 305, name: '素质能力' },
  { code: 306, name: '成长路径' },
] as const;
export type CourseCategoryCode = (typeof COURSE_CATEGORIES)[number]['code'];
/** SPEC 2.1/9: train types. */
export const TRAIN_TYPES = [
  { code: 5001, name: '培训项目' },
  { code: 5002, name: '学术报告' },
] as const;
/** SPEC 2.1/9: teacher types. */
export const TEACHER_TYPES = [
  { code: 1, name: '院内师资' },
  { code: 2, name: '院外师资' },
] as const;
/** SPEC 2.1/9: policy types. */
export const POLICY_TYPES = [
  { code: 1, name: '政策文件' },
  { code: 2, name: '工作流程' },
] as const;
/** SPEC 9: position levels 0-5. */
export const POSITION_LEVELS = ['县处级以下', '副县处级', '正县处级', '副局级', '正局级', '局级以上'] as const;
/** SPEC 3/9: gender. */
export const GENDERS = { 1: '男', 2: '女' } as const;
/** SPEC 4.4: training apply status. */
export const TRAIN_APPLY_STATUS = {
  1: '不可报名',
  2: '未设置报名时间',
  3: '报名未开始',
  4: '可报名',
  5: '报名已结束',
  6: '报名待审核',
  7: '审核通过',
  8: '审核不通过',
  9: '内部报名',
} as const;
/** SPEC 4.3: exam status. */
export const EXAM_STATUS = {
  1: '已参加',
  [-1]: '未报名',
  [-2]: '未开始',
  3: '已结束',
  0: '未考试',
  2: '考试中',
} as const;
/** SPEC 4.5: audit status. */
export const AUDIT_STATUS = {
  1051: '未审核',
  1052: '审核通过',
  1053: '审核不通过',
  1054: '审批中',
  1055: '退回修改',
  1056: '已修改',
} as const;
/** SPEC 3: home module names. */
export const HOME_MODULES = {
  series: '系列专题',
  course: '课程资源',
  live: '直播课堂',
  teacher: '师资资源',
  train: '培训项目',
  rank: '学习排行',
} as const;

/** Paging: default and cap of page sizes accepted by the backend. */
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
/** Public pages are regenerated at most this often (seconds); writes revalidate their pages at once (lib/server/cache.ts, lib/server/services/catalogue/revalidate.ts). */
export const PUBLIC_PAGE_REVALIDATE_S = 120;

/** SPEC 7 Uploads: the file MD5 is computed in 2 MB slices; course files go up in chunks of this size too. */
export const UPLOAD_SLICE_BYTES = 2 * 1024 * 1024;

/** The three rankings (SPEC 7 rank calls), named the same on the home page and on /rank/index. */
export const RANK_TITLES = { operator: '个人学时排行', org: '单位学时排行', orgCourse: '单位学习课程排行' } as const;

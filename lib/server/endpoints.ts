/**
 * The endpoint table (DESIGN 5): path -> body schema + one service call. Route handlers for
 * /api/* and /modules/* and the in-process transport of lib/api all dispatch through it.
 * Each domain keeps its endpoints in lib/server/domains/<domain>.ts, spread in below.
 * `/api/platform/X` resolves to the entry of `/api/X` with ctx.platform = true (SPEC 1, 7).
 */
import { z } from 'zod';
import { COURSE_CATEGORIES } from '@/lib/constants';
import { endpoint, joinEndpointTables, type Endpoint } from './endpoint';
import * as home from './services/home';
import * as site from './services/site';
import { studyTotalTime } from './services/study';
import { createCaptcha } from './services/captcha';
import { myInfo, myCmsRoleList } from './services/account';
import { login, logout } from './services/auth';
import { saveNotice } from './services/notices';
import { chooseCourse, courseState } from './services/course-enrolment';
import { loginSchema } from '@/lib/validation/auth';
import { CATALOGUE_ENDPOINTS } from './domains/catalogue';
import { ACCOUNTS_ENDPOINTS } from './domains/accounts';
import { LEARNING_ENDPOINTS } from './domains/learning';
import { SPACES_ENDPOINTS } from './domains/spaces';

const categoryCode = z.union(COURSE_CATEGORIES.map((c) => z.literal(c.code)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>]);
/** Home lists: an optional size, capped so no caller can ask for the whole table. */
const homeList = (max: number) => z.object({ pageSize: z.int32().min(1).max(max).optional() });
const year = z.int32().min(2000).max(2100).optional();
const empty = z.object({});

const scope = (ctx: { site: home.Scope['site']; platform: boolean }): home.Scope => ({ site: ctx.site, platform: ctx.platform });

const CORE_ENDPOINTS: Record<string, Endpoint> = {
  // Home (SPEC 7 Home); each also answers under /api/platform/.
  '/api/banner/list': endpoint(homeList(10), 'none', async (b, ctx) => (await home.homeBanners(scope(ctx))).slice(0, b.pageSize ?? 5)),
  '/api/msgMessageinfo/homeList': endpoint(homeList(20), 'none', (b, ctx) => home.homeNotices(scope(ctx), b.pageSize ?? 8)),
  '/api/mtTrainnews/homeNews': endpoint(homeList(20), 'none', (b, ctx) => home.homeNews(scope(ctx), b.pageSize ?? 6)),
  '/api/recommendseries/homeList': endpoint(homeList(24), 'none', (b, ctx) => home.homeSeries(scope(ctx), b.pageSize ?? 4)),
  '/api/course/homeList': endpoint(homeList(24).extend({ categoryCode: categoryCode.optional() }), 'none', (b, ctx) =>
    home.homeCourses(scope(ctx), { categoryCode: b.categoryCode, size: b.pageSize ?? 8 }),
  ),
  '/api/train/homeList': endpoint(homeList(24), 'none', (b, ctx) => home.homeTrains(scope(ctx), b.pageSize ?? 4)),
  '/api/tchrBaseinfo/homeList': endpoint(homeList(24), 'none', (b, ctx) => home.homeTeachers(scope(ctx), b.pageSize ?? 6)),
  '/api/live/homeList': endpoint(homeList(24), 'none', (b, ctx) => home.homeLive(scope(ctx), b.pageSize ?? 4)),
  '/api/rank/operator': endpoint(homeList(50), 'none', (b, ctx) => home.rankOperators(scope(ctx), b.pageSize ?? 10)),
  '/api/rank/org': endpoint(homeList(50), 'none', (b, ctx) => home.rankOrgs(scope(ctx), b.pageSize ?? 10)),
  '/api/rank/orgCourse': endpoint(homeList(50), 'none', (b, ctx) => home.rankOrgCourses(scope(ctx), b.pageSize ?? 10)),

  // Site (SPEC 7 Site)
  '/api/site/requestUrlClientId': endpoint(empty, 'none', async () => site.requestUrlClientId()),
  '/api/site/getStuLogo': endpoint(empty, 'none', () => site.stuLogo()),
  '/api/site/platformDetail': endpoint(empty, 'none', (_b, ctx) => site.platformDetail(ctx.site)),
  '/api/study/globalTime': endpoint(z.object({ year }), 'none', (b) => site.globalStudyTime(b.year)),
  '/api/conversation/isShowLLM': endpoint(empty, 'optional', async (_b, ctx) => site.isShowLLM(ctx.site, ctx.user)),
  '/modules/auditSetting/detail': endpoint(empty, 'none', () => site.auditSetting()),
  '/modules/ddictionary/list': endpoint(z.object({ dictType: z.string().trim().min(1).max(40) }), 'none', (b) => site.dictionaryList(b.dictType)),
  '/modules/coursetype/list': endpoint(z.object({ categoryCode: categoryCode.optional() }), 'none', (b) => site.courseTypeTree(b.categoryCode)),
  '/modules/imgCode/detail': endpoint(empty, 'none', async () => {
    const { uuid, codeBase64, answer } = await createCaptcha();
    // Test-only hook (e2e and bench read the answer); off unless PORTAL_TEST_HOOKS=1 is set.
    return process.env.PORTAL_TEST_HOOKS === '1' ? { uuid, codeBase64, answer } : { uuid, codeBase64 };
  }),

  // Study totals (SPEC 7); /api/platform/study/totalTime in column mode.
  '/api/study/totalTime': endpoint(z.object({ year }), 'user', (b, ctx) => studyTotalTime(ctx.user!.operatorID, b.year)),

  // The signed-in user (the header needs it; the rest of the account calls come with the accounts issue).
  '/api/eosoperator/myInfo': endpoint(empty, 'user', (_b, ctx) => myInfo(ctx.user!.operatorID)),
  '/api/platform/index/myCmsRoleList': endpoint(empty, 'user', async (_b, ctx) => myCmsRoleList(ctx.user!)),

  // Username login with captcha, and logout (the rest of the dialog comes with the accounts issue).
  '/modules/eosoperator/login': endpoint(loginSchema, 'none', (b, ctx) => login(b, ctx.setCookies, ctx.ip)),
  '/modules/eosoperator/logout': endpoint(empty, 'none', (_b, ctx) => logout(ctx.token, ctx.setCookies)),

  // Management write behind a home module: publish a notice (cmsRoleCount > 0 only).
  '/api/msgMessageinfo/save': endpoint(
    z.object({
      title: z.string().trim().min(1, '请填写公告标题').max(200),
      body: z.string().max(20000).default(''),
      isTop: z.boolean().default(false),
      audiences: z.array(z.enum(['general', 'party', 'student'])).min(1).max(3).default(['general']),
    }),
    'user',
    (b, ctx) => saveNotice(ctx.user!, b),
  ),

  // 选学 and the learner's state in a course: shared by the catalogue's detail page and the player.
  '/api/course/choose': endpoint(z.object({ courseId: z.int32().positive() }), 'user', (b, ctx) => chooseCourse(ctx.user!.operatorID, b.courseId)),
  '/api/course/state': endpoint(z.object({ courseId: z.int32().positive() }), 'optional', (b, ctx) => courseState(ctx.user?.operatorID ?? null, b.courseId)),
};

export const ENDPOINTS: Record<string, Endpoint> = joinEndpointTables(CORE_ENDPOINTS, CATALOGUE_ENDPOINTS, ACCOUNTS_ENDPOINTS, LEARNING_ENDPOINTS, SPACES_ENDPOINTS);

/**
 * Endpoints of the home page's modules and the site's settings (SPEC 7 Home, Site), spread into the endpoint table
 * (lib/server/endpoints). Each also answers under /api/platform/.
 */
import type { HomeContract } from '@/lib/contract/endpoints';
import { emptySchema as empty } from '@/lib/validation/common';
import {
  courseTypeSchema,
  dictionarySchema,
  homeCourseListSchema,
  homeListSchema as homeList,
} from '@/lib/validation/home';
import { yearSchema } from '@/lib/validation/learning';
import { contractTable, endpoint } from './endpoint';
import * as home from '../services/catalogue/home';
import * as site from '../services/catalogue/site';
import { scienceIndex } from '../services/catalogue/science-index';
import * as assistantQuota from '../services/assistant/quota';
import { scopeOf } from '../services/scope';

export const HOME_ENDPOINTS = contractTable<keyof HomeContract>({
  // Home (SPEC 7 Home); each also answers under /api/platform/.
  '/api/banner/list': endpoint(homeList(10), 'none', async (b, ctx) =>
    (await home.homeBanners(scopeOf(ctx))).slice(0, b.pageSize ?? 5),
  ),
  '/api/msgMessageinfo/homeList': endpoint(homeList(20), 'none', (b, ctx) =>
    home.homeNotices(scopeOf(ctx), b.pageSize ?? 8),
  ),
  '/api/mtTrainnews/homeNews': endpoint(homeList(20), 'none', (b, ctx) => home.homeNews(scopeOf(ctx), b.pageSize ?? 6)),
  '/api/recommendseries/homeList': endpoint(homeList(24), 'none', (b, ctx) =>
    home.homeSeries(scopeOf(ctx), b.pageSize ?? 4),
  ),
  '/api/course/homeList': endpoint(homeCourseListSchema, 'none', (b, ctx) =>
    home.homeCourses(scopeOf(ctx), { categoryCode: b.categoryCode, size: b.pageSize ?? 8 }),
  ),
  '/api/train/homeList': endpoint(homeList(24), 'none', (b, ctx) => home.homeTrains(scopeOf(ctx), b.pageSize ?? 4)),
  '/api/tchrBaseinfo/homeList': endpoint(homeList(24), 'none', (b, ctx) =>
    home.homeTeachers(scopeOf(ctx), b.pageSize ?? 6),
  ),
  '/api/live/homeList': endpoint(homeList(24), 'none', (b, ctx) => home.homeLive(scopeOf(ctx), b.pageSize ?? 4)),
  '/api/rank/operator': endpoint(homeList(50), 'none', (b, ctx) => home.rankOperators(scopeOf(ctx), b.pageSize ?? 10)),
  '/api/rank/org': endpoint(homeList(50), 'none', (b, ctx) => home.rankOrgs(scopeOf(ctx), b.pageSize ?? 10)),
  '/api/rank/orgCourse': endpoint(homeList(50), 'none', (b, ctx) =>
    home.rankOrgCourses(scopeOf(ctx), b.pageSize ?? 10),
  ),

  // Site (SPEC 7 Site)
  '/api/site/requestUrlClientId': endpoint(empty, 'none', async () => site.requestUrlClientId()),
  '/api/site/getStuLogo': endpoint(empty, 'none', () => site.stuLogo()),
  '/api/site/retrievalContacts': endpoint(empty, 'none', async () => site.retrievalContacts()),
  '/api/site/platformDetail': endpoint(empty, 'none', (_b, ctx) => site.platformDetail(ctx.site)),
  '/api/science/index': endpoint(empty, 'none', (_b, ctx) => scienceIndex({ site: ctx.site, platform: ctx.platform })),
  '/api/study/globalTime': endpoint(yearSchema, 'none', (b) => site.globalStudyTime(b.year)),
  '/api/conversation/isShowLLM': endpoint(empty, 'optional', async (_b, ctx) => site.isShowLLM(ctx.site, ctx.user)),
  '/api/conversation/quota': endpoint(empty, 'user', (_b, ctx) => assistantQuota.quotaOf(ctx.user)),
  '/modules/auditSetting/detail': endpoint(empty, 'none', () => site.auditSetting()),
  '/modules/ddictionary/list': endpoint(dictionarySchema, 'none', (b) => site.dictionaryList(b.dictType)),
  '/modules/coursetype/list': endpoint(courseTypeSchema, 'none', (b) => site.courseTypeTree(b.categoryCode)),
});

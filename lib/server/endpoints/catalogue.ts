/**
 * Endpoints of the catalogue domain, spread into the endpoint table (lib/server/endpoints).
 * Each: a zod body schema (lib/validation/catalogue.ts) and one service call. Every one also answers under
 * /api/platform/ (party-school and column hosts), scoped to the variant's own audience.
 */
import type { CatalogueContract } from '@/lib/contract/endpoints';
import { contractTable, endpoint } from './endpoint';
import { answeredId, str } from '../services/management/audited-calls';
import * as cat from '../services/catalogue';
import { saveNotice } from '../services/catalogue/notices';
import * as train from '../services/catalogue/trains';
import * as enrol from '../services/catalogue/train-applications';
import * as search from '../services/search/search';
import { scopeOf } from '../services/scope';
import {
  byCourse,
  byId,
  bySeries,
  byTrain,
  courseListSchema,
  courseUpdateSchema,
  hotListSchema,
  paging,
  noticeSaveSchema,
  policyListSchema,
  reviewListSchema,
  searchFullSchema,
  searchKeySchema,
  searchSchema,
  seriesListSchema,
  sitemapCountsSchema,
  sitemapEntriesSchema,
  teacherListSchema,
  trainFiltersSchema,
  trainListSchema,
  trainReviewSchema,
  trainStudentsSchema,
} from '@/lib/validation/catalogue';
import type { SearchTab } from '@/lib/contract/catalogue';

const scope = scopeOf;
const applyState = (v: 0 | 1 | 2 | undefined) => (v ? v : undefined);

const criteria = (key: train.TrainCriterion) =>
  endpoint(trainFiltersSchema, 'none', (b, ctx) =>
    train.trainCriteria(scope(ctx), key, { ...b, applyState: applyState(b.applyState) }),
  );

const searchTab = (tab: SearchTab) =>
  endpoint(searchSchema, 'none', (b, ctx) => search.searchTab(scope(ctx), tab, b.key, b, ctx.ip));

export const CATALOGUE_ENDPOINTS = contractTable<keyof CatalogueContract>({
  // Management write behind a home module: publish a notice (cmsRoleCount > 0 only).
  '/api/msgMessageinfo/save': endpoint(
    noticeSaveSchema,
    {
      auth: 'user',
      power: 'notice-publish',
      audit: { action: 'notice-publish', target: answeredId('notice'), detail: (i) => str(i.title) },
    },
    (b, ctx) => saveNotice(ctx.user, b),
  ),

  // Courses
  '/api/course/list': endpoint(courseListSchema, 'none', (b, ctx) => cat.courseList(scope(ctx), b)),
  '/api/course/hotList': endpoint(hotListSchema, 'none', (b, ctx) => cat.courseHotList(scope(ctx), b)),
  '/api/course/detail': endpoint(byId, 'none', (b, ctx) => cat.courseDetail(scope(ctx), b.id)),
  '/api/course/chapter': endpoint(byCourse, 'none', (b, ctx) => cat.courseChaptersOf(scope(ctx), b.courseId)),
  '/api/course/reviews': endpoint(reviewListSchema, 'none', (b, ctx) => cat.courseReviewList(scope(ctx), b)),
  '/api/course/manage/update': endpoint(courseUpdateSchema, { auth: 'user', power: 'course-review' }, (b, ctx) =>
    cat.updateCourseBasic(ctx.user, b),
  ),

  // Series topics (推荐系列)
  '/api/recommendseries/list': endpoint(seriesListSchema, 'none', (b, ctx) => cat.seriesList(scope(ctx), b)),
  '/api/recommendseries/detail': endpoint(byId, 'none', (b, ctx) => cat.seriesDetail(scope(ctx), b.id)),
  '/api/recommendseries/state': endpoint(bySeries, 'optional', (b, ctx) =>
    cat.seriesState(scope(ctx), ctx.user?.operatorID ?? null, b.seriesId),
  ),
  '/api/recommendseries/enrol': endpoint(bySeries, 'user', (b, ctx) =>
    cat.seriesEnrol(scope(ctx), ctx.user.operatorID, b.seriesId),
  ),

  // Training projects and academic reports (SPEC 2.5, 4.4)
  '/api/train/criteriaTrainTypeID': criteria('trainTypeId'),
  '/api/train/criteriaOrgSource': criteria('orgSource'),
  '/api/train/criteriaItemType': criteria('itemType'),
  '/api/train/list': endpoint(trainListSchema, 'none', (b, ctx) =>
    train.trainList(scope(ctx), { ...b, applyState: applyState(b.applyState) }),
  ),
  '/api/train/detail': endpoint(byId, 'none', (b, ctx) => train.trainDetail(scope(ctx), b.id)),
  '/api/train/applyStatus': endpoint(byTrain, 'optional', (b, ctx) =>
    enrol.trainApplyState(scope(ctx), ctx.user?.operatorID ?? null, b.trainId),
  ),
  '/api/train/apply': endpoint(byTrain, 'user', (b, ctx) => enrol.trainApply(scope(ctx), ctx.user, b.trainId)),
  '/api/train/review': endpoint(
    trainReviewSchema,
    {
      auth: 'user',
      power: 'application-review',
      audit: {
        action: 'application-review',
        target: (i) => `train:${str(i.trainId)} operator:${str(i.operatorId)}`,
        detail: (i) => (i.approve ? 'approve' : 'reject'),
      },
    },
    (b, ctx) => enrol.trainReview(ctx.user, b),
  ),
  '/api/train/pendingApplications': endpoint(byTrain, { auth: 'user', power: 'application-review' }, (b, ctx) =>
    enrol.trainPendingApplications(ctx.user, b.trainId),
  ),
  '/api/train/scheduleItems': endpoint(byTrain, 'none', (b, ctx) => train.trainSchedule(scope(ctx), b.trainId)),
  '/api/train/assignments': endpoint(byTrain, 'none', (b, ctx) => train.trainAssignments(scope(ctx), b.trainId)),
  '/api/train/albums': endpoint(byTrain, 'none', (b, ctx) => train.trainAlbums(scope(ctx), b.trainId)),
  '/api/train/summaries': endpoint(byTrain, 'none', (b, ctx) => train.trainSummaries(scope(ctx), b.trainId)),
  '/api/train/students': endpoint(trainStudentsSchema, { auth: 'user', power: 'application-review' }, (b, ctx) =>
    enrol.trainStudents(scope(ctx), b, ctx.user),
  ),

  // Teachers
  '/api/tchrBaseinfo/list': endpoint(teacherListSchema, 'none', (b, ctx) => cat.teacherList(scope(ctx), b)),
  '/api/tchrBaseinfo/detail': endpoint(byId, 'none', (b, ctx) => cat.teacherDetail(scope(ctx), b.id)),

  // News and notices
  '/api/mtTrainnews/list': endpoint(paging, 'none', (b, ctx) => cat.newsList(scope(ctx), b)),
  '/api/mtTrainnews/detail': endpoint(byId, 'none', (b, ctx) => cat.newsDetail(scope(ctx), b.id)),
  '/api/mtTrainnews/view': endpoint(byId, 'none', (b, ctx) => cat.newsView(scope(ctx), b.id)),
  '/api/msgMessageinfo/list': endpoint(paging, 'none', (b, ctx) => cat.noticeList(scope(ctx), b)),
  '/api/msgMessageinfo/detail': endpoint(byId, 'none', (b, ctx) => cat.noticeDetail(scope(ctx), b.id)),

  // Policies and workflows: login only (SPEC 2.3, 6)
  '/api/policy/list': endpoint(policyListSchema, 'user', (b, ctx) => cat.policyList(scope(ctx), b)),
  '/api/policy/detail': endpoint(byId, 'user', (b, ctx) => cat.policyDetail(scope(ctx), b.id)),

  // Search
  '/api/search/full': endpoint(searchFullSchema, 'none', (b, ctx) =>
    search.searchFull(scope(ctx), b.key, b.pageSize, ctx.ip),
  ),
  '/api/search/course': searchTab('course'),
  '/api/search/courseTypeTree': endpoint(searchKeySchema, 'none', (b, ctx) =>
    search.searchCourseTypeTree(scope(ctx), b.key, ctx.ip),
  ),
  '/api/search/train': searchTab('train'),
  '/api/search/project': searchTab('project'),
  '/api/search/teacher': searchTab('teacher'),
  '/api/search/news': searchTab('news'),
  '/api/search/notice': searchTab('notice'),

  // Sitemaps (app/[variant]/sitemap.xml): the public details of a site, counted and in chunks.
  '/api/sitemap/counts': endpoint(sitemapCountsSchema, 'none', (b, ctx) => cat.sitemapCounts(scope(ctx), b.kinds)),
  '/api/sitemap/entries': endpoint(sitemapEntriesSchema, 'none', (b, ctx) =>
    cat.sitemapEntries(scope(ctx), b.kind, b.size, (b.chunk - 1) * b.size),
  ),
});

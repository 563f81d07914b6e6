/**
 * Endpoints of the spaces domain, spread into the endpoint table (lib/server/endpoints): spaces and
 * comments, the creation centre (SPEC 7 Uploads: progress, updateBasic, getBasic, removeCourse; the
 * multipart uploads themselves stream through app/api/resourceFile), the manager's review, new-employee
 * series, training assessment and station recommendations.
 */
import type { SpacesContract } from '@/lib/contract/endpoints';
import { emptySchema as empty } from '@/lib/validation/common';
import { contractTable, endpoint } from './endpoint';
import { str } from '../services/management/audited-calls';
import * as spaces from '../services/spaces/spaces';
import * as creation from '../services/spaces/creation';
import * as extra from '../services/spaces/new-employee';
import { pendingUploads, uploadProgress, uploadQuota } from '../services/spaces/uploads';
import {
  assessSchema,
  basicSchema,
  byIdSchema,
  chapterIdSchema,
  chapterSchema,
  commentSchema,
  courseIdSchema as courseId,
  pagingSchema,
  privacySchema,
  progressSchema,
  reviewSchema,
  spaceCoursesSchema,
  spacePageSchema,
  spaceRef,
  stationRecommendSchema,
  topSaveSchema,
} from '@/lib/validation/spaces';
import { orgSpaceList } from '../services/catalogue/orgs';

export const SPACES_ENDPOINTS = contractTable<keyof SpacesContract>({
  // Spaces (SPEC 7: organisation and user spaces: privacy, business card, follow and fans, top)
  '/api/space/orgList': endpoint(empty, 'none', () => orgSpaceList()),
  '/api/space/detail': endpoint(spaceRef, 'none', (b, ctx) => spaces.spaceDetail(b, ctx.site)),
  '/api/space/mine': endpoint(empty, 'user', async (_b, ctx) => spaces.mySpace(ctx.user)),
  '/api/space/fans': endpoint(spacePageSchema, 'optional', (b, ctx) => spaces.fans(b, b.pageNum, b.pageSize, ctx.user)),
  '/api/space/follows': endpoint(spacePageSchema, 'optional', (b, ctx) =>
    spaces.follows(b, b.pageNum, b.pageSize, ctx.user),
  ),
  '/api/space/courses': endpoint(spaceCoursesSchema, 'optional', (b, ctx) =>
    spaces.spaceCourses(ctx.user, b, ctx.site, b.list, b.pageNum, b.pageSize),
  ),
  '/api/space/series': endpoint(spaceRef, 'optional', (b, ctx) => spaces.spaceSeries(ctx.user, b, ctx.site)),
  '/api/space/tops': endpoint(spaceRef, 'optional', (b, ctx) => spaces.spaceTopList(ctx.user, b, ctx.site)),
  '/api/space/followState': endpoint(spaceRef, 'optional', (b, ctx) => spaces.followState(ctx.user, b, ctx.site)),
  '/api/space/follow': endpoint(spaceRef, 'user', (b, ctx) => spaces.follow(ctx.user, b, true, ctx.site)),
  '/api/space/unfollow': endpoint(spaceRef, 'user', (b, ctx) => spaces.follow(ctx.user, b, false, ctx.site)),
  '/api/space/privacy/detail': endpoint(empty, 'user', (_b, ctx) => spaces.privacyDetail(ctx.user)),
  '/api/space/privacy/save': endpoint(privacySchema, 'user', (b, ctx) => spaces.savePrivacy(ctx.user, b)),
  '/api/space/top/save': endpoint(topSaveSchema, 'user', (b, ctx) => spaces.saveTop(ctx.user, b)),

  // Comments on a space
  '/api/comment/list': endpoint(spacePageSchema, 'optional', (b, ctx) =>
    spaces.commentList(ctx.user, b, b.pageNum, b.pageSize),
  ),
  '/api/comment/save': endpoint(commentSchema, 'user', (b, ctx) => spaces.saveComment(ctx.user, b, b.content)),
  '/api/comment/remove': endpoint(byIdSchema, 'user', (b, ctx) => spaces.removeComment(ctx.user, b.id)),

  // Creation centre (SPEC 7 Uploads)
  '/api/resourceFile/progress': endpoint(progressSchema, 'user', (b, ctx) => uploadProgress(ctx.user, b)),
  '/api/resourceFile/pending': endpoint(empty, 'user', (_b, ctx) => pendingUploads(ctx.user)),
  '/api/resourceFile/quota': endpoint(empty, 'user', (_b, ctx) => uploadQuota(ctx.user)),
  '/api/resourceFile/updateBasic': endpoint(basicSchema, 'user', (b, ctx) => creation.updateBasic(ctx.user, b)),
  '/api/resourceFile/getBasic': endpoint(courseId, 'user', (b, ctx) => creation.getBasic(ctx.user, b.courseId)),
  '/api/resourceFile/myCourses': endpoint(pagingSchema, 'user', (b, ctx) =>
    creation.myCourses(ctx.user, b.pageNum, b.pageSize),
  ),
  '/api/resourceFile/saveChapter': endpoint(chapterSchema, 'user', (b, ctx) => creation.saveChapter(ctx.user, b)),
  '/api/resourceFile/removeChapter': endpoint(chapterIdSchema, 'user', (b, ctx) =>
    creation.removeChapter(ctx.user, b.chapterId),
  ),
  '/api/resourceFile/submit': endpoint(courseId, 'user', (b, ctx) => creation.submitCourse(ctx.user, b.courseId)),
  '/api/resourceFile/removeCourse': endpoint(courseId, 'user', (b, ctx) => creation.removeCourse(ctx.user, b.courseId)),

  // The manager's review (cmsRoleCount > 0); the management system itself is outside the portal.
  '/api/course/auditList': endpoint(empty, { auth: 'user', power: 'course-review' }, (_b, ctx) =>
    creation.pendingReviews(ctx.user),
  ),
  '/api/course/audit': endpoint(
    reviewSchema,
    {
      auth: 'user',
      power: 'course-review',
      audit: {
        action: 'course-review',
        target: (i) => `course:${str(i.courseId)}`,
        detail: (i) => `auditStatus=${str(i.auditStatus)}`,
      },
    },
    (b, ctx) => creation.reviewCourse(ctx.user, b),
  ),

  // New-employee training, assessment, station recommendations
  '/api/newEmployee/seriesList': endpoint(empty, 'none', (_b, ctx) =>
    extra.newEmployeeSeriesList(ctx.site, ctx.platform),
  ),
  '/api/newEmployee/seriesDetail': endpoint(byIdSchema, 'optional', (b, ctx) =>
    extra.newEmployeeSeriesDetail(ctx.site, ctx.platform, ctx.user, b.id),
  ),
  '/api/assess/list': endpoint(empty, 'user', (_b, ctx) => extra.assessList(ctx.user)),
  '/api/assess/save': endpoint(assessSchema, 'user', (b, ctx) => extra.saveAssess(ctx.user, b)),
  '/api/station/recommend': endpoint(stationRecommendSchema, 'user', (b, ctx) =>
    extra.stationRecommend(ctx.user, ctx.site, ctx.platform, b.pageSize),
  ),
});

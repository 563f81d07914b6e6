/**
 * The API contract (issue 21): for every path of the endpoint table, the body it takes (the input of the zod
 * schema the server validates it with, lib/validation) and the `data` of its success envelope. The backend's
 * tables (lib/server/endpoints) are checked against it, and the client's calls (lib/api) take their types from it,
 * so a renamed path or a changed answer fails the type check on both sides.
 */
import type { z } from 'zod';
import type * as account from '@/lib/validation/accounts';
import type { loginSchema } from '@/lib/validation/auth';
import type * as cat from '@/lib/validation/catalogue';
import type { emptySchema } from '@/lib/validation/common';
import type * as home from '@/lib/validation/home';
import type * as learn from '@/lib/validation/learning';
import type * as space from '@/lib/validation/spaces';
import type * as mgmt from '@/lib/validation/management';
import type * as totp from '@/lib/validation/totp';
import type { undoImportSchema } from '@/lib/validation/user-import';
import type { ImportUndone } from './user-import';
import type * as assign from '@/lib/validation/assignments';
import type { AssignmentSubmissions, MyAssignments, Submission, SubmissionDetail } from './assignments';
import type * as sadm from '@/lib/validation/series-admin';
import type { ManagedSeries, ManagedSeriesPage, SeriesCourseOption, SeriesItem } from './series-admin';
import type { GrantItem, MyPowers, OrgItem, OperationLogRow, RoleItem, UnitReport } from './management';
import type * as notice from '@/lib/validation/notifications';
import type { NotificationPage, NotificationSettings, UnreadCount } from './notifications';
import type { NoticeAdminDetail, NoticeAdminRow, ReviewPreview, ReviewQueueRow } from './review';
import type { SurveyView } from '@/lib/validation/survey';
import type { SitemapKind } from '@/lib/catalogue/sitemap-rules';
import type { ExamRow, PaperView } from '@/lib/learning/exam-status';
import type { CertificateData } from '@/lib/learning/certificate-svg';
import type {
  AssistantQuota,
  AuditSetting,
  Banner,
  ClientIdInfo,
  RetrievalContact,
  CourseCard,
  CourseTypeNode,
  DictionaryItem,
  GlobalStudyTime,
  LiveCard,
  LoginResult,
  NewsItem,
  NewsHeadline,
  NoticeItem,
  Page,
  PlatformDetail,
  ScienceIndex,
  RankOperator,
  RankOrg,
  RankOrgCourse,
  SeriesCard,
  StudyTotalTime,
  TeacherCard,
  TrainCard,
} from './home';
import type {
  Chapter,
  CourseDetail,
  CourseListItem,
  CourseReview,
  CourseTypeCount,
  LiveDetail,
  LiveReplayState,
  LiveStreamInfo,
  LiveWatchState,
  NewsDetail,
  NoticeDetail,
  PendingApplication,
  PolicyDetail,
  PolicyItem,
  SearchFull,
  SearchPage,
  SeriesDetail,
  SeriesState,
  SitemapEntry,
  TeacherDetail,
  TrainAlbumItem,
  TrainApplyState,
  TrainDetail,
  TrainListItem,
  TrainScheduleItem,
  TrainStudent,
  TrainTextItem,
} from './catalogue';
import type {
  CaptchaImage,
  LoginByESResult,
  LoginByWXResult,
  MyInfo,
  QrPoll,
  QrScan,
  StationItem,
  WxCode,
  SignInAnswer,
  TotpConfirmed,
  TotpEnrolment,
  TotpStatus,
} from './accounts';
import type {
  AiSubtitlesResult,
  PlayTicket,
  BenchHookAnswer,
  CertificateCheck,
  CourseNote,
  CourseProgressView,
  CourseState,
  CourseView,
  ExamResult,
  HeartbeatAnswer,
  SelfTest,
  SelfTestResult,
  StudyLock,
} from './learning';
import type { Archive } from './archive';
import type {
  AssessItem,
  CreationCourse,
  CreationCourseRow,
  FollowState,
  NewEmployeeSeries,
  NewEmployeeSeriesDetail,
  OrgSpaceItem,
  PendingUpload,
  UploadQuota,
  SpaceComment,
  SpaceDetail,
  SpacePerson,
  SpacePrivacy,
  SpaceRef,
  SpaceTopItem,
  StationRecommendation,
  UploadProgress,
} from './spaces';

/** One endpoint: what its body may be, what its answer's data is. */
interface E<S extends z.ZodType, D> {
  body: z.input<S>;
  data: D;
}
/** An endpoint whose callers show its errors themselves, inline (SPEC 8 rule 4): the client adds no message. */
interface Silent<S extends z.ZodType, D> extends E<S, D> {
  silent: true;
}
type Empty = typeof emptySchema;
type CatPaging = typeof cat.paging;
type HomeList = ReturnType<typeof home.homeListSchema>;
type Removed = { removed: true };

/** SPEC 7 Home and Site. */
export interface HomeContract {
  '/api/banner/list': E<HomeList, Banner[]>;
  '/api/msgMessageinfo/homeList': E<HomeList, NoticeItem[]>;
  '/api/mtTrainnews/homeNews': E<HomeList, NewsHeadline[]>;
  '/api/recommendseries/homeList': E<HomeList, SeriesCard[]>;
  '/api/course/homeList': E<typeof home.homeCourseListSchema, CourseCard[]>;
  '/api/train/homeList': E<HomeList, TrainCard[]>;
  '/api/tchrBaseinfo/homeList': E<HomeList, TeacherCard[]>;
  '/api/live/homeList': E<HomeList, LiveCard[]>;
  '/api/rank/operator': E<HomeList, RankOperator[]>;
  '/api/rank/org': E<HomeList, RankOrg[]>;
  '/api/rank/orgCourse': E<HomeList, RankOrgCourse[]>;
  '/api/site/requestUrlClientId': E<Empty, ClientIdInfo>;
  '/api/site/getStuLogo': E<Empty, { stuLogo: string }>;
  '/api/site/retrievalContacts': E<Empty, RetrievalContact[]>;
  '/api/site/platformDetail': E<Empty, PlatformDetail>;
  '/api/science/index': E<Empty, ScienceIndex>;
  '/api/study/globalTime': E<typeof learn.yearSchema, GlobalStudyTime>;
  '/api/conversation/isShowLLM': E<Empty, boolean>;
  '/api/conversation/quota': E<Empty, AssistantQuota>;
  '/modules/auditSetting/detail': E<Empty, AuditSetting>;
  '/modules/ddictionary/list': E<typeof home.dictionarySchema, DictionaryItem[]>;
  '/modules/coursetype/list': E<typeof home.courseTypeSchema, CourseTypeNode[]>;
}

/** The catalogue: courses, series, projects, live classes, teachers, news, policies, search, sitemaps. */
export interface CatalogueContract {
  '/api/msgMessageinfo/save': E<typeof cat.noticeSaveSchema, { id: number }>;
  '/api/course/list': E<typeof cat.courseListSchema, Page<CourseListItem>>;
  '/api/course/hotList': E<typeof cat.hotListSchema, CourseListItem[]>;
  '/api/course/detail': E<typeof cat.byId, CourseDetail>;
  '/api/course/chapter': E<typeof cat.byCourse, Chapter[]>;
  '/api/course/reviews': E<typeof cat.reviewListSchema, Page<CourseReview>>;
  '/api/course/manage/update': E<typeof cat.courseUpdateSchema, { id: number }>;
  '/api/recommendseries/list': E<typeof cat.seriesListSchema, Page<SeriesCard>>;
  '/api/recommendseries/detail': E<typeof cat.byId, SeriesDetail>;
  '/api/recommendseries/state': E<typeof cat.bySeries, SeriesState>;
  '/api/recommendseries/enrol': E<typeof cat.bySeries, SeriesState>;
  '/api/train/criteriaTrainTypeID': E<typeof cat.trainFiltersSchema, DictionaryItem[]>;
  '/api/train/criteriaOrgSource': E<typeof cat.trainFiltersSchema, DictionaryItem[]>;
  '/api/train/criteriaItemType': E<typeof cat.trainFiltersSchema, DictionaryItem[]>;
  '/api/train/list': E<typeof cat.trainListSchema, Page<TrainListItem>>;
  '/api/train/detail': E<typeof cat.byId, TrainDetail>;
  '/api/train/applyStatus': E<typeof cat.byTrain, TrainApplyState>;
  '/api/train/apply': E<typeof cat.byTrain, TrainApplyState>;
  '/api/train/review': E<typeof cat.trainReviewSchema, TrainApplyState>;
  '/api/train/pendingApplications': E<typeof cat.byTrain, PendingApplication[]>;
  '/api/train/scheduleItems': E<typeof cat.byTrain, TrainScheduleItem[]>;
  '/api/train/assignments': E<typeof cat.byTrain, TrainTextItem[]>;
  '/api/train/albums': E<typeof cat.byTrain, TrainAlbumItem[]>;
  '/api/train/summaries': E<typeof cat.byTrain, TrainTextItem[]>;
  '/api/train/students': E<typeof cat.trainStudentsSchema, Page<TrainStudent>>;
  '/api/tchrBaseinfo/list': E<typeof cat.teacherListSchema, Page<TeacherCard>>;
  '/api/tchrBaseinfo/detail': E<typeof cat.byId, TeacherDetail>;
  '/api/mtTrainnews/list': E<typeof cat.paging, Page<NewsItem>>;
  '/api/mtTrainnews/detail': E<typeof cat.byId, NewsDetail>;
  '/api/mtTrainnews/view': E<typeof cat.byId, { id: number; views: number }>;
  '/api/msgMessageinfo/list': E<typeof cat.paging, Page<NoticeItem>>;
  '/api/msgMessageinfo/detail': E<typeof cat.byId, NoticeDetail>;
  '/api/policy/list': E<typeof cat.policyListSchema, Page<PolicyItem>>;
  '/api/policy/detail': E<typeof cat.byId, PolicyDetail>;
  '/api/search/full': E<typeof cat.searchFullSchema, SearchFull>;
  '/api/search/course': E<typeof cat.searchSchema, SearchPage>;
  '/api/search/courseTypeTree': E<typeof cat.searchKeySchema, CourseTypeCount[]>;
  '/api/search/train': E<typeof cat.searchSchema, SearchPage>;
  '/api/search/project': E<typeof cat.searchSchema, SearchPage>;
  '/api/search/teacher': E<typeof cat.searchSchema, SearchPage>;
  '/api/search/news': E<typeof cat.searchSchema, SearchPage>;
  '/api/search/notice': E<typeof cat.searchSchema, SearchPage>;
  '/api/sitemap/counts': E<typeof cat.sitemapCountsSchema, Partial<Record<SitemapKind, number>>>;
  '/api/sitemap/entries': E<typeof cat.sitemapEntriesSchema, SitemapEntry[]>;
}

/** Sign-in (password, QR code, passport), registration, password reset, settings, stations, management. */
export interface AccountsContract {
  '/api/eosoperator/myInfo': E<Empty, MyInfo>;
  '/api/platform/index/myCmsRoleList': E<Empty, { roleName: string; isDefault: boolean }[]>;
  '/modules/eosoperator/login': E<typeof loginSchema, SignInAnswer>;
  '/modules/eosoperator/logout': E<Empty, boolean>;
  '/modules/imgCode/detail': E<Empty, CaptchaImage>;
  '/api/register/create': E<typeof account.registerSchema, { email: string }>;
  '/api/register/valid': Silent<typeof account.registerValidSchema, true>;
  '/api/register/info': E<
    typeof account.registerInfoSchema,
    { resourceId: number; resourceType: number; title: string; trainType: number }
  >;
  '/api/register/activate': E<typeof account.tokenSchema, { userID: string; message: string }>;
  '/api/eosoperator/forgetPasswordSendEmail': Silent<typeof account.forgotSchema, { email: string }>;
  '/api/eosoperator/forgetPasswordCheckToken': Silent<
    typeof account.resetTokenSchema,
    { orgName: string; operatorName: string; userID: string }
  >;
  '/api/eosoperator/forgetPasswordModify': E<typeof account.resetSchema, true>;
  '/api/smsCode/sendForgetPasswordCode': E<typeof account.smsCodeSendSchema, { mobile: string; expiresIn: number }>;
  '/api/eosoperator/forgetPassword': E<typeof account.smsResetSchema, true>;
  '/modules/eosoperator/loginRecommendSave': E<typeof account.perfectInfoSaveSchema, { msg: string }>;
  '/api/eosoperator/checkToken': E<Empty, boolean>;
  '/modules/eosoperator/refreshToken': E<Empty, { token: string }>;
  '/api/eosoperator/isCas': E<Empty, boolean>;
  '/api/eosoperator/isRequestSpecialSite': E<Empty, boolean>;
  '/api/eosoperator/requestSiteTenantId': E<Empty, { tenantId: number | null }>;
  '/api/eosoperator/currentTenantOrgName': E<Empty, { orgName: string }>;
  '/api/eosoperator/changePassword': E<typeof account.changePasswordSchema, boolean>;
  '/api/eosoperator/updateEmail': E<typeof account.updateEmailBodySchema, boolean>;
  '/api/eosoperator/updateHead': E<typeof account.updateHeadSchema, { headPic: string }>;
  '/api/eosoperator/update': E<typeof account.updateInfoSchema, boolean>;
  '/modules/role/switchDefaultCmsRole': E<typeof account.switchRoleSchema, { roleName: string; cmsUrl: string }>;
  '/api/eosoperator/oldCmsDynamicKey': E<Empty, { url: string }>;
  '/api/station/list': E<Empty, StationItem[]>;
  '/api/station/mine': E<Empty, { stationId: number; stationName: string }[]>;
  '/api/station/bind': E<typeof account.stationBindSchema, { msg: string }>;
  '/modules/eosoperator/loginGetQRRandNum': E<Empty, { randNum: string; qrUrl: string; expiresIn: number }>;
  '/modules/eosoperator/loginByQRRandNum': Silent<typeof account.randNumSchema, QrPoll>;
  '/modules/eosoperator/qrScan': E<typeof account.randNumSchema, QrScan>;
  '/modules/eosoperator/qrConfirm': E<typeof account.randNumSchema, boolean>;
  '/modules/eosoperator/qrCancel': E<typeof account.randNumSchema, boolean>;
  '/modules/eosoperator/loginByESObtainRedirectUri': E<Empty, { url: string; registerUrl: string }>;
  '/modules/eosoperator/loginByES': E<typeof account.passportCodeSchema, LoginByESResult>;
  '/modules/eosoperator/loginByESChoose': E<typeof account.passportChooseSchema, { userID: string; password: string }>;
  '/modules/eosoperator/relateES': E<typeof account.passportRelateSchema, boolean>;
  '/modules/eosoperator/loginByCasObtainRedirectUri': E<Empty, { url: string }>;
  '/modules/eosoperator/loginByCas': E<typeof account.casTicketSchema, SignInAnswer>;
  '/api/eosoperator/getWXCode': E<Empty, WxCode>;
  '/api/eosoperator/getToken': E<typeof account.wxCodeSchema, LoginByWXResult>;

  // The TOTP second factor (issue 38): the code step of every sign-in, and enrolment in the personal centre.
  '/modules/eosoperator/loginBySecondFactor': E<typeof totp.secondFactorSchema, LoginResult>;
  '/api/eosoperator/totp/status': E<Empty, TotpStatus>;
  '/api/eosoperator/totp/begin': E<Empty, TotpEnrolment>;
  '/api/eosoperator/totp/confirm': E<typeof totp.totpConfirmSchema, TotpConfirmed>;
  '/api/eosoperator/totp/disable': E<typeof totp.totpConfirmSchema, boolean>;
}

/** Study hours, the player, favourites, the archive, exams, surveys, certificates. */
export interface LearningContract {
  '/api/study/totalTime': E<typeof learn.yearSchema, StudyTotalTime & { year: number }>;
  '/api/course/choose': E<typeof learn.courseIdSchema, CourseState>;
  '/api/course/state': E<typeof learn.courseIdSchema, CourseState>;
  '/api/course/view': E<typeof learn.courseIdSchema, CourseView>;
  '/api/course/progress': E<typeof learn.courseIdSchema, CourseProgressView>;
  '/api/study/submit': Silent<typeof learn.heartbeatSchema, HeartbeatAnswer>;
  '/api/study/batchSubmit': E<typeof learn.batchSubmitSchema, HeartbeatAnswer[]>;
  '/api/study/lock': E<typeof learn.lockSchema, StudyLock>;
  '/api/course/selfTest': E<typeof learn.chapterIdSchema, SelfTest>;
  '/api/course/aiSubtitles': E<typeof learn.aiSubtitlesSchema, AiSubtitlesResult>;
  '/api/course/playTicket': E<typeof learn.chapterIdSchema, PlayTicket>;
  '/api/course/selfTestSubmit': E<typeof learn.selfTestSubmitSchema, SelfTestResult>;
  '/api/course/summaries': E<typeof learn.noteListSchema, Page<CourseNote>>;
  '/api/course/reviewSave': E<typeof learn.noteSaveSchema, { id: number }>;
  '/api/course/summarySave': E<typeof learn.noteSaveSchema, { id: number }>;
  '/api/course/favourite': E<typeof learn.favouriteSchema, { courseId: number; favourite: boolean }>;
  '/api/course/favouriteState': E<typeof learn.courseIdSchema, { courseId: number; favourite: boolean }>;
  '/api/personal/archive': E<typeof learn.archiveSchema, Archive>;
  '/api/examExaminfo/list': E<typeof learn.examListSchema, ExamRow[]>;
  '/api/examExaminfo/detail': Silent<typeof learn.examIdSchema, ExamRow>;
  '/api/examExaminfo/apply': E<typeof learn.examIdSchema, { examId: number; joined: boolean }>;
  '/api/examReply/start': E<typeof learn.examIdSchema, PaperView>;
  '/api/examReply/paper': E<typeof learn.replyIdSchema, PaperView>;
  '/api/examReply/saveAnswer': E<
    typeof learn.saveAnswerSchema,
    { replyId: number; questionId: number; saved: boolean }
  >;
  '/api/examReply/submit': E<
    typeof learn.submitExamSchema,
    { replyId: number; score: number; overtime: boolean; totalScore: number }
  >;
  '/api/examReply/result': E<typeof learn.examIdSchema, ExamResult>;
  '/api/examReply/checkTimeout': E<
    typeof learn.replyIdSchema,
    { replyId: number; submitted: boolean; overtime: boolean; remainingSeconds: number; deadline: string }
  >;
  '/api/collection/detail': E<typeof learn.surveyDetailSchema, SurveyView>;
  '/api/collection/assignStatus': Silent<
    typeof learn.surveyIdSchema,
    { surveyId: number; submitted: boolean; submittedAt: string; allowed: boolean }
  >;
  '/api/collection/save': Silent<typeof learn.surveySaveSchema, { surveyId: number; submitted: boolean }>;
  '/api/study/benchHook': E<typeof learn.benchHookSchema, BenchHookAnswer>;
  '/api/recommendseries/applicationCertificate': Silent<typeof learn.seriesIdSchema, { certificateId: number }>;
  '/api/train/applicationCertificate': E<typeof learn.trainIdSchema, { certificateId: number }>;
  '/api/certificate/detail': E<
    typeof learn.certificateIdSchema,
    CertificateData & { refId: number; revokedAt: string | null; revokedReason: string | null }
  >;
  '/api/certificate/applyHours': E<typeof learn.hoursCertificateSchema, { certificateId: number }>;
  '/api/certificate/verify': E<typeof learn.certificateVerifySchema, CertificateCheck>;
}

/** Spaces and comments, the creation centre, the manager's review, new-employee series, assessment. */
export interface SpacesContract {
  '/api/space/orgList': E<Empty, OrgSpaceItem[]>;
  '/api/space/detail': E<typeof space.spaceRef, SpaceDetail>;
  '/api/space/mine': E<Empty, SpaceRef>;
  '/api/space/fans': E<typeof space.spacePageSchema, Page<SpacePerson>>;
  '/api/space/follows': E<typeof space.spacePageSchema, Page<SpacePerson>>;
  /** null: the owner keeps the list private. */
  '/api/space/courses': E<typeof space.spaceCoursesSchema, Page<CourseCard> | null>;
  '/api/space/series': E<typeof space.spaceRef, SeriesCard[] | null>;
  '/api/space/tops': E<typeof space.spaceRef, SpaceTopItem[]>;
  '/api/space/followState': E<typeof space.spaceRef, FollowState>;
  '/api/space/follow': E<typeof space.spaceRef, FollowState>;
  '/api/space/unfollow': E<typeof space.spaceRef, FollowState>;
  '/api/space/privacy/detail': E<Empty, SpacePrivacy>;
  '/api/space/privacy/save': E<typeof space.privacySchema, SpacePrivacy>;
  '/api/space/top/save': E<typeof space.topSaveSchema, { top: boolean }>;
  '/api/comment/list': E<typeof space.spacePageSchema, Page<SpaceComment>>;
  '/api/comment/save': E<typeof space.commentSchema, { id: number; content: string }>;
  '/api/comment/remove': E<typeof space.byIdSchema, Removed>;
  '/api/resourceFile/progress': E<typeof space.progressSchema, UploadProgress>;
  '/api/resourceFile/pending': E<Empty, PendingUpload[]>;
  '/api/resourceFile/quota': E<Empty, UploadQuota>;
  '/api/resourceFile/updateBasic': E<typeof space.basicSchema, { courseId: number }>;
  '/api/resourceFile/getBasic': E<typeof space.courseIdSchema, CreationCourse>;
  '/api/resourceFile/myCourses': E<typeof space.pagingSchema, Page<CreationCourseRow>>;
  '/api/resourceFile/saveChapter': E<typeof space.chapterSchema, { chapterId: number }>;
  '/api/resourceFile/removeChapter': E<typeof space.chapterIdSchema, Removed>;
  '/api/resourceFile/submit': E<
    typeof space.courseIdSchema,
    { auditStatus: number; auditLabel: string; auditReason: string }
  >;
  '/api/resourceFile/removeCourse': E<typeof space.courseIdSchema, Removed>;
  '/api/course/auditList': E<Empty, CreationCourseRow[]>;
  '/api/course/audit': E<typeof space.reviewSchema, { auditStatus: number; auditLabel: string }>;
  '/api/newEmployee/seriesList': E<Empty, NewEmployeeSeries[]>;
  '/api/newEmployee/seriesDetail': E<typeof space.byIdSchema, NewEmployeeSeriesDetail>;
  '/api/assess/list': E<Empty, AssessItem[]>;
  '/api/assess/save': E<typeof space.assessSchema, { saved: true }>;
  '/api/station/recommend': E<typeof space.stationRecommendSchema, StationRecommendation>;
}

/** Live classes (issue 24): the list and page, watching on air, stream keys, the replay. */
export interface LiveContract {
  '/api/live/list': E<typeof cat.liveListSchema, Page<LiveCard>>;
  '/api/live/detail': E<typeof cat.byId, LiveDetail>;
  /** SPEC 7, also answered to GET: a signed-in learner's ping while watching live; a visitor gets the state. */
  '/api/live/recordHours': E<typeof cat.byId, LiveWatchState>;
  '/api/live/watch': E<typeof cat.byId, LiveWatchState>;
  '/api/live/finish': E<typeof cat.byId, LiveWatchState>;
  '/api/live/streamInfo': E<typeof cat.byId, LiveStreamInfo>;
  '/api/live/streamKeyReset': E<typeof cat.byId, LiveStreamInfo>;
  '/api/live/replayState': E<typeof cat.byId, LiveReplayState>;
  '/api/live/replayStart': E<typeof cat.byId, LiveReplayState>;
  '/api/live/replayFinish': E<typeof cat.byId, LiveReplayState>;
}

/** The management area (issue 25): the operations log, scoped roles, the unit report. */
export interface ManagementContract {
  '/api/manage/operationLog': E<CatPaging, Page<OperationLogRow>>;
  '/api/manage/myPowers': E<Empty, MyPowers>;
  '/api/manage/roles': E<Empty, RoleItem[]>;
  '/api/manage/orgs': E<typeof mgmt.powerSchema, OrgItem[]>;
  '/api/manage/grants': E<typeof mgmt.grantListSchema, Page<GrantItem>>;
  '/api/manage/grant': E<typeof mgmt.grantSchema, GrantItem>;
  '/api/manage/revoke': E<typeof mgmt.revokeSchema, Removed>;
  // The TOTP second factor (issue 38): required per role, reset for a locked-out manager.
  '/api/manage/roleTotp': E<typeof totp.roleTotpSchema, RoleItem>;
  '/api/manage/resetTotp': E<typeof totp.resetTotpSchema, { reset: boolean }>;
  '/api/manage/unitReport': E<typeof mgmt.unitReportSchema, UnitReport>;
  '/api/manage/userImport/undo': E<typeof undoImportSchema, ImportUndone>;
  '/api/manage/reviewQueue': E<typeof mgmt.reviewQueueSchema, Page<ReviewQueueRow>>;
  '/api/manage/reviewPreview': E<typeof mgmt.reviewPreviewSchema, ReviewPreview>;
  '/api/manage/notices': E<typeof mgmt.noticeAdminListSchema, Page<NoticeAdminRow>>;
  '/api/manage/notice': E<typeof mgmt.noticeIdSchema, NoticeAdminDetail>;
  '/api/manage/noticePreview': E<typeof mgmt.noticePreviewSchema, { bodyHtml: string }>;
  '/api/manage/noticeWrite': E<typeof mgmt.noticeWriteSchema, NoticeAdminDetail>;
  '/api/manage/noticeAction': E<typeof mgmt.noticeActionSchema, NoticeAdminRow>;
}

/** Assignment hand-in and marking (/train/task, issue 26). */
export interface AssignmentsContract {
  '/api/train/myAssignments': E<typeof assign.myAssignmentsSchema, MyAssignments>;
  '/api/train/submitAssignment': E<typeof assign.submitAssignmentSchema, Submission>;
  '/api/train/assignmentSubmissions': E<typeof assign.assignmentIdSchema, AssignmentSubmissions>;
  '/api/train/submissionDetail': E<typeof assign.submissionIdSchema, SubmissionDetail>;
  '/api/train/markSubmission': E<typeof assign.markSubmissionSchema, SubmissionDetail>;
}

/** Notifications (issue 25): the signed-in learner's inbox, its unread count, the e-mail preference. */
export interface NotificationsContract {
  '/api/notification/list': E<typeof notice.notificationListSchema, NotificationPage>;
  '/api/notification/unreadCount': E<Empty, UnreadCount>;
  '/api/notification/read': E<typeof notice.notificationReadSchema, UnreadCount>;
  '/api/notification/readAll': E<Empty, UnreadCount>;
  '/api/notification/settings': E<Empty, NotificationSettings>;
  '/api/notification/saveSettings': E<typeof notice.notificationSettingsSchema, NotificationSettings>;
}

/** 系列专题管理 (issue 25; SPEC 7 series items, add, update, delete, publish status). */
export interface SeriesAdminContract {
  '/api/recommendseries/manageList': E<typeof sadm.seriesManageListSchema, ManagedSeriesPage>;
  '/api/recommendseries/manageDetail': E<typeof sadm.seriesIdSchema, ManagedSeries>;
  '/api/recommendseries/add': E<typeof sadm.seriesAddSchema, ManagedSeries>;
  '/api/recommendseries/update': E<typeof sadm.seriesUpdateSchema, ManagedSeries>;
  '/api/recommendseries/delete': E<typeof sadm.seriesIdSchema, Removed>;
  '/api/recommendseries/publishStatus': E<typeof sadm.seriesPublishSchema, ManagedSeries>;
  '/api/recommendseries/items': E<typeof sadm.seriesItemsSchema, SeriesItem[]>;
  '/api/recommendseries/itemAdd': E<typeof sadm.seriesItemSchema, SeriesItem[]>;
  '/api/recommendseries/itemRemove': E<typeof sadm.seriesItemSchema, SeriesItem[]>;
  '/api/recommendseries/itemOrder': E<typeof sadm.seriesOrderSchema, SeriesItem[]>;
  '/api/recommendseries/courseOptions': E<typeof sadm.seriesCourseOptionsSchema, Page<SeriesCourseOption>>;
}

export interface ApiContract
  extends
    HomeContract,
    CatalogueContract,
    AccountsContract,
    LearningContract,
    SpacesContract,
    LiveContract,
    ManagementContract,
    AssignmentsContract,
    NotificationsContract,
    SeriesAdminContract {}

/** A path of the endpoint table. */
export type ContractPath = keyof ApiContract;

/** The paths declared Silent (lib/contract/silent lists them for the client at run time). */
export type SilentPath = { [P in ContractPath]: ApiContract[P] extends { silent: true } ? P : never }[ContractPath];

/** SPEC 1: platform hosts call `/api/platform/X`, answered by the entry of `/api/X`. */
export type PlatformPath = ContractPath extends infer P
  ? P extends `/api/${infer Rest}`
    ? `/api/platform/${Rest}`
    : never
  : never;

/** Any path a client may call: a contract path or its platform form. */
export type ApiPath = ContractPath | PlatformPath;

/** The contract entry answering a path (`/api/platform/X` -> `/api/X`). */
export type ContractEntryOf<P extends ApiPath> = P extends ContractPath
  ? P
  : P extends `/api/platform/${infer Rest}`
    ? Extract<`/api/${Rest}`, ContractPath>
    : never;

export type ContractBody<P extends ApiPath> = ApiContract[ContractEntryOf<P>]['body'];
export type ContractData<P extends ApiPath> = ApiContract[ContractEntryOf<P>]['data'];

/** The paths whose answer is (assignable to) D, e.g. the lists a list component can show. */
export type PathAnswering<D> = { [P in ContractPath]: ContractData<P> extends D ? P : never }[ContractPath];

/**
 * Shapes of the spaces domain's calls (spaces, comments, the creation centre, uploads, new-employee
 * training, assessment, station recommendations), shared by the server services and the client.
 */
import type { CourseCard, SeriesCard } from './home';

export type SpaceKind = 'teacher' | 'student' | 'org';

export interface SpaceCard {
  kind: SpaceKind;
  id: number;
  name: string;
  avatar: string;
  /** Title and organisation (teacher), organisation (student), kind of organisation (org). */
  subtitle: string;
  intro: string;
  tags: string[];
}

export interface SpacePrivacy {
  showCreated: boolean;
  showStudied: boolean;
  showFollows: boolean;
  showFans: boolean;
}

export interface SpaceTopItem {
  itemType: 'course' | 'series';
  course?: CourseCard;
  series?: SeriesCard;
  /** Only in the owner's own list (/api/space/tops): the item is in a list they keep private, so others do not see it. */
  hidden?: boolean;
}

export interface SpaceDetail {
  card: SpaceCard;
  /** The operator who owns the space and may edit it; null for organisations and teachers without an account. */
  ownerOperatorId: number | null;
  /** null: hidden by the owner's privacy settings (shown as 不公开, never as 0). */
  counts: {
    fans: number | null;
    follows: number | null;
    created: number | null;
    studied: number | null;
    comments: number;
  };
  privacy: SpacePrivacy;
  tops: SpaceTopItem[];
  /** null when the owner keeps it private. */
  created: CourseCard[] | null;
  studied: CourseCard[] | null;
  series: SeriesCard[] | null;
}

export interface SpacePerson {
  kind: SpaceKind;
  id: number;
  name: string;
  avatar: string;
  subtitle: string;
}

export interface SpaceComment {
  id: number;
  content: string;
  createdAt: string;
  author: SpacePerson;
  /** Whether the caller may delete it (its author, or the owner of the space). */
  canRemove: boolean;
}

export interface FollowState {
  followed: boolean;
  isOwner: boolean;
  loggedIn: boolean;
  /** The space's counts as the caller may see them, read fresh (the owner sees all of their own); null: hidden. */
  counts: { fans: number | null; follows: number | null; created: number | null };
}

/* ---- creation centre ---- */

export interface CreationChapter {
  id: number;
  sort: number;
  title: string;
  media: string;
  durationSeconds: number;
  fileName: string;
  fileSize: number;
  /** The trial rendition of its video is being made (a job): the row shows 处理中. */
  trialProcessing?: boolean;
  /**
   * Its uploaded video's HLS transcoding (a job): 转码中 NN% while queued or running, 转码失败：文件无法识别 when ffmpeg
   * cannot read the file; absent for a document, audio or a demo clip.
   */
  transcode?: { state: 'queued' | 'running' | 'ready' | 'failed'; percent: number };
}

export interface CreationAudit {
  kind: 'submit' | 'machine' | 'manual' | 'edit';
  fromStatus: number;
  toStatus: number;
  reason: string;
  createdAt: string;
}

export interface CreationCourse {
  courseId: number;
  title: string;
  categoryCode: number;
  cover: string;
  summary: string;
  audiences: string[];
  auditStatus: number;
  auditLabel: string;
  submitted: boolean;
  auditReason: string;
  chapters: CreationChapter[];
  audits: CreationAudit[];
  updatedAt: string;
}

export interface CreationCourseRow {
  courseId: number;
  title: string;
  categoryCode: number;
  cover: string;
  auditStatus: number;
  auditLabel: string;
  submitted: boolean;
  chapterCount: number;
  /** The last review's reason (a rejection's or a return's), where the list shows it. */
  auditReason?: string;
}

export interface UploadedFile {
  fileId: number;
  md5: string;
  size: number;
  kind: 'video' | 'audio' | 'document' | 'image';
  mime: string;
  name: string;
  /** Where the portal serves it. */
  url: string;
}

/** An uploaded image whose header declares more pixels than the limit (UPLOAD_IMAGE_MAX_MEGAPIXELS): refused. */
export const MSG_IMAGE_TOO_MANY_PIXELS = (megapixels: number) =>
  `图片像素过多（超过${megapixels}百万像素），请缩小尺寸后重新上传`;

export interface UploadProgress {
  done: boolean;
  file: UploadedFile | null;
  chunkCount: number;
  /** The first chunk the server does not have (resume from here); chunkCount when all are in. */
  nextChunk: number;
  received: number;
}

/** /api/resourceFile/quota: a user's upload space (bytes): scratch of unfinished uploads, and files kept. */
export interface UploadQuota {
  scratchUsed: number;
  scratchLimit: number;
  storedUsed: number;
  storedLimit: number;
}

export interface PendingUpload {
  md5: string;
  size: number;
  fileName: string;
  chunkCount: number;
  received: number;
}

/* ---- new-employee training, assessment, stations ---- */

export interface NewEmployeeSeries extends SeriesCard {
  required: boolean;
}

export interface NewEmployeeSeriesDetail extends NewEmployeeSeries {
  courses: (CourseCard & { chosen: boolean; progress: number })[];
}

export interface AssessItem {
  trainId: number;
  title: string;
  type: number;
  startAt: string;
  endAt: string;
  assessed: boolean;
  scores: { content: number; teacher: number; organisation: number } | null;
  comment: string;
}

export interface StationRecommendation {
  stations: { stationId: number; stationName: string }[];
  courses: CourseCard[];
}

export interface OrgSpaceItem {
  id: number;
  name: string;
  /** 1 research institute, 2 functional department, 3 university */
  kind: number;
  learners: number;
}

/** Which space: a teacher's, a student's or an organisation's. */
export interface SpaceRef {
  kind: SpaceKind;
  id: number;
}

/** Refusals the services answer (issue 33: each message once, here). */
export const CHAPTER_FILE_KIND_MSG = '章节只能使用视频、音频或文档文件';
export const COMMENT_MISSING_MSG = '评论不存在';
export const COURSE_NOT_PENDING_MSG = '该课程不在待审核状态';
export const FILE_MISSING_MSG = '文件不存在';
export const FILE_PATH_INVALID_MSG = '文件路径不合法';
export const NEW_EMPLOYEE_SERIES_MISSING_MSG = '新员工培训专题不存在';
export const OWN_FILES_ONLY_MSG = '只能使用自己上传的文件';
export const PIN_OWN_COURSES_ONLY_MSG = '只能置顶自己的课程或学习过的课程';
export const REVIEW_REASON_REQUIRED_MSG = '请填写审核意见';
export const TOO_MANY_CHUNKS_MSG = '分片过多，请增大分片大小';

/** What the services answer (moved from lib/server/services: each message once, here). */
export const MSG_ASSESS_NOT_MINE = '只能评估自己参加的培训项目';
export const MSG_ASSESS_NOT_STARTED = '培训尚未开始，暂不能评估';
export const SPACE_NOT_FOUND_MSG = '空间不存在';
export const NOT_OWNER_MSG = '只能修改自己的空间';
export const FOLLOW_SELF_MSG = '不能关注自己';
export const COMMENT_EMPTY_MSG = '请输入评论内容';
export const COMMENT_NOT_YOURS_MSG = '只能删除自己的评论或自己空间下的评论';
export const MSG_CHUNK_SIZE = '分片大小不正确，请重新上传该分片';
export const MSG_CHUNK_INDEX = '分片序号不正确';
export const MSG_HASH_RETRY = '文件校验暂时失败，请稍后重试';
export const MSG_CHUNK_MD5 = '分片校验失败，请重新上传该分片';
export const MSG_FILE_MD5 = '文件MD5校验失败，请重新上传';
export const MSG_NOT_YOURS = '只能修改自己创建的课程';
export const MSG_COURSE_NOT_FOUND = '课程不存在';
export const MSG_IN_REVIEW = '课程审批中，暂不能修改';
/** Submitting while a chapter's video is still being transcoded, or could not be. */
export const MSG_TRANSCODING = '视频转码中，请等待所有章节视频转码完成后再提交审核';
/** The longest comment a space takes, in characters, and its refusal. */
export const COMMENT_MAX = 500;
export const COMMENT_TOO_LONG_MSG = `评论内容不能超过${COMMENT_MAX}字`;
/** A chapter whose video ffmpeg could not read. */
export const MSG_TRANSCODE_FAILED = (title: string) => `章节“${title}”的视频转码失败：文件无法识别，请重新上传`;

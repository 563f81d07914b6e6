/** Shapes the learning endpoints return, shared by the services and the client. */

/**
 * The explicit label that China's rules on labelling AI-generated content ask of a service that shows such
 * content: on every assistant answer (and in the text a user copies), on AI subtitles (the track's name and
 * its first cue).
 */
export const AI_GENERATED_LABEL = '内容由AI生成';
/** What a chapter is: a video (or audio) played in the player, or a document the learner views or downloads. */
export type ChapterKind = 'video' | 'document';

export interface ChapterView {
  id: number;
  sort: number;
  title: string;
  kind: ChapterKind;
  /** A document's name and size in bytes ('' and 0 for a video); the file itself is /media/chapter/:id. */
  fileName: string;
  fileSize: number;
  /** Seconds of video (0 for a document). */
  duration: number;
  /** Seconds a learner on trial may play. */
  trialSeconds: number;
  playable: boolean;
  /** MIME type of the video (a demo clip's WebM, or the uploaded file's). */
  mediaType: string;
  hasSubtitle: boolean;
  /** The chapter's track was made by speech recognition (AI subtitles): the player labels it as AI-generated. */
  subtitleByAi: boolean;
}

export interface CourseView {
  id: number;
  title: string;
  summary: string;
  cover: string;
  teacherName: string;
  trialSeconds: number;
  /** Whether a chapter without subtitles can have AI subtitles made (a speech-to-text service is configured). */
  aiSubtitles: boolean;
  chapters: ChapterView[];
}

export interface ChapterProgressItem {
  chapterId: number;
  frontier: number;
  position: number;
  finished: boolean;
}

export interface CourseProgressView {
  courseId: number;
  chosen: boolean;
  /** The viewer is the course's own teacher (its creator, or the teacher it is given under): its documents are theirs to open. */
  owner: boolean;
  progress: number;
  lastChapterId: number | null;
  lastPosition: number;
  studiedSeconds: number;
  finished: boolean;
  chapters: ChapterProgressItem[];
  /** The learner's own review of the course (one each), or null: the player then offers none. */
  myReview: { id: number; score: number; content: string; createdAt: string } | null;
  /** The course is in the learner's 收藏 (the player's 收藏 button reads it from here: one call for the learner's side). */
  favourite: boolean;
}

export interface SelfTest {
  chapterId: number;
  questions: { id: number; type: 'judge' | 'single'; stem: string; options: string[] }[];
}

export interface SelfTestResult {
  chapterId: number;
  total: number;
  correct: number;
  results: { id: number; correct: boolean; answer: number }[];
}

export interface CourseNote {
  id: number;
  rating: number | null;
  content: string;
  createdAt: string;
  operatorName: string;
}

export interface HeartbeatPayload {
  submitId: string;
  courseId: number;
  chapterId: number;
  /** Current position, seconds. */
  position: number;
  /** The media segment played since the previous heartbeat, seconds. */
  from: number;
  to: number;
  /** Wall-clock seconds spent playing since the previous heartbeat. */
  watched: number;
  /** The batch player's lock session, when it holds one. */
  lockSession?: string;
}

export interface HeartbeatAnswer {
  submitId: string;
  accepted: boolean;
  duplicate: boolean;
  credited: number;
  progress: number;
  frontier: number;
  finished: boolean;
  msg?: string;
}

/** The learner's state in a course (选学, progress, where to resume); a visitor's is the trial's. */
export interface CourseState {
  courseId: number;
  /** Whether the learner has chosen (选学) the course; a visitor or an unchosen course is on trial. */
  chosen: boolean;
  progress: number;
  lastChapterId: number | null;
  lastPosition: number;
  studiedSeconds: number;
  finished: boolean;
}

/**
 * ready: the chapter has its track (a course's own, or made by AI); processing: a job is making it (the player shows
 * 处理中 and asks again with `poll`). A job that failed is answered as an error (AI字幕生成失败，请稍后再试).
 */
export type AiSubtitlesResult =
  | { chapterId: number; state: 'ready'; hasSubtitle: true; source: 'track' | 'ai' }
  | { chapterId: number; state: 'processing'; hasSubtitle: false; source: null };

/** One rendition of a chapter's HLS package, as the quality menu offers it. */
export interface PlayRendition {
  /** Its playlist's name: 360p, 720p, 1080p (or a small source's own height). */
  name: string;
  height: number;
  /** 流畅 / 高清 / 超清 */
  label: string;
}

/**
 * A play session of a chapter (/api/course/playTicket): the master playlist's URL carries a signed ticket, bound to
 * this viewer, the chapter and the rendition set, valid until `expiresAt`. `master: null`: the chapter has no HLS
 * package yet (a demo clip, or a video still transcoding): the player plays /media/chapter/:id as before.
 */
export interface PlayTicket {
  chapterId: number;
  master: string | null;
  poster: string | null;
  renditions: PlayRendition[];
  /** The whole video, or the trial (its playlists end at trialSeconds). */
  scope: 'full' | 'trial';
  trialSeconds: number;
  expiresAt: string;
}

/** The player's lock on a course (one window plays at a time); until: when another window's lock lapses. */
export type StudyLock = { locked: boolean; until: null } | { locked: boolean; until: string };

/** A submitted exam's result; a closed-book exam before its end leaves out the correct answers (correct: null). */
export interface ExamResult {
  examId: number;
  title: string;
  score: number;
  totalScore: number;
  submittedAt: string;
  answersHidden: boolean;
  questions: {
    id: number;
    type: 'single' | 'multiple' | 'judge' | 'short';
    stem: string;
    options: string[];
    score: number;
    minLength?: number;
    correct: boolean | null;
    answer: (string | number)[];
    given: (string | number)[];
  }[];
}

/** The benchmark hook's answers (PORTAL_TEST_HOOKS=1 only): memory, a count of accepted beats, or the set-up. */
export type BenchHookAnswer =
  | {
      rss: number;
      heapUsed: number;
      heapTotal: number;
      external: number;
      arrayBuffers: number;
      heapLive: number | null;
    }
  | { accepted: number }
  | { courseId: number; chapterId: number; duration: number; learners: { operatorId: number; token: string }[] };

/** The public check of a certificate's verification code (/certificate/verify). */
export interface CertificateCheck {
  operatorName: string;
  orgName: string;
  kind: 'series' | 'train' | 'hours';
  title: string;
  hours: number;
  serialNo: string;
  issuedAt: string;
  revoked: boolean;
  revokedAt: string | null;
  revokedReason: string | null;
}

/** The media routes' refusals (app/media: chapters, HLS, replays, the live relay), answered as plain text. */
export const MEDIA_MISSING_MSG = '资源不存在';
export const MEDIA_METHOD_MSG = '请求方式错误，请使用GET请求';
/** Answered (403) to a playlist or segment without a valid ticket. */
export const PLAY_TICKET_INVALID_MSG = '播放凭证无效或已过期，请刷新页面后重试';
export const REPLAY_LOGIN_MSG = '请先登录系统后再观看回放';
export const LIVE_STREAM_UNAVAILABLE_MSG = '直播流暂时无法获取';

/** Refusals the services answer (issue 33: each message once, here). */
export const ALREADY_RATED_MSG = '您已评价过该课程';
export const CHAPTER_MISSING_MSG = '章节不存在';
export const DUPLICATE_SUBMISSION_MSG = '提交编号重复';
export const EXAM_ANSWER_MISSING_MSG = '答卷不存在';
export const EXAM_NOT_SUBMITTED_MSG = '尚未提交该考试';
export const RATING_REQUIRED_MSG = '请选择评分';
export const SELECT_COURSE_FIRST_MSG = '请先选学该课程';
export const SERIES_NO_COURSES_MSG = '该系列专题暂无课程';

/** What the services answer (moved from lib/server/services: each message once, here). */
export const MSG_SERIES_NOT_ENROLLED = '请先报名加入该系列专题，学完全部课程后再申请证书';
export const MSG_TRAIN_NOT_APPROVED = '您未通过该培训项目的报名审核，不能申请证书';
export const MSG_TRAIN_NOT_ENDED = '培训项目尚未结束，结束后方可申请证书';
export const MSG_HOURS_YEAR = '年度学时证明可在该年度结束后开具';
export const MSG_HOURS_NONE = '该年度没有学时记录，不能开具学时证明';
export const MSG_EXAM_MISSING = '考试不存在';
export const MSG_NOT_JOINED = '您未报名该考试';
export const MSG_NOT_STARTED = '考试尚未开始';
export const MSG_ENDED = '考试已结束';
export const MSG_TIME_UP = '考试时间已到，答案未保存';
export const MSG_BAD_ANSWER = '答案格式不正确';
export const MSG_TRAIN_ONLY = '该考试仅限本培训项目审核通过的学员参加';
export const ASSISTANT_UNAVAILABLE_MSG = '智能助手暂时无法回答，请稍后再试';
export const ASSISTANT_OFF_MSG = '智能助手未开放';
export const MSG_SUBTITLES_OFF = 'AI字幕未开放';
export const MSG_SUBTITLES_NO_MEDIA = '该章节没有可识别的视频';
export const MSG_SUBTITLES_FAILED = 'AI字幕生成失败，请稍后再试';
export const MSG_POSITION = '播放位置超出视频时长';
export const MSG_SEGMENT = '播放进度与学习时长不符';
export const MSG_TOO_FAST = '学习时长超过实际经过的时间，本次提交无效';
export const MSG_CHAPTER = '章节不存在或不属于该课程';
export const MSG_LOCKED = '该课程正在其他窗口学习，请关闭其他窗口后再学习';
export const MSG_SURVEY_MISSING = '问卷不存在';
export const MSG_SURVEY_DONE = '您已提交过该问卷，不能重复提交';
export const MSG_NO_FONT = '证书字体未安装，暂时无法生成PDF，请联系管理员';
/** A series certificate asked for before every course of the series is learnt. */
export const MSG_SERIES_UNFINISHED = (left: number) => `您还有${left}门课程未学完，学完系列全部课程后方可申请证书`;

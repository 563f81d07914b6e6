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

/**
 * Shapes of the data the backend returns (SPEC 3 and the home modules), shared by the server
 * services and the client. Field names at the API boundary follow the spec.
 */

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface Banner {
  id: number;
  title: string;
  imageUrl: string;
  link: string;
}

export interface CourseCard {
  id: number;
  title: string;
  cover: string;
  categoryCode: number;
  categoryName: string;
  teacherName: string;
  studyCount: number;
  durationSeconds: number;
}

export interface SeriesCard {
  id: number;
  title: string;
  cover: string;
  summary: string;
  courseCount: number;
  studyCount: number;
}

export interface TrainCard {
  id: number;
  title: string;
  type: number; // 5001 | 5002
  cover: string;
  orgName: string;
  isOnline: boolean;
  hours: number;
  startAt: string; // ISO
  endAt: string;
  /** SPEC 4.4 as seen by a visitor (1-5, 9); 6-8 are per learner. */
  applyStatus: number;
}

export interface TeacherCard {
  id: number;
  name: string;
  type: number; // 1 | 2
  title: string;
  orgName: string;
  avatar: string;
  courseCount: number;
}

export interface NewsItem {
  id: number;
  title: string;
  summary: string;
  cover: string;
  publishedAt: string;
}

export interface NoticeItem {
  id: number;
  title: string;
  isTop: boolean;
  publishedAt: string;
}

export interface LiveCard {
  id: number;
  title: string;
  cover: string;
  teacherName: string;
  startAt: string;
  endAt: string;
  status: 'upcoming' | 'live' | 'ended';
  recordHours: number;
  /** Whether the class has a recording to watch (an ended class without one is 已结束, not 回放). */
  hasReplay: boolean;
}

export interface RankOperator {
  rank: number;
  operatorName: string;
  orgName: string;
  seconds: number;
}

export interface RankOrg {
  rank: number;
  orgName: string;
  seconds: number;
  learners: number;
}

export interface RankOrgCourse {
  rank: number;
  orgName: string;
  courseCount: number;
}

/** SPEC 3: platform detail; studyImage and homeImage are JSON strings with background and document image addresses. */
export interface PlatformDetail {
  siteName: string;
  studyImage: string;
  homeImage: string;
}

/** SPEC 3: global study time. */
export interface GlobalStudyTime {
  year: number;
  offLineAllTimeEffectiveFormatSearch: string;
  onLineAllTimeEffectiveFormatSearch: string;
}

/** SPEC 3: study total time, in seconds. */
export interface StudyTotalTime {
  offLineAllTimeEffective: number;
  onLineAllTimeEffective: number;
}

export interface Captcha {
  codeBase64: string;
  uuid: string;
}

export interface ClientIdInfo {
  httpClientId: string;
  httpsClientId: string;
  redirectUri: string;
}

/** Login type 4 (SPEC 2.6): one contact of a retrieval by hand, from configuration. */
export interface RetrievalContact {
  label: string;
  value: string;
  href?: string;
}

export interface AuditSetting {
  isMachine: boolean;
  isManual: boolean;
}

/** SPEC 3: filter option (name, code, count), shown as label, value and num. */
export interface DictionaryItem {
  name: string;
  code: number;
  count?: number;
}

export interface CourseTypeNode {
  id: number;
  name: string;
  categoryCode: number;
  children: CourseTypeNode[];
}

/** SPEC 3: user info kept locally. */
export interface UserInfo {
  operatorID: number;
  tchrId: number | null;
  operatorName: string;
  orgName: string;
  userID: string;
  remark: string;
  headPic: string;
  cmsRoleCount?: number;
}

/** The login result of SPEC 3, answered by every way of signing in (password, QR code, passport). */
export interface LoginResult {
  token: string;
  hasES: 0 | 1;
  authUserId: string;
  /** 1 when the passport is configured (and PASSPORT_LINK_PROMPT is not '0'): the dialog then offers the link prompt (13). */
  esEnabled: 0 | 1;
  redirectsUrl: string;
  cmsUrl: string;
  stuUrl: string;
  isHandleOldCmsUrl: string;
  isDefaultPassword: 0 | 1;
  isEmptyEmail: 0 | 1;
  /** 1 unless STATION_PROMPT=0: the post-station dialog then opens by itself once a day (SPEC 4.2). */
  stationPrompt?: 0 | 1;
  operatorResult: { operatorName: string; orgName: string; userID: string };
}

/** The AI assistant's allowance today (/api/conversation/quota): questions left and the daily allowance. */
export interface AssistantQuota {
  left: number;
  limit: number;
}

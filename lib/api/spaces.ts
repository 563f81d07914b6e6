/**
 * Shapes of the spaces domain's calls (spaces, comments, the creation centre, uploads, new-employee
 * training, assessment, station recommendations), shared by the server services and the client.
 */
import type { CourseCard, SeriesCard } from './types';

export type SpaceKind = 'teacher' | 'student' | 'org';

/** The four space routes of SPEC 2.1 and the owner kind each shows. */
export const SPACE_ROUTES = {
  teacher: { path: '/space/teacher', kind: 'teacher', title: '教师空间' },
  student: { path: '/space/student', kind: 'student', title: '学员空间' },
  organization: { path: '/space/organization', kind: 'org', title: '单位空间' },
  org: { path: '/space/org', kind: 'org', title: '机构空间' },
} as const satisfies Record<string, { path: string; kind: SpaceKind; title: string }>;
export type SpaceRoute = keyof typeof SPACE_ROUTES;

/** Where the space of an owner kind is shown (organisations: the organisation space). */
export function spaceHref(kind: SpaceKind, id: number): string {
  const path = kind === 'teacher' ? '/space/teacher' : kind === 'student' ? '/space/student' : '/space/organization';
  return `${path}?id=${id}`;
}

/** Courses per list on a space page; 查看更多 loads the next page of the same size from /api/space/courses. */
export const SPACE_LIST_SIZE = 12;

/** The first page of a space's comments: prefetched with the cached page, read by the client with the same key. */
export const commentListBody = (ref: { kind: SpaceKind; id: number }) => ({ ...ref, pageSize: 20 });

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
  counts: { fans: number | null; follows: number | null; created: number | null; studied: number | null; comments: number };
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

export interface UploadProgress {
  done: boolean;
  file: UploadedFile | null;
  chunkCount: number;
  /** The first chunk the server does not have (resume from here); chunkCount when all are in. */
  nextChunk: number;
  received: number;
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

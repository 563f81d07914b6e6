import type { ExamRow } from '../learning/exam-status';

/** The personal archive's shape (lib/server/services/learning/archive.ts), shared with the personal centre. */
export interface Archive {
  year: number;
  years: number[];
  positionLevel: number;
  required: { online: number; offline: number };
  onLineAllTimeEffective: number;
  offLineAllTimeEffective: number;
  months: { month: number; online: number; offline: number }[];
  /** onSite: whether this host publishes it (a course chosen or a project joined on another host is listed without a link). */
  courses: {
    courseId: number;
    title: string;
    cover: string;
    progress: number;
    studiedSeconds: number;
    finishedAt: string | null;
    chosenAt: string;
    onSite: boolean;
  }[];
  trains: {
    trainId: number;
    title: string;
    type: number;
    isOnline: boolean;
    hours: number;
    startAt: string;
    endAt: string;
    status: number;
    onSite: boolean;
  }[];
  certificates: {
    id: number;
    kind: 'series' | 'train' | 'hours';
    refId: number;
    title: string;
    serialNo: string;
    hours: number;
    issuedAt: string;
  }[];
  exams: ExamRow[];
  favourites: { courseId: number; title: string; cover: string; createdAt: string; onSite: boolean }[];
}

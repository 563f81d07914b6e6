/**
 * SPEC 4.3: an exam row's status, derived in this order:
 * 1 submitted (with score); -1 not joined (score a dash); -2 not yet started; 3 ended (score or dash);
 * in the window and not submitted: 2 when a previous attempt is running and not timed out, else 0 not taken.
 */
import { EXAM_STATUS } from '@/lib/constants';

/** The answer to starting a paper already submitted (the page then links to the score). */
export const MSG_SUBMITTED = '您已提交过该考试，不能重复提交';

export type ExamStatus = 1 | -1 | -2 | 3 | 2 | 0;

export interface ExamStatusInput {
  isSubmit: boolean;
  isJoined: boolean;
  isOnStartTime: boolean;
  isAfterEndTime: boolean;
  lastTimeReplyId: number | null;
  lastTimeReplyIsOvertime: boolean;
}

export function examStatus(e: ExamStatusInput): ExamStatus {
  if (e.isSubmit) return 1;
  if (!e.isJoined) return -1;
  if (!e.isOnStartTime) return -2;
  if (e.isAfterEndTime) return 3;
  if (e.lastTimeReplyId != null && !e.lastTimeReplyIsOvertime) return 2;
  return 0;
}

/** The labels of SPEC 4.3, from lib/constants. */
export const EXAM_STATUS_TEXT = EXAM_STATUS as Record<ExamStatus, string>;

/** The score column: a number for submitted or ended-with-score, a dash otherwise. */
export function examScoreText(status: ExamStatus, score: number | null): string {
  if ((status === 1 || status === 3) && score != null) return String(score);
  return '-';
}

export const EXAM_TYPE_TEXT: Record<number, string> = { 0: '线上考试', 1: '线下考试' };
export const EXAM_STYLE_TEXT: Record<number, string> = { 0: '开卷', 1: '闭卷' };

/** An exam row as listed (SPEC 3): the flags, the score and the derived status. */
export interface ExamRow {
  id: number;
  title: string;
  trainId: number | null;
  examType: number;
  examStyle: number;
  startAt: string;
  endAt: string;
  durationMinutes: number;
  requireLogin: boolean;
  questionCount: number;
  totalScore: number;
  isSubmit: boolean;
  isJoined: boolean;
  isOnStartTime: boolean;
  isAfterEndTime: boolean;
  paperScore: number | null;
  lastTimeReplyId: number | null;
  lastTimeReplyIsOvertime: boolean;
  status: ExamStatus;
  /** False for a training project's exam when the learner is not an approved participant (SPEC 4.4 status 7). */
  canTake: boolean;
}

/** Where an exam's title leads: its result once submitted, its paper while it can be taken, else the exam list. */
export function examHref(e: Pick<ExamRow, 'id' | 'status'>): string {
  if (e.status === 1) return `/exam?examId=${e.id}&view=result`;
  if (e.status === 0 || e.status === 2) return `/exam?examId=${e.id}&view=paper`;
  return `/exam?examId=${e.id}`;
}

/** A short answer's length as marked: characters, whitespace not counted. */
export const shortAnswerLength = (text: unknown) => [...String(text ?? '').replace(/\s/g, '')].length;

/** A short answer's minimum length: the question's own, else the one its text states (不少于N字), else 1. */
export function shortMinLength(q: { stem: string; minLength?: number }): number {
  return q.minLength ?? Number(/不少于\s*(\d+)\s*字/.exec(q.stem)?.[1] ?? 1);
}

/** A paper as the learner sees it: no answers, the saved ones, the deadline and the server's clock. */
export interface PaperView {
  replyId: number;
  examId: number;
  title: string;
  deadline: string;
  serverNow: string;
  submitted: boolean;
  /** minLength: a short answer's minimum length (shorter ones score 0). */
  questions: {
    id: number;
    type: 'single' | 'multiple' | 'judge' | 'short';
    stem: string;
    options: string[];
    score: number;
    minLength?: number;
  }[];
  answers: Record<string, (number | string)[]>;
}

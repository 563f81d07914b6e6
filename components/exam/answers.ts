/** A paper's answers as the form holds them, and what the form says about one. */
import { shortAnswerLength, type PaperView } from '@/lib/learning/exam-status';

export type Answer = (number | string)[];
export type Question = PaperView['questions'][number];
/** Where one question's answer stands: being saved, saved, failed (tried again), or refused by the server (not). */
export type SaveState = { state: 'saving' | 'saved' | 'failed' } | { state: 'refused'; message: string };

/** A short answer given but shorter than its minimum (an empty one is unanswered, not too short). */
export const tooShort = (q: Question, a: Answer | undefined) =>
  q.type === 'short' &&
  q.minLength != null &&
  String(a?.[0] ?? '').trim() !== '' &&
  shortAnswerLength(a?.[0]) < q.minLength;

export const isAnswered = (a: Answer | undefined) => (a ?? []).some((x) => String(x).trim() !== '');

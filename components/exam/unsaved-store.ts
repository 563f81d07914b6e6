/** Where the answers not yet saved wait in localStorage: one entry per exam and attempt, so a reload finds them. */
import type { PaperView } from '@/lib/learning/exam-status';
import type { Answer } from './answers';

const storageKey = (examId: number, replyId: number) => `exam-unsaved:${examId}:${replyId}`;

function readStored(key: string): Record<string, Answer> {
  try {
    const v: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, Answer>) : {};
  } catch {
    return {};
  }
}

/** The attempt's answers a previous load could not save; other attempts' leftovers of the exam go. */
export function takeUnsaved(examId: number, replyId: number): Record<string, Answer> {
  const key = storageKey(examId, replyId);
  const stored = readStored(key);
  try {
    for (const k of Object.keys(window.localStorage))
      if (k.startsWith(`exam-unsaved:${examId}:`) && k !== key) window.localStorage.removeItem(k);
  } catch {
    // Storage refused: nothing to clean.
  }
  return stored;
}

/** Mirrors the answers not yet saved; none left removes the entry. */
export function writeUnsaved(p: PaperView, pending: Record<string, Answer>): void {
  try {
    const key = storageKey(p.examId, p.replyId);
    if (Object.keys(pending).length) window.localStorage.setItem(key, JSON.stringify(pending));
    else window.localStorage.removeItem(key);
  } catch {
    // Storage full or refused: the answers are still kept in memory.
  }
}

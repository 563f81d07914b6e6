'use client';
/** The paper being answered: the timer bar, the questions, and 交卷, which checks the short answers and asks first. */
import { useState } from 'react';
import type { PaperView } from '@/lib/learning/exam-status';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { isAnswered, tooShort, type Answer, type SaveState } from './answers';
import { PaperHeader } from './PaperHeader';
import { QuestionCard } from './QuestionCard';

interface Props {
  paper: PaperView;
  answers: Record<string, Answer>;
  saving: Record<string, SaveState>;
  left: number | null;
  error: string;
  onAnswer: (qid: number, a: Answer, delay?: number) => void;
  onRetry: () => void;
  onSubmit: () => void;
}

export function AnswerSheet({ paper, answers, saving, left, error, onAnswer, onRetry, onSubmit }: Props) {
  /** Set by a 交卷 refused for short answers under their minimum: their messages show from then on. */
  const [checked, setChecked] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  return (
    <form
      className="mt-6 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        // A short answer under its minimum length is refused here (it would score 0): its message, and the focus.
        const short = paper.questions.find((q) => tooShort(q, answers[String(q.id)]));
        if (short) {
          setChecked(true);
          document.getElementById(`exam-q${short.id}-text`)?.focus();
          return;
        }
        const unanswered = paper.questions.filter((q) => !isAnswered(answers[String(q.id)])).length;
        void confirm(`${unanswered ? `还有${unanswered}道题未作答。` : ''}确定交卷吗？交卷后不能修改答案。`).then(
          (ok) => {
            if (ok) onSubmit();
          },
        );
      }}
    >
      {confirmDialog}
      <PaperHeader title={paper.title} left={left} />
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      {paper.questions.map((q, i) => (
        <QuestionCard
          key={q.id}
          q={q}
          index={i}
          a={answers[String(q.id)] ?? []}
          state={saving[q.id]}
          checked={checked}
          onAnswer={(a, delay) => onAnswer(q.id, a, delay)}
          onRetry={onRetry}
        />
      ))}
      <button type="submit" className="rounded bg-brand-600 px-6 py-2 text-white hover:bg-brand-700">
        交卷
      </button>
    </form>
  );
}

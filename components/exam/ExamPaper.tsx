'use client';

/**
 * A timed paper: starts or resumes the attempt, saves each answer as it is given (a reload resumes with them),
 * counts down against the server's deadline (with spoken warnings at 5 and 1 minutes) and submits by itself at the
 * limit. An answer not yet saved (offline, server down) is kept in localStorage under the exam and attempt, sent
 * again when the connection returns, every 20 s, on 重试 and with 交卷, and restored into the form after a reload.
 *
 * This file composes: the attempt (use-exam-paper), its answers' saving (use-answer-saves, unsaved-store), and the
 * parts shown (AnswerSheet with PaperHeader and QuestionCard, then SubmittedScore).
 */
import { MSG_SUBMITTED } from '@/lib/learning/exam-status';
import { AnswerSheet } from './AnswerSheet';
import { SubmittedScore } from './SubmittedScore';
import { useExamPaper } from './use-exam-paper';

// Importers take these from here, the paper's module; they live with the attempt's logic.
export { EXAM_RETRY_MS, MSG_SUBMIT_FAILED } from './use-exam-paper';

export function ExamPaper({ examId }: { examId: number }) {
  const { paper, error, left, result, answers, saving, answer, retrySaves, submit } = useExamPaper(examId);

  if (error && !paper)
    return (
      <div role="alert" className="mt-6 rounded border border-red-200 bg-red-50 p-4 text-red-800">
        <p>{error}</p>
        {/* A paper opened again after submitting: the way to the score. */}
        {error === MSG_SUBMITTED && (
          <a href={`/exam?examId=${examId}&view=result`} className="mt-2 inline-block text-brand-700 hover:underline">
            查看成绩
          </a>
        )}
      </div>
    );
  if (!paper) return <p className="mt-6 text-gray-500">正在加载试卷…</p>;
  if (result) return <SubmittedScore examId={examId} title={paper.title} result={result} />;
  return (
    <AnswerSheet
      paper={paper}
      answers={answers}
      saving={saving}
      left={left}
      error={error}
      onAnswer={answer}
      onRetry={retrySaves}
      onSubmit={() => void submit(false)}
    />
  );
}

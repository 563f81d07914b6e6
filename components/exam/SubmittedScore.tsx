'use client';
/** The score that replaces the paper once it is submitted, with the way to the answers' details. */
import { useEffect, useRef } from 'react';
import type { PaperScore } from './use-exam-paper';

export function SubmittedScore({ examId, title, result }: { examId: number; title: string; result: PaperScore }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The score replaces the paper: the focus (left on the gone 交卷 or dialog) moves to its heading, which is
  // described by the score, and the page scrolls back so the whole result and the page's title are in view.
  useEffect(() => {
    const h = heading.current;
    if (!h) return;
    h.focus({ preventScroll: true });
    h.closest('section')?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <section className="mt-6 rounded border bg-white p-6 text-center" aria-labelledby="exam-result-title">
      <h2
        id="exam-result-title"
        ref={heading}
        tabIndex={-1}
        aria-describedby="exam-result-score exam-result-total"
        className="text-lg font-semibold"
      >
        {title}
      </h2>
      <p id="exam-result-score" className="mt-4 text-3xl font-bold text-brand-700" data-testid="exam-score">
        {result.score} 分
      </p>
      <p id="exam-result-total" className="mt-2 text-gray-600">
        满分 {result.totalScore} 分{result.overtime || result.auto ? '（考试时间已到，已自动交卷）' : ''}
      </p>
      <a href={`/exam?examId=${examId}&view=result`} className="mt-4 inline-block text-brand-700 hover:underline">
        查看答题详情
      </a>
    </section>
  );
}

'use client';

/**
 * A timed paper: starts or resumes the attempt, saves each answer as it is given (a reload resumes with them),
 * counts down against the server's deadline and submits by itself at the limit.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api/browser';
import { ApiError } from '@/lib/api/core';
import { emitUi } from '@/lib/ui/events';
import { CODE_SESSION_NONE } from '@/lib/api/messages';
import { formatCountdown } from '@/lib/format';
import { MSG_SUBMITTED, type PaperView } from '@/lib/learning/exam-status';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { EXAM_LOGIN_TYPE } from './ExamActions';
import { QUESTION_TYPE_TEXT } from './question-types';

type Answer = (number | string)[];

export function ExamPaper({ examId }: { examId: number }) {
  const [paper, setPaper] = useState<PaperView | null>(null);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [error, setError] = useState('');
  const [left, setLeft] = useState<number | null>(null);
  const [result, setResult] = useState<{ score: number; totalScore: number; overtime: boolean } | null>(null);
  const [saving, setSaving] = useState<Record<string, 'saving' | 'saved' | 'failed'>>({});
  const offset = useRef(0);
  const submitted = useRef(false);
  const timers = useRef<Record<string, number>>({});
  const [confirm, confirmDialog] = useConfirm();
  const resultHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        // Silent path (SPEC 8): the exam login is this page's business.
        await api.request('/api/examExaminfo/detail', { examId });
        const p = await api.request<PaperView>('/api/examReply/start', { examId });
        if (cancelled) return;
        offset.current = new Date(p.serverNow).getTime() - Date.now();
        setPaper(p);
        setAnswers(p.answers);
      } catch (e) {
        if (e instanceof ApiError && e.code === CODE_SESSION_NONE) emitUi({ type: 'login', loginType: EXAM_LOGIN_TYPE });
        setError(e instanceof Error ? e.message : '加载失败');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [examId]);

  const submit = useCallback(
    async (auto: boolean) => {
      if (!paper || submitted.current) return;
      submitted.current = true;
      try {
        const r = await api.request<{ score: number; totalScore: number; overtime: boolean }>('/api/examReply/submit', { replyId: paper.replyId, answers: auto ? undefined : answers });
        setResult(r);
      } catch (e) {
        submitted.current = false;
        setError(e instanceof Error ? e.message : '提交失败');
      }
    },
    [paper, answers],
  );

  // Countdown against the server's clock; submit by itself at the limit.
  useEffect(() => {
    if (!paper || result) return;
    const tick = () => {
      const ms = new Date(paper.deadline).getTime() - (Date.now() + offset.current);
      setLeft(Math.max(0, Math.ceil(ms / 1000)));
      if (ms <= 0) void submit(true);
    };
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [paper, result, submit]);

  // The score replaces the paper: the focus (left on the gone 交卷 or dialog) moves to its heading, which is
  // described by the score, and the page scrolls back so the whole result and the page's title are in view.
  useEffect(() => {
    const h = resultHeading.current;
    if (!result || !h) return;
    h.focus({ preventScroll: true });
    h.closest('section')?.scrollIntoView({ block: 'center' });
  }, [result]);

  const save = (qid: number, a: Answer, delay = 0) => {
    if (!paper) return;
    setAnswers((old) => ({ ...old, [String(qid)]: a }));
    window.clearTimeout(timers.current[qid]);
    timers.current[qid] = window.setTimeout(async () => {
      setSaving((s) => ({ ...s, [qid]: 'saving' }));
      try {
        await api.request('/api/examReply/saveAnswer', { replyId: paper.replyId, questionId: qid, answer: a });
        setSaving((s) => ({ ...s, [qid]: 'saved' }));
      } catch {
        setSaving((s) => ({ ...s, [qid]: 'failed' }));
      }
    }, delay);
  };

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
  if (result)
    return (
      <section className="mt-6 rounded border bg-white p-6 text-center" aria-labelledby="exam-result-title">
        <h2 id="exam-result-title" ref={resultHeading} tabIndex={-1} aria-describedby="exam-result-score exam-result-total" className="text-lg font-semibold">
          {paper.title}
        </h2>
        <p id="exam-result-score" className="mt-4 text-3xl font-bold text-brand-700" data-testid="exam-score">
          {result.score} 分
        </p>
        <p id="exam-result-total" className="mt-2 text-gray-600">
          满分 {result.totalScore} 分{result.overtime ? '（考试时间已到，已自动交卷）' : ''}
        </p>
        <a href={`/exam?examId=${examId}&view=result`} className="mt-4 inline-block text-brand-700 hover:underline">
          查看答题详情
        </a>
      </section>
    );

  return (
    <form
      className="mt-6 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const unanswered = paper.questions.filter((q) => !(answers[String(q.id)] ?? []).some((x) => String(x).trim() !== '')).length;
        void confirm(`${unanswered ? `还有${unanswered}道题未作答。` : ''}确定交卷吗？交卷后不能修改答案。`).then((ok) => {
          if (ok) void submit(false);
        });
      }}
    >
      {confirmDialog}
      <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-2 rounded border bg-white p-3 shadow-sm">
        <h2 className="font-semibold">{paper.title}</h2>
        <p role="timer" aria-live="off" className={`font-mono ${left != null && left < 60 ? 'text-red-700' : ''}`} data-testid="exam-timer">
          剩余时间 {left == null ? '--' : formatCountdown(left)}
        </p>
      </div>
      {error && <p role="alert" className="text-red-700">{error}</p>}
      {paper.questions.map((q, i) => {
        const a = answers[String(q.id)] ?? [];
        const state = saving[q.id];
        return (
          <fieldset key={q.id} className="rounded border bg-white p-4">
            {/* Floated: the legend (the group's name) sits inside the card's padding instead of on its top border, where a
                question on two lines had its first line outside the card. */}
            <legend className="float-left w-full font-medium">
              {i + 1}. 【{QUESTION_TYPE_TEXT[q.type]}】{q.stem}（{q.score}分）
            </legend>
            {q.type === 'short' ? (
              <label className="clear-left block pt-2">
                <span className="sr-only">第{i + 1}题答案</span>
                <textarea className="w-full rounded border p-2" rows={3} maxLength={2000} value={String(a[0] ?? '')} onChange={(e) => save(q.id, [e.target.value], 800)} />
              </label>
            ) : (
              <div className="clear-left flex flex-col gap-1 pt-2">
                {q.options.map((o, k) => {
                  const checked = a.includes(k);
                  return (
                    <label key={k} className="flex items-center gap-2">
                      <input
                        type={q.type === 'multiple' ? 'checkbox' : 'radio'}
                        name={`q${q.id}`}
                        checked={checked}
                        onChange={() => save(q.id, q.type === 'multiple' ? (checked ? a.filter((x) => x !== k) : [...a, k].sort()) : [k])}
                      />
                      {String.fromCharCode(65 + k)}. {o}
                    </label>
                  );
                })}
              </div>
            )}
            {state && <p className={`mt-1 text-xs ${state === 'failed' ? 'text-red-700' : 'text-gray-500'}`}>{state === 'saving' ? '保存中…' : state === 'saved' ? '已保存' : '保存失败，请重试'}</p>}
          </fieldset>
        );
      })}
      <button type="submit" className="rounded bg-brand-600 px-6 py-2 text-white hover:bg-brand-700">
        交卷
      </button>
    </form>
  );
}

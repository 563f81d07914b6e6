'use client';

/**
 * A timed paper: starts or resumes the attempt, saves each answer as it is given (a reload resumes with them),
 * counts down against the server's deadline (with spoken warnings at 5 and 1 minutes) and submits by itself at the
 * limit. An answer not yet saved (offline, server down) is kept in localStorage under the exam and attempt, sent
 * again when the connection returns, every 20 s, on 重试 and with 交卷, and restored into the form after a reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api/browser';
import { ApiError } from '@/lib/api/core';
import { emitUi } from '@/lib/ui/events';
import { CODE_SESSION_NONE, isSessionCode } from '@/lib/contract/messages';
import { formatCountdown } from '@/lib/format';
import { MSG_SUBMITTED, shortAnswerLength, type PaperView } from '@/lib/learning/exam-status';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { EXAM_LOGIN_TYPE } from './ExamActions';
import { QUESTION_TYPE_TEXT } from './question-types';

type Answer = (number | string)[];
type SaveState = { state: 'saving' | 'saved' | 'failed' } | { state: 'refused'; message: string };

/** How often answers not yet saved, and an automatic 交卷 that failed, are tried again. */
export const EXAM_RETRY_MS = 20_000;
export const MSG_SUBMIT_FAILED = '交卷失败，请检查网络后重试';
const MSG_LOAD_FAILED = '试卷加载失败，请检查网络后刷新页面';
/** Where the answers not yet saved wait: one entry per exam and attempt. */
const storageKey = (examId: number, replyId: number) => `exam-unsaved:${examId}:${replyId}`;

function readStored(key: string): Record<string, Answer> {
  try {
    const v: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, Answer>) : {};
  } catch {
    return {};
  }
}

/** A short answer given but shorter than its minimum (an empty one is unanswered, not too short). */
const tooShort = (q: PaperView['questions'][number], a: Answer | undefined) =>
  q.type === 'short' && q.minLength != null && String(a?.[0] ?? '').trim() !== '' && shortAnswerLength(a?.[0]) < q.minLength;

export function ExamPaper({ examId }: { examId: number }) {
  const [paper, setPaper] = useState<PaperView | null>(null);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [error, setError] = useState('');
  const [left, setLeft] = useState<number | null>(null);
  const [result, setResult] = useState<{ score: number; totalScore: number; overtime: boolean; auto: boolean } | null>(null);
  const [saving, setSaving] = useState<Record<string, SaveState>>({});
  /** Set by a 交卷 refused for short answers under their minimum: their messages show from then on. */
  const [checked, setChecked] = useState(false);
  const offset = useRef(0);
  const submitted = useRef(false);
  const autoTried = useRef(false);
  /** The automatic 交卷 failed for want of a connection: tried again with the unsaved answers. */
  const autoRetry = useRef(false);
  /** The form's answers for 交卷, read when it runs (so the retries below need not restart on every answer). */
  const answersNow = useRef(answers);
  const timers = useRef<Record<string, number>>({});
  /** Answers given but not yet saved by the server, by question id; mirrored in localStorage. */
  const pending = useRef<Record<string, Answer>>({});
  const inFlight = useRef(new Set<string>());
  const [confirm, confirmDialog] = useConfirm();
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const persist = useCallback((p: PaperView) => {
    try {
      const key = storageKey(p.examId, p.replyId);
      if (Object.keys(pending.current).length) window.localStorage.setItem(key, JSON.stringify(pending.current));
      else window.localStorage.removeItem(key);
    } catch {
      // Storage full or refused: the answers are still kept in memory.
    }
  }, []);

  /** Sends one question's pending answer; a newer answer given meanwhile is sent after it. */
  const send = useCallback(
    async (p: PaperView, qid: string) => {
      if (inFlight.current.has(qid)) return;
      inFlight.current.add(qid);
      let a: Answer | undefined = pending.current[qid];
      while (a) {
        setSaving((s) => ({ ...s, [qid]: { state: 'saving' } }));
        let next: SaveState = { state: 'saved' };
        try {
          await api.request('/api/examReply/saveAnswer', { replyId: p.replyId, questionId: Number(qid), answer: a }, { shownInline: true });
        } catch (e) {
          // Refused by the server (time up, submitted, bad answer): trying again would not help.
          next = e instanceof ApiError && !isSessionCode(e.code) ? { state: 'refused', message: e.message } : { state: 'failed' };
        }
        const newer: boolean = pending.current[qid] !== a;
        if (!newer && next.state !== 'failed') {
          delete pending.current[qid];
          persist(p);
        }
        setSaving((s) => ({ ...s, [qid]: next }));
        a = newer && next.state !== 'failed' ? pending.current[qid] : undefined;
      }
      inFlight.current.delete(qid);
    },
    [persist],
  );

  const flush = useCallback(
    (p: PaperView) => {
      for (const qid of Object.keys(pending.current)) void send(p, qid);
    },
    [send],
  );

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        // Silent path (SPEC 8): the exam login is this page's business.
        await api.request('/api/examExaminfo/detail', { examId });
        const p = await api.request<PaperView>('/api/examReply/start', { examId });
        if (cancelled) return;
        offset.current = new Date(p.serverNow).getTime() - Date.now();
        // Answers a previous load could not save: back into the form, and sent. Other attempts' leftovers go.
        const key = storageKey(examId, p.replyId);
        const stored = readStored(key);
        try {
          for (const k of Object.keys(window.localStorage)) if (k.startsWith(`exam-unsaved:${examId}:`) && k !== key) window.localStorage.removeItem(k);
        } catch {
          // Storage refused: nothing to clean.
        }
        pending.current = stored;
        setPaper(p);
        setAnswers({ ...p.answers, ...stored });
        flush(p);
      } catch (e) {
        if (e instanceof ApiError && e.code === CODE_SESSION_NONE) emitUi({ type: 'login', loginType: EXAM_LOGIN_TYPE });
        setError(e instanceof ApiError ? e.message : MSG_LOAD_FAILED);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [examId, flush]);

  useEffect(() => {
    answersNow.current = answers;
  }, [answers]);

  // 交卷 sends every answer in the form, the unsaved ones included (the server saves them first while in time).
  const submit = useCallback(
    async (auto: boolean) => {
      if (!paper || submitted.current) return;
      submitted.current = true;
      setError('');
      try {
        const r = await api.request<{ score: number; totalScore: number; overtime: boolean }>('/api/examReply/submit', { replyId: paper.replyId, answers: answersNow.current }, { shownInline: true });
        pending.current = {};
        persist(paper);
        setResult({ ...r, auto });
      } catch (e) {
        submitted.current = false;
        if (auto) autoRetry.current = !(e instanceof ApiError);
        setError(e instanceof ApiError ? e.message : MSG_SUBMIT_FAILED);
      }
    },
    [paper, persist],
  );

  // Countdown against the server's clock; submit by itself at the limit (once here; retried below).
  useEffect(() => {
    if (!paper || result) return;
    const tick = () => {
      const ms = new Date(paper.deadline).getTime() - (Date.now() + offset.current);
      setLeft(Math.max(0, Math.ceil(ms / 1000)));
      if (ms <= 0 && !autoTried.current) {
        autoTried.current = true;
        void submit(true);
      }
    };
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [paper, result, submit]);

  // The connection is back, or a while has passed: the unsaved answers again, and an automatic 交卷 that failed.
  useEffect(() => {
    if (!paper || result) return;
    const retry = () => {
      flush(paper);
      if (autoRetry.current) void submit(true);
    };
    const id = window.setInterval(() => {
      if (navigator.onLine !== false) retry();
    }, EXAM_RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      window.clearInterval(id);
      window.removeEventListener('online', retry);
    };
  }, [paper, result, flush, submit]);

  // The score replaces the paper: the focus (left on the gone 交卷 or dialog) moves to its heading, which is
  // described by the score, and the page scrolls back so the whole result and the page's title are in view.
  useEffect(() => {
    const h = resultHeading.current;
    if (!result || !h) return;
    h.focus({ preventScroll: true });
    h.closest('section')?.scrollIntoView({ block: 'center' });
  }, [result]);

  /** An answer given: into the form and the pending store at once (a reload keeps it), sent after `delay`. */
  const save = (qid: number, a: Answer, delay = 0) => {
    if (!paper) return;
    setAnswers((old) => ({ ...old, [String(qid)]: a }));
    pending.current[String(qid)] = a;
    persist(paper);
    window.clearTimeout(timers.current[qid]);
    timers.current[qid] = window.setTimeout(() => void send(paper, String(qid)), delay);
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
  const warning = left == null || left > 300 ? '' : left > 60 ? '距考试结束不足5分钟，请抓紧作答' : '距考试结束不足1分钟，时间到将自动交卷';
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
          满分 {result.totalScore} 分{result.overtime || result.auto ? '（考试时间已到，已自动交卷）' : ''}
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
        // A short answer under its minimum length is refused here (it would score 0): its message, and the focus.
        const short = paper.questions.find((q) => tooShort(q, answers[String(q.id)]));
        if (short) {
          setChecked(true);
          document.getElementById(`exam-q${short.id}-text`)?.focus();
          return;
        }
        const unanswered = paper.questions.filter((q) => !(answers[String(q.id)] ?? []).some((x) => String(x).trim() !== '')).length;
        void confirm(`${unanswered ? `还有${unanswered}道题未作答。` : ''}确定交卷吗？交卷后不能修改答案。`).then((ok) => {
          if (ok) void submit(false);
        });
      }}
    >
      {confirmDialog}
      <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-2 rounded border bg-white p-3 shadow-sm">
        <h2 className="font-semibold">{paper.title}</h2>
        <div className="text-right">
          <p role="timer" aria-live="off" className={`font-mono ${warning ? 'text-red-700' : ''}`} data-testid="exam-timer">
            剩余时间 {left == null ? '--' : formatCountdown(left)}
          </p>
          {/* Always present (empty, it takes no room), so that its text appearing at 5 and at 1 minute is announced. */}
          <p aria-live="polite" className="text-sm text-red-700" data-testid="exam-time-warning">
            {warning}
          </p>
        </div>
      </div>
      {error && <p role="alert" className="text-red-700">{error}</p>}
      {paper.questions.map((q, i) => {
        const a = answers[String(q.id)] ?? [];
        const state = saving[q.id];
        const short = checked && tooShort(q, a);
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
                <textarea
                  id={`exam-q${q.id}-text`}
                  className="w-full rounded border p-2"
                  rows={3}
                  maxLength={2000}
                  value={String(a[0] ?? '')}
                  aria-invalid={short || undefined}
                  aria-describedby={q.minLength ? `exam-q${q.id}-length` : undefined}
                  onChange={(e) => save(q.id, [e.target.value], 800)}
                />
                {q.minLength != null && (
                  <span id={`exam-q${q.id}-length`} role={short ? 'alert' : undefined} className={`block text-xs ${short ? 'text-red-700' : 'text-gray-500'}`}>
                    {short ? '字数不足：' : ''}本题不少于{q.minLength}字，已输入{shortAnswerLength(a[0])}字
                  </span>
                )}
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
            {state && (
              <p className={`mt-1 text-xs ${state.state === 'failed' || state.state === 'refused' ? 'text-red-700' : 'text-gray-500'}`}>
                {state.state === 'saving' ? '保存中…' : state.state === 'saved' ? '已保存' : state.state === 'refused' ? `保存失败：${state.message}` : '保存失败，网络恢复后将自动重试'}
                {state.state === 'failed' && (
                  <button type="button" className="ml-2 text-brand-700 underline" onClick={() => flush(paper)}>
                    重试
                  </button>
                )}
              </p>
            )}
          </fieldset>
        );
      })}
      <button type="submit" className="rounded bg-brand-600 px-6 py-2 text-white hover:bg-brand-700">
        交卷
      </button>
    </form>
  );
}

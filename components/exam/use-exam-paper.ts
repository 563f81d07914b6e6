'use client';
/**
 * The attempt at a timed paper: starts or resumes it, counts down against the server's deadline, submits by itself
 * at the limit, and tries again (the unsaved answers, an automatic 交卷 that failed) when the connection returns.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api/browser';
import { ApiError, call } from '@/lib/api/core';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';
import type { PaperView } from '@/lib/learning/exam-status';
import { emitUi } from '@/lib/ui/events';
import type { Answer } from './answers';
import { EXAM_LOGIN_TYPE } from './ExamActions';
import { takeUnsaved } from './unsaved-store';
import { useAnswerSaves } from './use-answer-saves';

/** How often answers not yet saved, and an automatic 交卷 that failed, are tried again. */
export const EXAM_RETRY_MS = 20_000;
export const MSG_SUBMIT_FAILED = '交卷失败，请检查网络后重试';
const MSG_LOAD_FAILED = '试卷加载失败，请检查网络后刷新页面';

/** auto: submitted by itself at the limit. */
export type PaperScore = { score: number; totalScore: number; overtime: boolean; auto: boolean };

export function useExamPaper(examId: number) {
  const { answers, saving, answer, flush, resume, clear, current } = useAnswerSaves();
  const [paper, setPaper] = useState<PaperView | null>(null);
  const [error, setError] = useState('');
  const [left, setLeft] = useState<number | null>(null);
  const [result, setResult] = useState<PaperScore | null>(null);
  const offset = useRef(0);
  const submitted = useRef(false);
  const autoTried = useRef(false);
  /** The automatic 交卷 failed for want of a connection: tried again with the unsaved answers. */
  const autoRetry = useRef(false);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        // Silent path (SPEC 8): the exam login is this page's business.
        await call(api, '/api/examExaminfo/detail', { examId });
        const p = await call(api, '/api/examReply/start', { examId });
        if (cancelled) return;
        offset.current = new Date(p.serverNow).getTime() - Date.now();
        // Answers a previous load could not save: back into the form, and sent. Other attempts' leftovers go.
        const unsaved = takeUnsaved(examId, p.replyId);
        setPaper(p);
        resume(p, unsaved);
      } catch (e) {
        if (e instanceof ApiError && e.code === CODE_SESSION_NONE)
          emitUi({ type: 'login', loginType: EXAM_LOGIN_TYPE });
        setError(e instanceof ApiError ? e.message : MSG_LOAD_FAILED);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [examId, resume]);

  // 交卷 sends every answer in the form, the unsaved ones included (the server saves them first while in time).
  const submit = useCallback(
    async (auto: boolean) => {
      if (!paper || submitted.current) return;
      submitted.current = true;
      setError('');
      try {
        const r = await call(
          api,
          '/api/examReply/submit',
          { replyId: paper.replyId, answers: current() },
          { shownInline: true },
        );
        clear(paper);
        setResult({ ...r, auto });
      } catch (e) {
        submitted.current = false;
        if (auto) autoRetry.current = !(e instanceof ApiError);
        setError(e instanceof ApiError ? e.message : MSG_SUBMIT_FAILED);
      }
    },
    [paper, clear, current],
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

  const give = (qid: number, a: Answer, delay?: number) => {
    if (paper) answer(paper, qid, a, delay);
  };
  const retrySaves = () => {
    if (paper) flush(paper);
  };

  return { paper, error, left, result, answers, saving, answer: give, retrySaves, submit };
}

'use client';
/**
 * The paper's answers and their saving: each answer goes into the form and the pending store at once (mirrored in
 * localStorage, so a reload keeps it) and is sent to the server; one that could not be saved waits for flush.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api/browser';
import { ApiError, call } from '@/lib/api/core';
import { isSessionCode } from '@/lib/contract/messages';
import type { PaperView } from '@/lib/learning/exam-status';
import type { Answer, SaveState } from './answers';
import { writeUnsaved } from './unsaved-store';

export function useAnswerSaves() {
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [saving, setSaving] = useState<Record<string, SaveState>>({});
  /** The form's answers for 交卷, read when it runs (so the retries need not restart on every answer). */
  const answersNow = useRef(answers);
  useEffect(() => {
    answersNow.current = answers;
  }, [answers]);
  const timers = useRef<Record<string, number>>({});
  /** Answers given but not yet saved by the server, by question id; mirrored in localStorage. */
  const pending = useRef<Record<string, Answer>>({});
  const inFlight = useRef(new Set<string>());

  const persist = useCallback((p: PaperView) => writeUnsaved(p, pending.current), []);

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
          await call(
            api,
            '/api/examReply/saveAnswer',
            { replyId: p.replyId, questionId: Number(qid), answer: a },
            { shownInline: true },
          );
        } catch (e) {
          // Refused by the server (time up, submitted, bad answer): trying again would not help.
          next =
            e instanceof ApiError && !isSessionCode(e.code)
              ? { state: 'refused', message: e.message }
              : { state: 'failed' };
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

  /** The paper loaded: its saved answers with the ones not yet saved over them, which are sent. */
  const resume = useCallback(
    (p: PaperView, unsaved: Record<string, Answer>) => {
      pending.current = unsaved;
      setAnswers({ ...p.answers, ...unsaved });
      flush(p);
    },
    [flush],
  );

  /** After 交卷 nothing is left to save. */
  const clear = useCallback(
    (p: PaperView) => {
      pending.current = {};
      persist(p);
    },
    [persist],
  );

  const current = useCallback(() => answersNow.current, []);

  /** An answer given: into the form and the pending store at once (a reload keeps it), sent after `delay`. */
  const answer = (p: PaperView, qid: number, a: Answer, delay = 0) => {
    setAnswers((old) => ({ ...old, [String(qid)]: a }));
    pending.current[String(qid)] = a;
    persist(p);
    window.clearTimeout(timers.current[qid]);
    timers.current[qid] = window.setTimeout(() => void send(p, String(qid)), delay);
  };

  return { answers, saving, answer, flush, resume, clear, current };
}

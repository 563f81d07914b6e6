'use client';

/**
 * A questionnaire rendered from its definition (single, multiple, text, rating; required questions), checked
 * before submit with the same rules as the server, saved once (collection/save), then /successSubmit.
 * In preview nothing is saved. The answers are kept as a draft in sessionStorage while filling, so a visitor who
 * signs in to submit (the page reloads) finds them again; the draft goes once the questionnaire is submitted.
 */
import { useEffect, useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import { api } from '@/lib/api/browser';
import { ApiError, call, failureText } from '@/lib/api/core';
import { openLogin, openMessageBox } from '@/lib/ui/events';
import { isLoggedIn, useLoggedIn } from '@/lib/session/client';
import { useHydrated } from '@/lib/ui/use-hydrated';
import {
  RATING_MAX,
  SURVEY_TEXT_MAX,
  SURVEY_TRAIN_ONLY_MSG,
  surveyProblems,
  type SurveyAnswers,
  type SurveyProblem,
  type SurveyView,
} from '@/lib/validation/survey';
import { startNavigation } from '@/lib/ui/nav-pending';

const LOGIN_TO_SUBMIT_MSG = '提交问卷需要先登录，登录后已填写的内容会保留';
const draftKey = (surveyId: number) => `surveyDraft:${surveyId}`;

function storedDraft(surveyId: number): string | null {
  try {
    return sessionStorage.getItem(draftKey(surveyId));
  } catch {
    return null;
  }
}

/** The draft's answers to questions the survey has (a stale or altered draft loses the rest); null without one. */
function parseDraft(survey: SurveyView, stored: string | null): SurveyAnswers | null {
  try {
    const saved: unknown = JSON.parse(stored ?? 'null');
    if (!saved || typeof saved !== 'object') return null;
    const ids = new Set(survey.questions.map((q) => String(q.id)));
    const ok = (v: unknown) =>
      typeof v === 'string' || Number.isInteger(v) || (Array.isArray(v) && v.every(Number.isInteger));
    return Object.fromEntries(Object.entries(saved).filter(([k, v]) => ids.has(k) && ok(v))) as SurveyAnswers;
  } catch {
    return null;
  }
}

function writeDraft(surveyId: number, answers: SurveyAnswers | null): void {
  try {
    if (answers) sessionStorage.setItem(draftKey(surveyId), JSON.stringify(answers));
    else sessionStorage.removeItem(draftKey(surveyId));
  } catch {
    /* storage disabled: the answers live as long as the page */
  }
}

export function SurveyForm({ survey, preview = false }: { survey: SurveyView; preview?: boolean }) {
  const router = useRouter();
  const loggedIn = useLoggedIn();
  // The draft of an earlier visit of this page (before a sign-in), read once hydrated; then the answers as edited.
  const hydrated = useHydrated();
  const draft = useMemo(
    () => (hydrated && !preview ? parseDraft(survey, storedDraft(survey.id)) : null),
    [hydrated, preview, survey],
  );
  const [edited, setEdited] = useState<SurveyAnswers | null>(null);
  const answers = edited ?? draft ?? {};
  // Every problem of the last check (each shown beside its question), or the server's refusal (questionId null).
  const [problems, setProblems] = useState<SurveyProblem[]>([]);
  const [done, setDone] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Preview: the last check found nothing to fix (shown, and announced, until an answer changes).
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    if (preview || !isLoggedIn()) return;
    call(api, '/api/collection/assignStatus', { surveyId: survey.id })
      .then((s) => {
        setDone(s.submitted);
        if (s.submitted) writeDraft(survey.id, null);
        if (s.allowed === false && !s.submitted) setRefused(SURVEY_TRAIN_ONLY_MSG);
      })
      .catch(() => undefined);
  }, [preview, survey.id]);

  const set = (id: number, v: SurveyAnswers[string]) => {
    const next = { ...answers, [String(id)]: v };
    setEdited(next);
    if (!preview) writeDraft(survey.id, next);
    setProblems((list) => list.filter((p) => p.questionId !== id));
    setChecked(false);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = surveyProblems(survey.questions, answers);
    setProblems(found);
    setChecked(preview && !found.length);
    if (found.length) {
      document.getElementById(`sq-${found[0].questionId}`)?.focus();
      return;
    }
    if (preview) return;
    // SPEC 2.7 mode 6: an action that needs a sign-in (mode 1 is for viewing content).
    if (!isLoggedIn()) {
      openMessageBox(6, { message: LOGIN_TO_SUBMIT_MSG });
      return;
    }
    setBusy(true);
    try {
      await call(api, '/api/collection/save', { surveyId: survey.id, answers }, { shownInline: true });
      writeDraft(survey.id, null);
      const href = `/successSubmit?title=${encodeURIComponent(survey.title)}`;
      startNavigation(href);
      router.push(href);
    } catch (err) {
      setProblems([{ questionId: null, message: failureText(err, '提交失败，请稍后重试') }]);
      if (err instanceof ApiError && /已提交/.test(err.message)) {
        setDone(true);
        writeDraft(survey.id, null);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-4 space-y-4"
      aria-describedby={problems.length ? 'survey-problem' : undefined}
    >
      {preview && (
        <p className="rounded bg-amber-50 p-3 text-sm text-amber-900">预览模式：可以试填，提交时只检查不保存。</p>
      )}
      {!preview && !loggedIn && (
        <div className="visitor-only flex flex-wrap items-center justify-between gap-3 rounded bg-amber-50 p-3 text-amber-900">
          <p>{LOGIN_TO_SUBMIT_MSG}</p>
          <button
            type="button"
            onClick={() => openLogin(1)}
            className="rounded bg-brand-600 px-4 py-1 text-white hover:bg-brand-700"
          >
            登录
          </button>
        </div>
      )}
      {done && (
        <p role="status" className="rounded bg-green-50 p-3 text-green-800">
          您已提交过该问卷，感谢参与！
        </p>
      )}
      {refused && !done && (
        <p role="status" className="rounded bg-amber-50 p-3 text-amber-900">
          {refused}
        </p>
      )}
      {survey.questions.map((q, i) => {
        const a = answers[String(q.id)];
        const problem = problems.find((p) => p.questionId === q.id);
        const invalid = !!problem;
        return (
          <fieldset
            key={q.id}
            id={`sq-${q.id}`}
            tabIndex={-1}
            aria-invalid={invalid}
            className={`rounded border bg-white p-4 ${invalid ? 'border-red-500' : ''}`}
            disabled={done || !!refused}
          >
            <legend className="px-1 font-medium">
              {i + 1}. {q.title}
              {q.required && (
                <span className="ml-1 text-red-600" aria-label="必答">
                  *
                </span>
              )}
            </legend>
            {q.type === 'single' &&
              q.options.map((o, k) => (
                <label key={k} className="mt-1 flex items-center gap-2">
                  <input type="radio" name={`s${q.id}`} checked={a === k} onChange={() => set(q.id, k)} />
                  {o}
                </label>
              ))}
            {q.type === 'multiple' &&
              q.options.map((o, k) => {
                const list = Array.isArray(a) ? a : [];
                return (
                  <label key={k} className="mt-1 flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={list.includes(k)}
                      onChange={() => set(q.id, list.includes(k) ? list.filter((x) => x !== k) : [...list, k].sort())}
                    />
                    {o}
                  </label>
                );
              })}
            {q.type === 'rating' && (
              <div className="mt-1 flex gap-1" role="radiogroup" aria-label={`${q.title}（1-${RATING_MAX}分）`}>
                {Array.from({ length: RATING_MAX }, (_, k) => k + 1).map((n) => (
                  <label
                    key={n}
                    className={`cursor-pointer rounded border px-3 py-1 ${a === n ? 'border-brand-600 bg-brand-50 text-brand-700' : ''}`}
                  >
                    <input
                      type="radio"
                      className="sr-only"
                      name={`s${q.id}`}
                      checked={a === n}
                      onChange={() => set(q.id, n)}
                    />
                    {n}分
                  </label>
                ))}
              </div>
            )}
            {q.type === 'text' && (
              <label className="mt-1 block">
                <span className="sr-only">{q.title}</span>
                {q.format ? (
                  <input
                    type={q.format === 'phone' ? 'tel' : 'email'}
                    autoComplete={q.format === 'phone' ? 'tel' : 'email'}
                    className="w-full max-w-sm rounded border p-2"
                    maxLength={100}
                    value={typeof a === 'string' ? a : ''}
                    onChange={(e) => set(q.id, e.target.value)}
                  />
                ) : (
                  <textarea
                    className="w-full rounded border p-2"
                    rows={3}
                    maxLength={SURVEY_TEXT_MAX}
                    value={typeof a === 'string' ? a : ''}
                    onChange={(e) => set(q.id, e.target.value)}
                  />
                )}
              </label>
            )}
            {problem && <p className="mt-1 text-sm text-red-700">{problem.message}</p>}
          </fieldset>
        );
      })}
      {problems.length > 0 && (
        <p id="survey-problem" role="alert" className="text-red-700">
          {problems.length > 1 ? `还有${problems.length}道题需要填写或修改，请查看标红的题目` : problems[0].message}
        </p>
      )}
      {preview && (
        <p role="status" className={checked ? 'rounded bg-green-50 p-3 text-green-800' : 'sr-only'}>
          {checked ? '检查通过：所有必答题均已填写（预览不会保存）' : ''}
        </p>
      )}
      {!done && !refused && (
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-brand-600 px-6 py-2 text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {preview ? '检查（不保存）' : '提交'}
        </button>
      )}
    </form>
  );
}

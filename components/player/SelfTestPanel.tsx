'use client';

/**
 * The self test after a chapter: three questions, scored by the server. Unanswered questions are marked (as a
 * questionnaire's) before anything is sent: no score and no answer is shown until every question is answered.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { apiQuery } from '@/lib/api/query';
import { selfTestProblemText, selfTestProblems } from '@/lib/validation/self-test';
import type { SurveyProblem } from '@/lib/validation/survey';
import type { SelfTestResult } from '@/lib/contract/learning';
import { BusyButton } from '@/components/ui/BusyButton';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { call } from '@/lib/api/core';

export function SelfTestPanel({ chapterId, onNext }: { chapterId: number; onNext: () => void }) {
  const { data, isLoading, isError, isFetching, refetch } = useQuery(apiQuery('/api/course/selfTest', { chapterId }));
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [problems, setProblems] = useState<SurveyProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SelfTestResult | null>(null);
  const groupId = (questionId: number) => `selftest-${chapterId}-${questionId}`;
  const answer = (questionId: number, k: number) => {
    setAnswers((a) => ({ ...a, [String(questionId)]: k }));
    setProblems((list) => list.filter((p) => p.questionId !== questionId));
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!data) return;
    const found = selfTestProblems(data.questions, answers);
    setProblems(found);
    if (found.length) {
      document.getElementById(groupId(found[0].questionId!))?.focus();
      return;
    }
    setBusy(true);
    try {
      setResult(await call(api, '/api/course/selfTestSubmit', { chapterId, answers }));
    } catch {
      /* the client has shown the server's message; the answers stay for another try */
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="selftest-title"
      className="focus-on-light mt-4 rounded bg-white p-4 text-gray-900"
      data-testid="self-test"
    >
      <h2 id="selftest-title" tabIndex={-1} className="text-base font-semibold focus:outline-none">
        本讲自测
      </h2>
      {isLoading && <p className="mt-2 text-gray-500">正在加载自测题…</p>}
      {isError && <LoadFailed what="自测题" onRetry={refetch} retrying={isFetching} className="mt-2 text-red-700" />}
      {data && (
        <form
          onSubmit={submit}
          noValidate
          className="mt-3 space-y-4"
          aria-describedby={problems.length ? 'selftest-problem' : undefined}
        >
          {data.questions.map((q, i) => {
            const r = result?.results.find((x) => x.id === q.id);
            const problem = problems.find((p) => p.questionId === q.id);
            return (
              <fieldset
                key={q.id}
                id={groupId(q.id)}
                tabIndex={-1}
                aria-invalid={!!problem}
                className={problem ? 'rounded border border-red-500 p-2' : undefined}
              >
                <legend className="font-medium">
                  {i + 1}. {q.type === 'judge' ? '【判断】' : '【单选】'}
                  {q.stem}
                </legend>
                <div className="mt-1 flex flex-wrap gap-3">
                  {q.options.map((o, k) => (
                    <label key={k} className="flex items-center gap-1">
                      <input
                        type="radio"
                        name={`q${q.id}`}
                        checked={answers[String(q.id)] === k}
                        onChange={() => answer(q.id, k)}
                        disabled={!!result}
                      />
                      {o}
                    </label>
                  ))}
                </div>
                {problem && <p className="mt-1 text-sm text-red-700">{problem.message}</p>}
                {r && (
                  <p className={r.correct ? 'text-green-700' : 'text-red-700'}>
                    {r.correct ? '回答正确' : `回答错误，正确答案：${q.options[r.answer]}`}
                  </p>
                )}
              </fieldset>
            );
          })}
          {problems.length > 0 && (
            <p id="selftest-problem" role="alert" className="text-red-700">
              {selfTestProblemText(problems, '请查看标红的题目')}
            </p>
          )}
          <div className="flex items-center gap-3">
            {!result ? (
              <BusyButton
                type="submit"
                busy={busy}
                className="rounded bg-brand-600 px-4 py-1.5 text-white hover:bg-brand-700 aria-disabled:opacity-60"
              >
                提交自测
              </BusyButton>
            ) : (
              <p role="status" className="font-medium">
                答对 {result.correct} / {result.total} 题
              </p>
            )}
            <button
              type="button"
              onClick={onNext}
              className="rounded border border-gray-300 px-4 py-1.5 hover:bg-gray-50"
            >
              继续学习下一讲
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

'use client';

/** The self test after a chapter: three questions, scored by the server. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { apiQuery } from '@/lib/api/query';
import type { SelfTest, SelfTestResult } from '@/lib/learning/types';

export function SelfTestPanel({ chapterId, onNext }: { chapterId: number; onNext: () => void }) {
  const { data, isLoading, isError } = useQuery(apiQuery<SelfTest>('/api/course/selfTest', { chapterId }));
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [result, setResult] = useState<SelfTestResult | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setResult(await api.request<SelfTestResult>('/api/course/selfTestSubmit', { chapterId, answers }));
  };
  return (
    <section aria-labelledby="selftest-title" className="focus-on-light mt-4 rounded bg-white p-4 text-gray-900" data-testid="self-test">
      <h2 id="selftest-title" className="text-base font-semibold">
        本讲自测
      </h2>
      {isLoading && <p className="mt-2 text-gray-500">正在加载自测题…</p>}
      {isError && <p className="mt-2 text-red-700">自测题加载失败，请稍后重试</p>}
      {data && (
        <form onSubmit={submit} className="mt-3 space-y-4">
          {data.questions.map((q, i) => {
            const r = result?.results.find((x) => x.id === q.id);
            return (
              <fieldset key={q.id}>
                <legend className="font-medium">
                  {i + 1}. {q.type === 'judge' ? '【判断】' : '【单选】'}
                  {q.stem}
                </legend>
                <div className="mt-1 flex flex-wrap gap-3">
                  {q.options.map((o, k) => (
                    <label key={k} className="flex items-center gap-1">
                      <input type="radio" name={`q${q.id}`} checked={answers[String(q.id)] === k} onChange={() => setAnswers((a) => ({ ...a, [String(q.id)]: k }))} disabled={!!result} />
                      {o}
                    </label>
                  ))}
                </div>
                {r && <p className={r.correct ? 'text-green-700' : 'text-red-700'}>{r.correct ? '回答正确' : `回答错误，正确答案：${q.options[r.answer]}`}</p>}
              </fieldset>
            );
          })}
          <div className="flex items-center gap-3">
            {!result ? (
              <button type="submit" className="rounded bg-brand-600 px-4 py-1.5 text-white hover:bg-brand-700">
                提交自测
              </button>
            ) : (
              <p role="status" className="font-medium">
                答对 {result.correct} / {result.total} 题
              </p>
            )}
            <button type="button" onClick={onNext} className="rounded border border-gray-300 px-4 py-1.5 hover:bg-gray-50">
              继续学习下一讲
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

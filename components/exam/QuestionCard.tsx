'use client';
/** One question of the paper: its stem, the options or the text box of a short answer, and where its save stands. */
import { shortAnswerLength } from '@/lib/learning/exam-status';
import { tooShort, type Answer, type Question, type SaveState } from './answers';
import { QUESTION_TYPE_TEXT } from './question-types';

/**
 * index: its place on the paper (from 0); checked: a 交卷 was refused for short answers, so their messages show;
 * onAnswer: the new answer, to be sent after delay ms.
 */
export function QuestionCard({
  q,
  index,
  a,
  state,
  checked,
  onAnswer,
  onRetry,
}: {
  q: Question;
  index: number;
  a: Answer;
  state: SaveState | undefined;
  checked: boolean;
  onAnswer: (a: Answer, delay?: number) => void;
  onRetry: () => void;
}) {
  const short = checked && tooShort(q, a);
  return (
    <fieldset className="rounded border bg-white p-4">
      {/* Floated: the legend (the group's name) sits inside the card's padding instead of on its top border, where a
          question on two lines had its first line outside the card. */}
      <legend className="float-left w-full font-medium">
        {index + 1}. 【{QUESTION_TYPE_TEXT[q.type]}】{q.stem}（{q.score}分）
      </legend>
      {q.type === 'short' ? (
        <label className="clear-left block pt-2">
          <span className="sr-only">第{index + 1}题答案</span>
          <textarea
            id={`exam-q${q.id}-text`}
            className="w-full rounded border p-2"
            rows={3}
            maxLength={2000}
            value={String(a[0] ?? '')}
            aria-invalid={short || undefined}
            aria-describedby={q.minLength ? `exam-q${q.id}-length` : undefined}
            onChange={(e) => onAnswer([e.target.value], 800)}
          />
          {q.minLength != null && (
            <span
              id={`exam-q${q.id}-length`}
              role={short ? 'alert' : undefined}
              className={`block text-xs ${short ? 'text-red-700' : 'text-gray-500'}`}
            >
              {short ? '字数不足：' : ''}本题不少于{q.minLength}字，已输入{shortAnswerLength(a[0])}字
            </span>
          )}
        </label>
      ) : (
        <div className="clear-left flex flex-col gap-1 pt-2">
          {q.options.map((o, k) => {
            const picked = a.includes(k);
            return (
              <label key={k} className="flex items-center gap-2">
                <input
                  type={q.type === 'multiple' ? 'checkbox' : 'radio'}
                  name={`q${q.id}`}
                  checked={picked}
                  onChange={() =>
                    onAnswer(q.type === 'multiple' ? (picked ? a.filter((x) => x !== k) : [...a, k].sort()) : [k])
                  }
                />
                {String.fromCharCode(65 + k)}. {o}
              </label>
            );
          })}
        </div>
      )}
      {state && <SaveStatus state={state} onRetry={onRetry} />}
    </fieldset>
  );
}

function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  return (
    <p
      className={`mt-1 text-xs ${state.state === 'failed' || state.state === 'refused' ? 'text-red-700' : 'text-gray-500'}`}
    >
      {state.state === 'saving'
        ? '保存中…'
        : state.state === 'saved'
          ? '已保存'
          : state.state === 'refused'
            ? `保存失败：${state.message}`
            : '保存失败，网络恢复后将自动重试'}
      {state.state === 'failed' && (
        <button type="button" className="ml-2 text-brand-700 underline" onClick={onRetry}>
          重试
        </button>
      )}
    </p>
  );
}

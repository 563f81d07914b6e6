/**
 * An exam's result: the score and, per question, its options with the learner's choice and the correct one marked
 * in words (not by colour alone), true/false answers as 正确/错误, and a short answer's text as written (已作答 when it
 * reaches its minimum length: short answers have no correct answer). A closed-book exam's correct answers come only
 * after its end time (answersHidden: the server leaves them out, and whether a choice was right: correct is null);
 * until then, the learner's own answers and the score.
 */
import { formatDateTime } from '@/lib/format';
import { QUESTION_TYPE_TEXT } from './question-types';

export interface ExamResultView {
  examId: number;
  title: string;
  score: number;
  totalScore: number;
  submittedAt: string;
  answersHidden?: boolean;
  questions: {
    id: number;
    type: string;
    stem: string;
    options: string[];
    score: number;
    minLength?: number;
    correct: boolean | null;
    answer: (number | string)[];
    given: (number | string)[];
  }[];
}

type Question = ExamResultView['questions'][number];

const UNANSWERED = '未作答';
const letter = (k: number) => String.fromCharCode(65 + k);
/** A choice as the summary names it: the letter (the options are listed above it); a true/false answer by its text. */
const choice = (q: Question, x: number | string) =>
  q.type === 'judge' ? (q.options[Number(x)] ?? letter(Number(x))) : letter(Number(x));
const shown = (q: Question, a: (number | string)[]) =>
  a.length === 0 ? UNANSWERED : a.map((x) => choice(q, x)).join('、');

function Options({ q }: { q: Question }) {
  return (
    <ul className="mt-2 space-y-1">
      {q.options.map((o, k) => {
        const mine = q.given.includes(k);
        const right = q.answer.includes(k);
        // A closed-book exam before its end says nothing of rightness (correct is null): the choice is only marked.
        const unjudged = q.correct === null;
        const good = right || (mine && q.correct === true);
        return (
          <li
            key={k}
            className={`flex flex-wrap items-center gap-2 rounded px-2 py-1 ${unjudged ? (mine ? 'bg-gray-100' : '') : good ? 'bg-green-50' : mine ? 'bg-red-50' : ''}`}
          >
            <span>{q.type === 'judge' ? o : `${letter(k)}. ${o}`}</span>
            {mine && (
              <span
                className={`rounded px-1.5 text-xs ${unjudged ? 'bg-gray-200 text-gray-800' : good ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}
              >
                您的选择
              </span>
            )}
            {right && <span className="rounded bg-green-100 px-1.5 text-xs text-green-800">正确答案</span>}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The verdict beside a question: right/wrong for a choice; for a short answer whether it was answered (long enough);
 * for a choice of a closed-book exam before its end (correct is null) only whether it was answered.
 */
function verdict(q: Question): { good: boolean | null; text: string } {
  if (q.correct === null) return { good: null, text: q.given.length ? '已作答' : UNANSWERED };
  if (q.type !== 'short') return { good: q.correct, text: q.correct ? '回答正确' : '回答错误' };
  if (q.correct) return { good: true, text: '已作答' };
  if (String(q.given[0] ?? '').trim() === '') return { good: false, text: UNANSWERED };
  return { good: false, text: `字数不足${q.minLength ? `（不少于${q.minLength}字）` : ''}` };
}

export function ExamResult({ result }: { result: ExamResultView }) {
  return (
    <section className="mt-6 space-y-4">
      <div className="rounded border bg-white p-4">
        <h2 className="font-semibold">{result.title}</h2>
        <p className="mt-2">
          成绩：
          <span className="text-2xl font-bold text-brand-700" data-testid="exam-score">
            {result.score}
          </span>{' '}
          / {result.totalScore} 分 · 交卷时间 {formatDateTime(result.submittedAt)}
        </p>
        {result.answersHidden && <p className="mt-2 text-sm text-gray-600">正确答案及对错将在考试结束后公布</p>}
      </div>
      <ol className="space-y-2" aria-label="答题详情">
        {result.questions.map((q, i) => {
          const v = verdict(q);
          return (
            <li key={q.id} className="rounded border bg-white p-3 text-sm" data-testid={`exam-result-q${q.id}`}>
              <p className="font-medium">
                {i + 1}. 【{QUESTION_TYPE_TEXT[q.type] ?? q.type}】{q.stem}（{q.score}分）
                <span
                  className={`ml-2 rounded px-1.5 text-xs font-normal ${v.good === null ? 'bg-gray-100 text-gray-700' : v.good ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}
                >
                  {v.good !== null && <span aria-hidden="true">{v.good ? '✓ ' : '✗ '}</span>}
                  {v.text}
                </span>
              </p>
              {q.type === 'short' ? (
                <div className="mt-2">
                  <p className="text-gray-600">您的答案：</p>
                  <p className="mt-1 whitespace-pre-wrap wrap-anywhere rounded bg-gray-50 p-2">
                    {String(q.given[0] ?? '').trim() || UNANSWERED}
                  </p>
                </div>
              ) : (
                <>
                  <Options q={q} />
                  <p className="mt-2 text-gray-700">
                    您的答案：{shown(q, q.given)}
                    {!result.answersHidden && `；正确答案：${shown(q, q.answer)}`}
                  </p>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

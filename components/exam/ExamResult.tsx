/** An exam's result: the score and, per question, the answer given and whether it was right. */
import { formatDateTime } from '@/lib/format';

export interface ExamResultView {
  examId: number;
  title: string;
  score: number;
  totalScore: number;
  submittedAt: string;
  questions: { id: number; type: string; stem: string; options: string[]; score: number; correct: boolean; answer: (number | string)[]; given: (number | string)[] }[];
}

const show = (q: ExamResultView['questions'][number], a: (number | string)[]) =>
  q.type === 'short' ? String(a[0] ?? '未作答') : a.length === 0 ? '未作答' : a.map((x) => String.fromCharCode(65 + Number(x))).join('、');

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
      </div>
      <ol className="space-y-2">
        {result.questions.map((q, i) => (
          <li key={q.id} className="rounded border bg-white p-3 text-sm">
            <p className="font-medium">
              {i + 1}. {q.stem}（{q.score}分）
            </p>
            <p className={q.correct ? 'text-green-700' : 'text-red-700'}>
              {q.correct ? '正确' : '错误'} · 您的答案：{show(q, q.given)}
              {q.type !== 'short' && !q.correct && ` · 正确答案：${show(q, q.answer)}`}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

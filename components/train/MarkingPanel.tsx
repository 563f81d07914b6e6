'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '@/lib/api/browser';
import { apiQuery } from '@/lib/api/query';
import { call, failureText } from '@/lib/api/core';
import type { SubmissionRow } from '@/lib/contract/assignments';
import { formatDateTime } from '@/lib/format';
import { MARK_COMMENT_MAX } from '@/lib/validation/assignments';
import { BusyButton } from '@/components/ui/BusyButton';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { SubmissionView } from './SubmissionView';

/** One hand-in opened for marking: its text and files, then score and comment. */
function MarkForm({ row, onMarked }: { row: SubmissionRow; onMarked: () => void }) {
  const id = useId();
  const q = useQuery({ ...apiQuery('/api/train/submissionDetail', { submissionId: row.id }), staleTime: 0 });
  const [score, setScore] = useState(row.score == null ? '' : String(row.score));
  const [comment, setComment] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  if (q.isPending) return <p className="text-sm text-gray-600">加载中…</p>;
  if (q.isError) return <LoadFailed what="作业" onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const save = async () => {
    setError('');
    const n = Number(score);
    if (score.trim() === '' || !Number.isInteger(n) || n < 0 || n > 100) return setError('分数必须是0到100的整数');
    setSaving(true);
    try {
      await call(
        api,
        '/api/train/markSubmission',
        { submissionId: row.id, score: n, comment: comment ?? q.data.comment },
        { shownInline: true },
      );
      onMarked();
    } catch (err) {
      setError(failureText(err, '保存失败，请稍后重试'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="mt-2">
      <SubmissionView submission={q.data} heading={`${q.data.operatorName}的作业`} />
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        aria-label={`批改${q.data.operatorName}的作业`}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium">分数（0-100）</span>
          <input
            id={`${id}-score`}
            inputMode="numeric"
            value={score}
            onChange={(e) => setScore(e.target.value)}
            className="w-24 rounded border border-gray-300 p-1.5"
          />
        </label>
        <label className="min-w-[192px] flex-1 text-sm">
          <span className="mb-1 block font-medium">评语</span>
          <textarea
            value={comment ?? q.data.comment}
            maxLength={MARK_COMMENT_MAX}
            onChange={(e) => setComment(e.target.value)}
            rows={2}
            className="w-full rounded border border-gray-300 p-1.5"
          />
        </label>
        <BusyButton
          type="submit"
          busy={saving}
          className="rounded bg-brand-700 px-4 py-2 text-sm text-white hover:bg-brand-800 aria-disabled:opacity-60"
        >
          保存批改
        </BusyButton>
        {error && (
          <p role="alert" className="w-full text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}

function AssignmentMarking({ assignmentId }: { assignmentId: number }) {
  const qc = useQueryClient();
  const query = apiQuery('/api/train/assignmentSubmissions', { assignmentId });
  const q = useQuery({ ...query, staleTime: 0 });
  const [open, setOpen] = useState<number | null>(null);
  const [done, setDone] = useState('');
  if (q.isPending) return <p className="text-sm text-gray-600">加载中…</p>;
  if (q.isError) return <LoadFailed what="提交记录" onRetry={() => q.refetch()} retrying={q.isFetching} />;
  return (
    <div className="mb-4" data-marking-assignment={assignmentId}>
      <h3 className="font-medium text-gray-900">
        {q.data.title}
        <span className="ml-2 text-sm font-normal text-gray-600">
          截止 {formatDateTime(q.data.deadline)} · 已提交{q.data.list.length}人
        </span>
      </h3>
      {done && (
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      )}
      {q.data.list.length === 0 ? (
        <p className="text-sm text-gray-600">暂无本单位学员提交</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {q.data.list.map((r) => (
            <li key={r.id} className="py-2">
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <span className="font-medium">{r.operatorName}</span>
                <span className="text-gray-600">{r.orgName}</span>
                <span className="text-gray-600">提交于 {formatDateTime(r.submittedAt)}</span>
                <span>{r.score == null ? '未批改' : `已批改 ${r.score}分`}</span>
                <button
                  type="button"
                  aria-expanded={open === r.id}
                  onClick={() => setOpen(open === r.id ? null : r.id)}
                  className="rounded border border-brand-600 px-3 py-1 text-brand-700 hover:bg-brand-50"
                >
                  {open === r.id ? '收起' : '批改'}
                  <span className="sr-only">{r.operatorName}的作业</span>
                </button>
              </div>
              {open === r.id && (
                <MarkForm
                  row={r}
                  onMarked={() => {
                    setOpen(null);
                    setDone(`已保存${r.operatorName}的批改`);
                    void qc.invalidateQueries({ queryKey: query.queryKey });
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The marking of hand-ins on /train/task, for managers holding 报名审核 (application-review) over some organisation;
 * each sees the hand-ins of their organisations' learners only. Nothing is shown to anyone else.
 */
export function MarkingPanel({ assignmentIds }: { assignmentIds: number[] }) {
  const powers = useQuery(apiQuery('/api/manage/myPowers'));
  const may = powers.data?.powers.some((p) => p.power === 'application-review');
  if (!may || assignmentIds.length === 0) return null;
  return (
    <section aria-labelledby="task-marking" className="rounded-lg border border-amber-300 bg-amber-50 p-5">
      <h2 id="task-marking" className="mb-3 text-lg font-semibold text-gray-900">
        作业批改
      </h2>
      {assignmentIds.map((id) => (
        <AssignmentMarking key={id} assignmentId={id} />
      ))}
    </section>
  );
}

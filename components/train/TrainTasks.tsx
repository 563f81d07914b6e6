'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AssignmentState, AssignmentTask, Submission } from '@/lib/contract/assignments';
import { apiQuery, apiQueryKey } from '@/lib/api/query';
import { platformPath } from '@/lib/api/core';
import { useSite } from '@/components/site/SiteContext';
import { formatDateTime } from '@/lib/format';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { RichText } from '@/components/ui/RichText';
import { SubmissionView } from './SubmissionView';
import { HandInForm } from './HandInForm';

const STATE_CLASS: Record<AssignmentState, string> = {
  open: 'bg-amber-100 text-amber-900',
  submitted: 'bg-blue-100 text-blue-900',
  marked: 'bg-green-100 text-green-900',
  closed: 'bg-gray-200 text-gray-800',
};

function Task({ task, onSaved }: { task: AssignmentTask; onSaved: (s: Submission) => void }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const sub = task.submission;
  return (
    <li className="border-b border-gray-100 pb-4 last:border-0" data-assignment-id={task.id}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="font-medium text-gray-900">{task.title}</h3>
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_CLASS[task.state]}`} data-testid="task-state">
          {task.stateLabel}
        </span>
        <span className="text-sm text-gray-600">截止时间：{formatDateTime(task.deadline)}</span>
      </div>
      <RichText html={task.bodyHtml} className="mt-1 text-sm text-gray-700 [&_p]:indent-0" />
      {saved && (
        <p role="status" className="mt-2 text-sm text-green-800">
          作业已提交
        </p>
      )}
      {sub && !editing && <SubmissionView submission={sub} heading="我的作业" />}
      {task.canSubmit &&
        (editing || !sub ? (
          <HandInForm
            assignmentId={task.id}
            title={task.title}
            current={sub}
            onDone={(s) => {
              setEditing(false);
              setSaved(true);
              onSaved(s);
            }}
          />
        ) : (
          <button
            type="button"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
            className="mt-2 rounded border border-brand-600 px-4 py-1.5 text-sm text-brand-700 hover:bg-brand-50"
          >
            修改作业<span className="sr-only">：{task.title}</span>
          </button>
        ))}
      {task.canSubmit && sub?.score != null && !editing && (
        <p className="mt-1 text-xs text-gray-600">重新提交后原成绩作废，需重新批改</p>
      )}
      {!task.canSubmit && task.state === 'submitted' && (
        <p className="mt-2 text-sm text-gray-600">作业已截止，等待批改</p>
      )}
    </li>
  );
}

/** The learner's assignments of a training (/train/task): deadline, state, hand-in and mark. */
export function TrainTasks({ trainId }: { trainId: number }) {
  const qc = useQueryClient();
  // Platform hosts (party school, columns) call /api/platform/ like the rest of the page (SPEC 1).
  const path = platformPath('/api/train/myAssignments', useSite().variant.platform);
  const q = useQuery({ ...apiQuery(path, { trainId }), staleTime: 0 });
  if (q.isPending) return <p className="text-gray-600">作业加载中…</p>;
  if (q.isError || !q.data) return <LoadFailed what="作业任务" onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const data = q.data;
  if (data.items.length === 0) return <p className="text-gray-600">本项目无作业</p>;
  const onSaved = () => void qc.invalidateQueries({ queryKey: apiQueryKey(path, { trainId }) });
  return (
    <>
      {!data.enrolled && <p className="mb-3 text-sm text-gray-700">报名并通过审核后才能提交作业。</p>}
      <ul className="space-y-4">
        {data.items.map((t) => (
          <Task key={t.id} task={t} onSaved={onSaved} />
        ))}
      </ul>
    </>
  );
}

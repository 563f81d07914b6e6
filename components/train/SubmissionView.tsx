import type { Submission } from '@/lib/contract/assignments';
import { formatBytes, formatDateTime } from '@/lib/format';

/** A hand-in as its learner and its marking manager read it: text, files (links), time, and the mark once given. */
export function SubmissionView({ submission: s, heading }: { submission: Submission; heading: string }) {
  return (
    <div className="mt-3 rounded border border-gray-200 p-3 text-sm" data-testid="submission">
      <p className="mb-1 font-medium text-gray-800">
        {heading} <span className="font-normal text-gray-600">提交于 {formatDateTime(s.submittedAt)}</span>
      </p>
      {s.content && <p className="whitespace-pre-wrap break-words text-gray-800">{s.content}</p>}
      {s.files.length > 0 && (
        <ul className="mt-2 space-y-1" aria-label="附件">
          {s.files.map((f) => (
            <li key={f.fileId}>
              <a href={f.url} target="_blank" rel="noopener" className="text-brand-700 underline">
                {f.name}
              </a>{' '}
              <span className="text-gray-500">{formatBytes(f.size)}</span>
            </li>
          ))}
        </ul>
      )}
      {s.score != null && (
        <div className="mt-3 rounded bg-green-50 p-2 text-green-900" data-testid="mark">
          <p>
            成绩：<strong>{s.score}</strong> 分
            {s.markedAt && <span className="ml-2 text-gray-600">批改于 {formatDateTime(s.markedAt)}</span>}
          </p>
          {s.comment && <p className="whitespace-pre-wrap">评语：{s.comment}</p>}
        </div>
      )}
    </div>
  );
}

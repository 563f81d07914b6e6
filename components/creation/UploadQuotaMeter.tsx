'use client';

import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { formatBytes } from '@/lib/format';

export const QUOTA_KEY = '/api/resourceFile/quota' as const;

function Meter({ label, used, limit, note }: { label: string; used: number; limit: number; note: string }) {
  const pct = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const text = `已用 ${formatBytes(used)} / 共 ${formatBytes(limit)}`;
  return (
    <div className="min-w-0 flex-1 text-sm">
      <div className="mb-1 flex flex-wrap justify-between gap-x-2 text-gray-700">
        <span title={note}>{label}</span>
        <span>{text}</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded bg-gray-200"
      >
        <div className={`h-full ${pct >= 90 ? 'bg-red-600' : 'bg-brand-600'}`} style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/**
 * The user's upload space (issue 22): the files they keep against their role's cap, and what unfinished uploads hold
 * on the server against the scratch cap, so a refusal for either never comes as a surprise.
 */
export function UploadQuotaMeter() {
  const q = useQuery(apiQuery(QUOTA_KEY));
  const d = q.data;
  // Figures only: an answer of another shape (or none yet) shows nothing rather than NaN.
  if (!d || typeof d.storedLimit !== 'number' || typeof d.scratchLimit !== 'number') return null;
  return (
    <section
      aria-label="上传空间"
      className="mb-5 flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm sm:flex-row sm:gap-6"
    >
      <Meter label="存储空间" used={d.storedUsed} limit={d.storedLimit} note="已上传并保存的文件" />
      <Meter
        label="未完成上传的临时空间"
        used={d.scratchUsed}
        limit={d.scratchLimit}
        note="未完成的上传在服务器上占用的空间，24小时未继续的上传会被清理"
      />
    </section>
  );
}

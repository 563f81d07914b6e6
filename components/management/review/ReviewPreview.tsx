'use client';

/** The preview of one submitted course: basic information, 简介, chapters (each playable), history, the decision. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { AUDIT_STATUS } from '@/lib/constants';
import { audienceName } from '@/lib/contract/audiences';
import type { ReviewHistoryItem } from '@/lib/contract/review';
import { formatDateTime, formatHMS, imageUrl } from '@/lib/format';
import { AuditBadge } from '@/components/creation/AuditBadge';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { RichText } from '@/components/ui/RichText';
import { ReviewDecision } from './ReviewDecision';
import { ReviewPlayer } from './ReviewPlayer';

const statusName = (s: number) => AUDIT_STATUS[s as keyof typeof AUDIT_STATUS] ?? String(s);
/** Who moved the course (course_audits.kind). */
const KIND_NAMES: Record<string, string> = { submit: '提交', machine: '机器审核', manual: '人工审核', edit: '修改' };

/**
 * One line of 审核记录 after its time: the step, the move from one status to another (a step that left the status as
 * it was names it once: 修改（未审核）, not 未审核 → 未审核), and the reason when there is one.
 */
export function historyText(h: ReviewHistoryItem): string {
  const step = KIND_NAMES[h.kind] ?? h.kind;
  const move =
    h.fromStatus === h.toStatus
      ? `（${statusName(h.toStatus)}）`
      : `：${statusName(h.fromStatus)} → ${statusName(h.toStatus)}`;
  return `${step}${move}${h.reason ? `：${h.reason}` : ''}`;
}

export function ReviewPreview({ courseId, onDone }: { courseId: number; onDone: () => void }) {
  const q = useQuery(apiQuery('/api/manage/reviewPreview', { courseId }));
  const [playing, setPlaying] = useState<number | null>(null);
  if (q.isError) return <LoadFailed what="课程预览" onRetry={() => q.refetch()} retrying={q.isFetching} />;
  const c = q.data;
  if (!c)
    return <div className="h-96 animate-pulse rounded-lg bg-gray-100" aria-busy="true" aria-label="课程预览加载中" />;
  const cover = imageUrl(c.cover);
  const chapter = c.chapters.find((ch) => ch.id === playing) ?? null;
  return (
    <article aria-labelledby="review-course-title" className="space-y-5 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <header className="flex flex-col gap-4 sm:flex-row">
        {cover && (
          // eslint-disable-next-line @next/next/no-img-element -- an uploaded cover, served by the upload route
          <img src={cover} alt="" className="aspect-video w-full rounded object-cover sm:w-56" />
        )}
        <div className="min-w-0 space-y-1 text-sm text-gray-700">
          <h2 id="review-course-title" className="text-xl font-semibold text-gray-900 wrap-anywhere">
            {c.title}
          </h2>
          <p>
            <AuditBadge status={c.auditStatus} submitted />
          </p>
          <p>
            创建者：{c.creatorName}
            {c.orgName && `（${c.orgName}）`}
          </p>
          <p>分类：{c.categoryName}</p>
          <p>发布站点：{c.audiences.map(audienceName).join('、')}</p>
          {c.submittedAt && <p>提交时间：{formatDateTime(c.submittedAt)}</p>}
        </div>
      </header>
      <section aria-labelledby="review-summary">
        <h3 id="review-summary" className="mb-1 font-semibold">
          课程简介
        </h3>
        {c.summaryHtml ? <RichText html={c.summaryHtml} /> : <p className="text-sm text-gray-600">（无）</p>}
      </section>
      <section aria-labelledby="review-chapters">
        <h3 id="review-chapters" className="mb-2 font-semibold">
          章节（{c.chapters.length}）
        </h3>
        <ol className="divide-y divide-gray-100 rounded border border-gray-100">
          {c.chapters.map((ch, i) => (
            <li key={ch.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 wrap-anywhere">
                {i + 1}. {ch.title}
                <span className="ml-2 text-gray-600">{ch.kind === 'document' ? '文档' : formatHMS(ch.duration)}</span>
              </span>
              <button
                type="button"
                className="rounded border border-brand-600 px-2 py-0.5 text-brand-700 hover:bg-brand-50"
                aria-pressed={playing === ch.id}
                onClick={() => setPlaying(playing === ch.id ? null : ch.id)}
              >
                {playing === ch.id ? '收起' : ch.kind === 'document' ? '查看' : '播放'}
                <span className="sr-only">{ch.title}</span>
              </button>
            </li>
          ))}
        </ol>
        {chapter && (
          <div className="mt-3">
            <ReviewPlayer chapter={chapter} />
          </div>
        )}
      </section>
      {c.history.length > 0 && (
        <section aria-labelledby="review-history">
          <h3 id="review-history" className="mb-1 font-semibold">
            审核记录
          </h3>
          <ul className="space-y-1 text-sm text-gray-700">
            {c.history.map((h, i) => (
              <li key={i}>
                {formatDateTime(h.createdAt)} {historyText(h)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {[1054, 1056].includes(c.auditStatus) ? (
        <ReviewDecision courseId={c.courseId} title={c.title} onDone={onDone} />
      ) : (
        <p className="text-sm text-gray-600">该课程不在待审核状态。</p>
      )}
    </article>
  );
}

'use client';

/**
 * 课程审核 (issue 25, power "course-review"): the queue of submitted courses of the reviewer's organisations (paged,
 * oldest first) beside the preview of the one chosen. A decision takes the course out of the queue at once.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey } from '@/lib/api/query';
import { ApiError } from '@/lib/api/core';
import type { Page } from '@/lib/contract/home';
import type { ReviewQueueRow } from '@/lib/contract/review';
import { formatDateTime } from '@/lib/format';
import { AuditBadge } from '@/components/creation/AuditBadge';
import { EmptyState } from '@/components/ui/EmptyState';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Pager } from './Pager';
import { ReviewPreview } from './ReviewPreview';

const PAGE_SIZE = 10;

export function ReviewDesk() {
  const [pageNum, setPageNum] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const client = useQueryClient();
  const body = { pageNum, pageSize: PAGE_SIZE };
  const queue = useQuery(apiQuery('/api/manage/reviewQueue', body));

  function decided(courseId: number) {
    // Out of the queue now; the next read fills the page again.
    client.setQueryData<Page<ReviewQueueRow>>(apiQueryKey('/api/manage/reviewQueue', body), (old) =>
      old ? { ...old, list: old.list.filter((c) => c.courseId !== courseId), total: old.total - 1 } : old,
    );
    setSelected(null);
    void client.invalidateQueries({ queryKey: apiQueryKey('/api/manage/reviewQueue').slice(0, 1) });
    void client.invalidateQueries({ queryKey: apiQueryKey('/api/manage/reviewPreview', { courseId }) });
  }

  if (queue.error instanceof ApiError && queue.error.code === 1003)
    return (
      <p role="alert" className="mt-6 rounded-lg bg-white py-16 text-center text-gray-700">
        {queue.error.message}：课程审核仅对有“课程审核”权限的管理员开放。
      </p>
    );
  if (queue.isError)
    return <LoadFailed what="待审核课程" onRetry={() => queue.refetch()} retrying={queue.isFetching} />;
  const data = queue.data;
  return (
    <div className="mt-4 flex flex-col gap-5 lg:flex-row lg:items-start">
      <section aria-labelledby="review-queue-title" className="lg:w-96 lg:shrink-0">
        <h2 id="review-queue-title" className="mb-2 text-lg font-semibold">
          待审核课程{data ? `（${data.total}）` : ''}
        </h2>
        {!data ? (
          <div className="h-60 animate-pulse rounded-lg bg-gray-100" aria-busy="true" aria-label="待审核课程加载中" />
        ) : data.list.length === 0 ? (
          <EmptyState>暂无待审核的课程</EmptyState>
        ) : (
          <ul className="divide-y divide-gray-100 rounded-lg bg-white shadow-sm" aria-label="待审核课程">
            {data.list.map((c) => (
              <li key={c.courseId}>
                <button
                  type="button"
                  aria-current={selected === c.courseId || undefined}
                  onClick={() => setSelected(c.courseId)}
                  className={`block w-full px-4 py-3 text-left hover:bg-gray-50 ${selected === c.courseId ? 'bg-brand-50' : ''}`}
                >
                  <span className="block font-medium wrap-anywhere">{c.title}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-600">
                    <AuditBadge status={c.auditStatus} submitted />
                    <span>
                      {c.creatorName}
                      {c.orgName && `（${c.orgName}）`}
                    </span>
                    <span>{c.chapterCount} 章</span>
                    {c.submittedAt && <span>{formatDateTime(c.submittedAt)} 提交</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {data && (
          <Pager label="待审核课程分页" pageNum={pageNum} pageSize={PAGE_SIZE} total={data.total} onPage={setPageNum} />
        )}
      </section>
      <section aria-label="课程预览" className="min-w-0 lg:flex-1">
        {selected ? (
          <ReviewPreview key={selected} courseId={selected} onDone={() => decided(selected)} />
        ) : (
          <EmptyState>请在左侧选择一门课程进行预览和审核</EmptyState>
        )}
      </section>
    </div>
  );
}

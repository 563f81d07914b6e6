'use client';
/** My series (issue 25): 全部 / 草稿 / 已发布, newest first, with 编辑, 发布 / 取消发布, 删除, and 新建. */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Link from '@/components/ui/Link';
import { apiQuery } from '@/lib/api/query';
import { ApiError } from '@/lib/api/core';
import type { ManagedSeries } from '@/lib/contract/series-admin';
import { EmptyState } from '@/components/ui/EmptyState';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { SeriesActions } from './SeriesActions';
import { StatusBadge } from './StatusBadge';
import { ButtonPager } from '@/components/ui/ButtonPager';

type Status = 'all' | 'draft' | 'published';
const STATUSES: [Status, string][] = [
  ['all', '全部'],
  ['draft', '草稿'],
  ['published', '已发布'],
];
const PAGE_SIZE = 10;

function SeriesRow({ s, onEdit }: { s: ManagedSeries; onEdit: (id: number) => void }) {
  return (
    <li className="flex items-start gap-3 rounded-lg bg-white p-3 shadow-sm sm:items-center sm:p-4">
      {s.cover ? (
        // eslint-disable-next-line @next/next/no-img-element -- an uploaded or demo cover
        <img
          src={s.cover}
          alt=""
          width={160}
          height={90}
          className="aspect-video w-24 shrink-0 rounded object-cover sm:w-40"
        />
      ) : (
        <div className="flex aspect-video w-24 shrink-0 items-center justify-center rounded bg-gray-100 text-xs text-gray-600 sm:w-40 sm:text-sm">
          暂无封面
        </div>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold break-all text-gray-900">{s.title}</h3>
          <StatusBadge published={s.published} />
          {s.isRecommended && <span className="rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-800">推荐</span>}
        </div>
        <p className="mt-1 text-sm text-gray-700">
          课程 {s.courseCount} 门 · {s.enrolCount} 人加入 · {s.orgName}
          {s.creatorName ? ` · 创建者 ${s.creatorName}` : ''}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="rounded border border-brand-600 px-3 py-1.5 text-sm text-brand-700 hover:bg-brand-50"
            aria-label={`编辑 ${s.title}`}
            onClick={() => onEdit(s.id)}
          >
            编辑
          </button>
          <SeriesActions series={s} />
          {s.published && (
            <Link
              href={`/series/detail?id=${s.id}`}
              prefetch={false}
              className="text-sm text-brand-700 hover:underline"
              aria-label={`查看 ${s.title} 的专题页面`}
            >
              查看
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}

export function SeriesList({
  focusHeading,
  onEdit,
  onNew,
}: {
  focusHeading: boolean;
  onEdit: (id: number) => void;
  onNew: () => void;
}) {
  const [status, setStatus] = useState<Status>('all');
  const [pageNum, setPageNum] = useState(1);
  const list = useQuery(apiQuery('/api/recommendseries/manageList', { status, pageNum, pageSize: PAGE_SIZE }));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus({ preventScroll: true });
  }, [focusHeading]);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const forbidden = list.error instanceof ApiError;
  return (
    <section aria-labelledby="series-list-h" className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="series-list-h" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          我的系列专题
        </h2>
        {data?.canCreate && (
          <button
            type="button"
            onClick={onNew}
            className="rounded bg-brand-700 px-4 py-2 text-sm text-white hover:bg-brand-800"
          >
            新建系列专题
          </button>
        )}
      </div>
      <div role="group" aria-label="按状态筛选" className="mt-3 flex gap-2">
        {STATUSES.map(([k, label]) => (
          <button
            key={k}
            type="button"
            aria-pressed={status === k}
            onClick={() => {
              setStatus(k);
              setPageNum(1);
            }}
            className={`rounded-full px-3 py-1 text-sm ${status === k ? 'bg-brand-700 text-white' : 'bg-gray-100 text-gray-800 hover:bg-gray-200'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="mt-4">
        {list.isError && !forbidden ? (
          <LoadFailed what="系列专题列表" onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : forbidden ? (
          <p role="alert" className="rounded-lg bg-white py-12 text-center text-gray-700">
            {list.error?.message}
          </p>
        ) : !data ? (
          <div className="h-40 animate-pulse rounded-lg bg-gray-100" aria-busy="true" aria-label="系列专题列表加载中" />
        ) : data.list.length === 0 ? (
          <EmptyState>
            {!data.canCreate
              ? '系列专题管理仅对教师和有“系列专题管理”权限的管理员开放'
              : status === 'all'
                ? '还没有系列专题，点击“新建系列专题”开始创建'
                : status === 'draft'
                  ? '没有草稿'
                  : '没有已发布的系列专题'}
          </EmptyState>
        ) : (
          <ul className="space-y-3" aria-label="系列专题">
            {data.list.map((s) => (
              <SeriesRow key={s.id} s={s} onEdit={onEdit} />
            ))}
          </ul>
        )}
      </div>
      <ButtonPager label="系列专题分页" pageNum={pageNum} pages={pages} onPage={setPageNum} className="mt-3" />
    </section>
  );
}

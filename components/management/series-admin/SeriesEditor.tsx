'use client';
/** One series: its form, then (once it exists) its courses and 发布 / 取消发布 / 删除. */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import Link from '@/components/ui/Link';
import { apiQuery } from '@/lib/api/query';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { SeriesActions } from './SeriesActions';
import { SeriesCourses } from './SeriesCourses';
import { SeriesForm } from './SeriesForm';
import { StatusBadge } from './StatusBadge';

export function SeriesEditor({
  seriesId,
  onCreated,
  onClose,
}: {
  seriesId: number | undefined;
  onCreated: (id: number) => void;
  onClose: () => void;
}) {
  const detail = useQuery({
    ...apiQuery('/api/recommendseries/manageDetail', { id: seriesId ?? 0 }),
    enabled: seriesId !== undefined,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const s = detail.data;
  return (
    <section aria-labelledby="series-editor-h" className="mt-4 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="series-editor-h" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {seriesId === undefined ? '新建系列专题' : '编辑系列专题'}
          </h2>
          {s && <StatusBadge published={s.published} />}
        </div>
        <button type="button" onClick={onClose} className="text-sm text-brand-700 hover:underline">
          返回列表
        </button>
      </div>
      {seriesId !== undefined && detail.isError ? (
        <LoadFailed what="系列专题" onRetry={() => detail.refetch()} retrying={detail.isFetching} />
      ) : seriesId !== undefined && !s ? (
        <div className="h-64 animate-pulse rounded-lg bg-gray-100" aria-busy="true" aria-label="系列专题加载中" />
      ) : (
        <>
          <SeriesForm series={s ?? null} onSaved={(saved) => seriesId === undefined && onCreated(saved.id)} />
          {s && (
            <>
              <SeriesCourses seriesId={s.id} />
              <div className="rounded-lg bg-white p-4 shadow-sm">
                <h3 className="mb-2 font-semibold">发布</h3>
                <p className="mb-3 text-sm text-gray-700">
                  {s.published
                    ? '已发布：学员可以在系列专题页面看到并加入它。'
                    : '草稿：只有您和管理员能看到。添加课程后即可发布。'}
                </p>
                <div className="flex flex-wrap items-center gap-3">
                  <SeriesActions series={s} onDeleted={onClose} />
                  {s.published && (
                    <Link
                      href={`/series/detail?id=${s.id}`}
                      prefetch={false}
                      className="text-sm text-brand-700 hover:underline"
                    >
                      查看专题页面
                    </Link>
                  )}
                </div>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}

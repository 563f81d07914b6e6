'use client';
/**
 * The courses of a series in order: 上移 / 下移 (buttons, so the keyboard orders them too; the focus stays on the
 * moved course's button), 移除, and the picker that adds published courses at the end.
 */
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import type { SeriesItem } from '@/lib/contract/series-admin';
import { EmptyState } from '@/components/ui/EmptyState';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { CoursePicker } from './CoursePicker';
import { useItemChange } from './use-series-admin';

const small = 'rounded border px-2 py-1 text-sm aria-disabled:opacity-50';

function moved(items: SeriesItem[], from: number, to: number): number[] {
  const ids = items.map((i) => i.courseId);
  const [id] = ids.splice(from, 1);
  ids.splice(to, 0, id);
  return ids;
}

/** After the list is drawn again, the same button of the same course (or its neighbour's, once removed). */
function refocus(selector: string) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
}

export function SeriesCourses({ seriesId }: { seriesId: number }) {
  const items = useQuery(apiQuery('/api/recommendseries/items', { seriesId }));
  const change = useItemChange(seriesId);
  const list = items.data ?? [];
  const move = (i: number, to: number, act: 'up' | 'down') => {
    if (to < 0 || to >= list.length || change.isPending) return;
    const id = list[i].courseId;
    change.mutate(
      { kind: 'order', courseIds: moved(list, i, to) },
      { onSuccess: () => refocus(`[data-series-course="${id}"][data-act="${act}"]`) },
    );
  };
  return (
    <section aria-labelledby="series-courses-h" className="rounded-lg bg-white p-5 shadow-sm">
      <h3 id="series-courses-h" className="font-semibold">
        专题课程{items.data ? `（${list.length}门）` : ''}
      </h3>
      <p className="mt-1 text-sm text-gray-700">学员按此顺序学习；用“上移”“下移”调整顺序。</p>
      <div className="mt-3">
        {items.isError ? (
          <LoadFailed what="专题课程" onRetry={() => items.refetch()} retrying={items.isFetching} />
        ) : !items.data ? (
          <div className="h-24 animate-pulse rounded bg-gray-100" aria-busy="true" aria-label="专题课程加载中" />
        ) : list.length === 0 ? (
          <EmptyState>还没有课程，请在下方搜索并添加课程</EmptyState>
        ) : (
          <ol className="divide-y rounded border" aria-label="专题课程顺序">
            {list.map((c, i) => (
              <li key={c.courseId} className="flex flex-wrap items-center gap-2 p-2 sm:flex-nowrap">
                <span className="w-6 shrink-0 text-center text-sm text-gray-600">{i + 1}</span>
                <span className="min-w-0 flex-1 break-all">
                  {c.title}
                  {c.teacherName && <span className="ml-2 text-sm text-gray-600">{c.teacherName}</span>}
                  {!c.visible && <span className="ml-2 text-xs text-amber-800">（课程已下线，专题页不显示）</span>}
                </span>
                <span className="flex shrink-0 gap-1">
                  <button
                    type="button"
                    data-series-course={c.courseId}
                    data-act="up"
                    aria-disabled={i === 0 || change.isPending || undefined}
                    aria-label={`上移 ${c.title}`}
                    className={`${small} border-gray-300`}
                    onClick={() => move(i, i - 1, 'up')}
                  >
                    上移
                  </button>
                  <button
                    type="button"
                    data-series-course={c.courseId}
                    data-act="down"
                    aria-disabled={i === list.length - 1 || change.isPending || undefined}
                    aria-label={`下移 ${c.title}`}
                    className={`${small} border-gray-300`}
                    onClick={() => move(i, i + 1, 'down')}
                  >
                    下移
                  </button>
                  <button
                    type="button"
                    data-series-course={c.courseId}
                    data-act="remove"
                    aria-disabled={change.isPending || undefined}
                    aria-label={`移除 ${c.title}`}
                    className={`${small} border-red-300 text-red-700`}
                    onClick={() => {
                      if (change.isPending) return;
                      const next = list[i + 1] ?? list[i - 1];
                      change.mutate(
                        { kind: 'remove', courseId: c.courseId },
                        {
                          onSuccess: () =>
                            refocus(
                              next
                                ? `[data-series-course="${next.courseId}"][data-act="remove"]`
                                : '#series-course-key',
                            ),
                        },
                      );
                    }}
                  >
                    移除
                  </button>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <CoursePicker
        chosen={new Set(list.map((c) => c.courseId))}
        busy={change.isPending}
        onAdd={(courseId) => change.mutate({ kind: 'add', courseId })}
      />
    </section>
  );
}

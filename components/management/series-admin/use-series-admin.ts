'use client';
/** What the series screens send (issue 25): each write refreshes the lists and the series it changed. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { call } from '@/lib/api/core';
import { apiQueryKey } from '@/lib/api/query';
import type { ManagedSeries, SeriesItem } from '@/lib/contract/series-admin';
import type { SeriesFormInput } from '@/lib/validation/series-admin';
import { toast } from '@/components/ui/Toaster';

export const SERIES_PUBLISH_CONFIRM = '确定发布该系列专题吗？发布后学员即可在系列专题页面看到并加入学习。';
export const SERIES_UNPUBLISH_CONFIRM = '确定取消发布该系列专题吗？取消后学员将不能再看到和加入它。';
export const SERIES_DELETE_CONFIRM = '确定删除该系列专题吗？删除后不能恢复。';

/** Every query of the series screens starts with one of these paths. */
const KEYS = ['/api/recommendseries/manageList', '/api/recommendseries/manageDetail', '/api/recommendseries/items'];

export function useRefreshSeries(keys: readonly string[] = KEYS) {
  const qc = useQueryClient();
  return () => Promise.all(keys.map((k) => qc.invalidateQueries({ queryKey: [k] })));
}

export function usePublish() {
  const refresh = useRefreshSeries();
  return useMutation({
    mutationFn: (b: { id: number; published: boolean }) => call(api, '/api/recommendseries/publishStatus', b),
    onSuccess: (s: ManagedSeries) => {
      toast('info', s.published ? '系列专题已发布' : '已取消发布');
      void refresh();
    },
  });
}

export function useDeleteSeries(onDone?: () => void) {
  const refresh = useRefreshSeries();
  return useMutation({
    mutationFn: (id: number) => call(api, '/api/recommendseries/delete', { id }),
    onSuccess: () => {
      toast('info', '系列专题已删除');
      void refresh();
      onDone?.();
    },
  });
}

/** id undefined: a new series (a draft), whose id the answer gives. */
export function useSaveSeries(id: number | undefined, onSaved: (s: ManagedSeries) => void) {
  const refresh = useRefreshSeries();
  return useMutation({
    mutationFn: (b: SeriesFormInput) =>
      id === undefined
        ? call(api, '/api/recommendseries/add', b, { shownInline: true })
        : call(api, '/api/recommendseries/update', { ...b, id }, { shownInline: true }),
    onSuccess: (s: ManagedSeries) => {
      toast('info', id === undefined ? '系列专题已创建（草稿）' : '系列专题已保存');
      void refresh();
      onSaved(s);
    },
  });
}

type ItemChange =
  { kind: 'add'; courseId: number } | { kind: 'remove'; courseId: number } | { kind: 'order'; courseIds: number[] };

/** Adds, removes or orders the courses; the answer is the new list, put straight into the items query. */
export function useItemChange(seriesId: number) {
  const qc = useQueryClient();
  // The answer is the new list: only the counts elsewhere are read again.
  const refresh = useRefreshSeries(KEYS.slice(0, 2));
  return useMutation({
    mutationFn: (c: ItemChange): Promise<SeriesItem[]> =>
      c.kind === 'add'
        ? call(api, '/api/recommendseries/itemAdd', { seriesId, courseId: c.courseId })
        : c.kind === 'remove'
          ? call(api, '/api/recommendseries/itemRemove', { seriesId, courseId: c.courseId })
          : call(api, '/api/recommendseries/itemOrder', { seriesId, courseIds: c.courseIds }),
    onSuccess: (items) => {
      qc.setQueryData(apiQueryKey('/api/recommendseries/items', { seriesId }), items);
      void refresh();
    },
  });
}

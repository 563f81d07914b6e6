'use client';
/**
 * The post-station dialog (SPEC 2.4, 3, 4.2, 5): choose the stations of one's post, at least one
 * (请至少选择一个岗位); saving binds them (绑定成功) and hides it; closing stores today's date under the
 * operator ID, so the automatic prompt does not come back that day.
 */
import { useEffect, useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEvents } from '@/lib/api/browser';
import { apiQuery } from '@/lib/api/query';
import { LOGIN_DIALOG_WIDTH_REM, MESSAGE_DURATION_MS } from '@/lib/constants';
import { V } from '@/lib/validation/messages';
import { stationDismissKey, todayString } from './management';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { call } from '@/lib/api/core';

export interface Station {
  stationId: number;
  stationName: string;
  summary: string;
  stationImgUrl: string;
  bound: boolean;
}

export function StationDialog({
  operatorID,
  open,
  onClose,
}: {
  operatorID: number;
  open: boolean;
  onClose: () => void;
}) {
  const list = useQuery({ ...apiQuery('/api/station/list'), enabled: open });
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const selected = chosen ?? new Set((list.data ?? []).filter((s) => s.bound).map((s) => s.stationId));

  useEffect(() => {
    if (!open) return;
    return () => {
      setChosen(null);
      setError('');
    };
  }, [open]);

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
    setError('');
  };

  const close = () => {
    try {
      localStorage.setItem(stationDismissKey(operatorID), todayString());
    } catch {
      /* storage disabled */
    }
    onClose();
  };

  const save = async () => {
    if (selected.size === 0) return setError(V.stationRequired);
    setSaving(true);
    try {
      await call(api, '/api/station/bind', { stationIds: [...selected], operatorID });
      apiEvents.emit({ type: 'notify', kind: 'info', message: V.stationBound, durationMs: MESSAGE_DURATION_MS });
      await queryClient.invalidateQueries({ queryKey: ['/api/station/list'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/station/mine'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/station/recommend'] });
      onClose();
    } catch {
      /* the client has shown the message */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel
          className="w-full rounded-lg bg-white p-6 shadow-xl"
          style={{ maxWidth: `min(${LOGIN_DIALOG_WIDTH_REM.wide}rem, 95vw)` }}
        >
          <DialogTitle className="text-center text-xl font-semibold text-brand-800">选择学习岗位</DialogTitle>
          <p className="mt-2 text-center text-sm text-gray-600">
            选择与您岗位相关的学习岗位站，我们将为您推荐相应课程。
          </p>
          {list.isPending ? (
            <p className="py-8 text-center text-gray-600">加载中…</p>
          ) : list.isError ? (
            <LoadFailed
              what="学习岗位"
              onRetry={list.refetch}
              retrying={list.isFetching}
              className="py-8 text-gray-700"
            />
          ) : (
            <fieldset className="mt-4">
              <legend className="sr-only">学习岗位</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {(list.data ?? []).map((s) => (
                  <label
                    key={s.stationId}
                    className={`flex cursor-pointer gap-3 rounded-md border p-3 ${selected.has(s.stationId) ? 'border-brand-600 bg-brand-50' : 'border-gray-300'}`}
                  >
                    <input
                      type="checkbox"
                      className="mt-1"
                      checked={selected.has(s.stationId)}
                      onChange={() => toggle(s.stationId)}
                    />
                    <span>
                      <span className="block font-medium">{s.stationName}</span>
                      <span className="block text-sm text-gray-600">{s.summary}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <p role="alert" className="mt-3 min-h-[1.25em] text-center text-sm text-red-700">
            {error}
          </p>
          <div className="mt-2 flex justify-center gap-3">
            <button
              type="button"
              onClick={close}
              className="rounded-md border border-gray-300 px-6 py-2 text-gray-700 hover:bg-gray-50"
            >
              {V.confirmCancel}
            </button>
            <button
              type="button"
              onClick={() => void save()}
              disabled={saving}
              className="rounded-md bg-brand-700 px-6 py-2 text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {saving ? '保存中…' : V.confirmOk}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

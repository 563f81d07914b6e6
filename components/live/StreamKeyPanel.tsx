'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api/browser';
import { call } from '@/lib/api/core';
import { apiQueryKey } from '@/lib/api/query';
import { formatDateTime } from '@/lib/format';
import { BusyButton } from '@/components/ui/BusyButton';
import { toast } from '@/components/ui/Toaster';
import { useConfirm } from '@/components/shell/ConfirmDialog';

export interface StreamPaths {
  streamInfo: '/api/live/streamInfo';
  streamKeyReset: '/api/live/streamKeyReset';
  endClass: '/api/live/finish';
}

const btn =
  'rounded border border-brand-700 px-3 py-1 text-sm text-brand-800 hover:bg-brand-50 aria-disabled:opacity-60';

/**
 * 推流设置, for the class's teacher and managers only (the server answers the key to no one else): the RTMP address
 * and stream key to give OBS or another encoder, 重新生成 (the old key is refused from the next connection on), and
 * 结束直播 while the class is on: the page then turns to the replay.
 */
export function StreamKeyPanel({
  liveId,
  live,
  paths,
  onFinished,
}: {
  liveId: number;
  live: boolean;
  paths: StreamPaths;
  onFinished: () => void;
}) {
  const qc = useQueryClient();
  const key = apiQueryKey(paths.streamInfo, { id: liveId });
  const info = useQuery({ queryKey: key, queryFn: () => call(api, paths.streamInfo, { id: liveId }) });
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirm, confirmDialog] = useConfirm();

  const regenerate = async () => {
    if (!(await confirm('重新生成后，原推流密钥将立即失效，确定重新生成吗？'))) return;
    setBusy(true);
    try {
      qc.setQueryData(key, await call(api, paths.streamKeyReset, { id: liveId }));
      setShown(true);
      toast('info', '推流密钥已重新生成，请在推流软件中更新');
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };
  const finish = async () => {
    if (!(await confirm('确定结束本场直播吗？结束后学员将观看回放。'))) return;
    setBusy(true);
    try {
      await call(api, paths.endClass, { id: liveId });
      toast('info', '直播已结束，回放生成后将在本页播放');
      onFinished();
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };

  const d = info.data;
  return (
    <section
      aria-labelledby="live-stream-settings"
      className="space-y-2 rounded border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="live-stream-settings" className="font-medium text-gray-900">
        推流设置（仅主讲教师和管理员可见）
      </h3>
      {!d ? (
        <p className="text-sm text-gray-700">{info.isError ? '推流信息加载失败' : '加载中…'}</p>
      ) : (
        <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[6em_minmax(0,1fr)]">
          <dt className="text-gray-600">推流地址</dt>
          <dd className="break-all font-mono" data-testid="rtmp-url">
            {d.rtmpUrl}
          </dd>
          <dt className="text-gray-600">推流密钥</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="break-all font-mono" data-testid="stream-key">
              {shown ? d.streamKey : '••••••••••••••••'}
            </span>
            <button type="button" className="text-brand-700 underline" onClick={() => setShown((v) => !v)}>
              {shown ? '隐藏' : '显示'}
            </button>
          </dd>
          <dt className="text-gray-600">可推流时间</dt>
          <dd>
            {formatDateTime(d.publishFrom)} 至 {formatDateTime(d.publishUntil)}
          </dd>
          <dt className="text-gray-600">推流状态</dt>
          <dd>{d.onAir ? '正在推流' : '未推流'}</dd>
        </dl>
      )}
      <div className="flex flex-wrap gap-2">
        <BusyButton className={btn} busy={busy} onClick={regenerate}>
          重新生成密钥
        </BusyButton>
        {live && (
          <BusyButton className={btn} busy={busy} onClick={finish}>
            结束直播
          </BusyButton>
        )}
      </div>
      {confirmDialog}
    </section>
  );
}

'use client';

import Link from '@/components/ui/Link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api/browser';
import { TRAIN_APPLY_STATUS } from '@/lib/constants';
import { formatDateTime } from '@/lib/format';
import { isLoggedIn } from '@/lib/session/client';
import { openMessageBox } from '@/lib/ui/events';
import { toast } from '@/components/ui/Toaster';
import { BusyButton } from '@/components/ui/BusyButton';
import { call } from '@/lib/api/core';

const labelOf = (s: number) => TRAIN_APPLY_STATUS[s as keyof typeof TRAIN_APPLY_STATUS] ?? '';

/** The button of each apply status (SPEC 4.4): only 4 enrols, 7 leads to the tasks; the rest say why not. */
const BUTTON: Record<number, string> = {
  1: '不可报名',
  2: '暂未开放报名',
  3: '报名未开始',
  4: '立即报名',
  5: '报名已结束',
  6: '等待审核',
  7: '进入学习',
  8: '审核不通过',
  9: '内部报名',
};

const TONE: Record<number, string> = {
  4: 'bg-green-100 text-green-800',
  6: 'bg-amber-100 text-amber-800',
  7: 'bg-green-100 text-green-800',
  8: 'bg-red-100 text-red-800',
};

/**
 * The viewer's apply status of a training project and its button. The cached page carries what a visitor
 * sees; a signed-in learner's own status (6-8) is asked for after load.
 */
export function TrainApplyPanel({
  trainId,
  visitorStatus,
  applyStartAt,
  applyEndAt,
}: {
  trainId: number;
  visitorStatus: number;
  applyStartAt: string | null;
  applyEndAt: string | null;
}) {
  const qc = useQueryClient();
  const key = ['/api/train/applyStatus', { trainId, viewer: true }];
  const q = useQuery({
    queryKey: key,
    queryFn: () => call(api, '/api/train/applyStatus', { trainId }),
    enabled: typeof document !== 'undefined' && isLoggedIn(),
    staleTime: 0,
  });
  const [busy, setBusy] = useState(false);
  const status = q.data?.applyStatus ?? visitorStatus;

  const apply = async () => {
    if (!isLoggedIn()) return openMessageBox(1);
    setBusy(true);
    try {
      const next = await call(api, '/api/train/apply', { trainId });
      qc.setQueryData(key, next);
      toast('info', '报名成功，请等待审核');
    } catch {
      void q.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">
        报名状态：
        <span
          className={`ml-1 rounded px-2 py-0.5 ${TONE[status] ?? 'bg-gray-100 text-gray-700'}`}
          data-testid="apply-status"
          role="status"
        >
          {labelOf(status)}
        </span>
      </p>
      {applyStartAt && applyEndAt && (
        <p className="text-sm text-gray-600">
          报名时间：{formatDateTime(applyStartAt)} 至 {formatDateTime(applyEndAt)}
        </p>
      )}
      {status === 7 ? (
        <Link
          prefetch={false}
          href={`/train/task?id=${trainId}`}
          className="inline-block rounded bg-brand-700 px-8 py-2 text-white hover:bg-brand-800"
        >
          {BUTTON[7]}
        </Link>
      ) : (
        // One button for 立即报名 and the statuses that say why not: after 报名 it becomes 等待审核 and keeps the focus.
        <BusyButton
          onClick={apply}
          busy={busy}
          inactive={status !== 4}
          className={
            status === 4
              ? 'rounded bg-brand-700 px-8 py-2 text-white hover:bg-brand-800 aria-disabled:opacity-60'
              : 'cursor-not-allowed rounded bg-gray-200 px-8 py-2 text-gray-600'
          }
        >
          {BUTTON[status] ?? labelOf(status)}
        </BusyButton>
      )}
    </div>
  );
}

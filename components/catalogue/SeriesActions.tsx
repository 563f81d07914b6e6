'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api/browser';
import { ApiError, call } from '@/lib/api/core';
import type { SeriesState } from '@/lib/contract/catalogue';
import { isLoggedIn } from '@/lib/session/client';
import { openMessageBox } from '@/lib/ui/events';
import { toast } from '@/components/ui/Toaster';
import { actionClass, BusyButton } from '@/components/ui/BusyButton';

/**
 * 报名/加入 a series topic, and 申请证书 once its courses are finished. The certificate call belongs to the
 * learning work (/api/recommendseries/applicationCertificate, a silent path: its refusal is shown here).
 */
/** The signed-in viewer's state of a series (none for a visitor), shared by the actions and the counts. */
function useSeriesState(seriesId: number) {
  const key = ['/api/recommendseries/state', { seriesId, viewer: true }];
  const q = useQuery({
    queryKey: key,
    queryFn: () => call(api, '/api/recommendseries/state', { seriesId }),
    enabled: typeof document !== 'undefined' && isLoggedIn(),
    staleTime: 0,
  });
  return { key, q };
}

/**
 * 共N门课程 · N人学习 · N人报名: the cached page's counts, then the current ones a signed-in viewer's state brings, so a
 * learner who just joined sees themselves counted.
 */
export function SeriesCounts({
  seriesId,
  courseCount,
  studyCount,
  enrolCount,
}: {
  seriesId: number;
  courseCount: number;
  studyCount: number;
  enrolCount: number;
}) {
  const counts = useSeriesState(seriesId).q.data?.counts ?? { studyCount, enrolCount };
  return (
    <p className="text-sm text-gray-600">
      共{courseCount}门课程 · {counts.studyCount}人学习 · {counts.enrolCount}人报名
    </p>
  );
}

export function SeriesActions({ seriesId, courseCount }: { seriesId: number; courseCount: number }) {
  const qc = useQueryClient();
  const { key, q } = useSeriesState(seriesId);
  const [busy, setBusy] = useState(false);
  const enrolled = q.data?.enrolled ?? false;
  // 申请证书 becomes the link 查看证书: the focus of the keyboard user who applied moves on to it.
  const [issued, setIssued] = useState(false);
  const certificateLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (issued) certificateLink.current?.focus();
  }, [issued]);

  const enrol = async () => {
    if (!isLoggedIn()) return openMessageBox(1);
    setBusy(true);
    try {
      qc.setQueryData(key, await call(api, '/api/recommendseries/enrol', { seriesId }));
      toast('info', '已加入系列专题');
    } catch {
      void q.refetch();
    } finally {
      setBusy(false);
    }
  };
  const certificate = async () => {
    if (!isLoggedIn()) return openMessageBox(1);
    setBusy(true);
    try {
      const { certificateId } = await call(api, '/api/recommendseries/applicationCertificate', { seriesId });
      qc.setQueryData<SeriesState>(key, (old) => (old ? { ...old, certificateId } : old));
      setIssued(true);
      toast('info', '证书申请成功，可在个人中心查看');
    } catch (err) {
      // A silent path: the refusal is told here; a failed connection has been told by the client (SPEC 8).
      if (err instanceof ApiError) toast('error', err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      {/* One button in both states: the keyboard user who joined stays on it, and hears its new name. */}
      <BusyButton onClick={enrol} busy={busy} inactive={enrolled} className={actionClass(enrolled)}>
        {enrolled ? `已加入 · 已完成${q.data?.finishedCount ?? 0}/${courseCount}门` : '报名加入'}
      </BusyButton>
      {q.data?.certificateId ? (
        <a
          ref={certificateLink}
          href={`/personal/certificate?id=${q.data.certificateId}`}
          className="rounded border border-green-600 px-6 py-2 text-green-800 hover:bg-green-50"
        >
          查看证书
        </a>
      ) : (
        <BusyButton
          onClick={certificate}
          busy={busy}
          className="rounded border border-brand-700 px-6 py-2 text-brand-700 hover:bg-brand-50 aria-disabled:opacity-60"
        >
          申请证书
        </BusyButton>
      )}
    </div>
  );
}

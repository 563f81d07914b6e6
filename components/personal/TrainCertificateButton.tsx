'use client';

/** 申请证书 of a finished training project: issued when the rules are met, else the server's reason is shown. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { toast } from '@/components/ui/Toaster';
import { BusyButton } from '@/components/ui/BusyButton';
import { ARCHIVE_PATH } from './personal-tabs';
import { call } from '@/lib/api/core';

export function TrainCertificateButton({ trainId }: { trainId: number }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <BusyButton
      busy={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await call(api, '/api/train/applicationCertificate', { trainId });
          toast('info', '证书已发放，可在“我的证书”中查看');
          // 培训项目 and 我的证书 read the archive again: the button goes, the certificate is listed.
          await queryClient.invalidateQueries({ queryKey: [ARCHIVE_PATH] });
        } catch {
          /* the reason is shown by the client */
        } finally {
          setBusy(false);
        }
      }}
      className="rounded border border-brand-600 px-3 py-1 text-sm text-brand-700 hover:bg-brand-50 aria-disabled:opacity-50"
    >
      申请证书
    </BusyButton>
  );
}

'use client';

/**
 * The personal centre's 我的证书 tab: the learner's certificates, and the year's study hours certified on request
 * (学时证明, for a year that has ended: its figures are final).
 */
import { useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import Link from '@/components/ui/Link';
import { BusyButton } from '@/components/ui/BusyButton';
import { api } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import type { Archive } from '@/lib/contract/archive';
import { chinaDate, formatDate } from '@/lib/format';
import { TabSection } from './TabSection';
import { CERTIFICATE_KIND_LABEL } from '@/lib/learning/certificate-svg';

/** Years a 学时证明 may be asked for: the last five that have ended. */
const YEARS_BACK = 5;

function HoursCertificateForm() {
  const id = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const thisYear = chinaDate(new Date()).year;
  const years = Array.from({ length: YEARS_BACK }, (_, i) => thisYear - 1 - i);
  const [year, setYear] = useState(years[0]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const apply = async () => {
    setBusy(true);
    setError('');
    try {
      const { certificateId } = await call(api, '/api/certificate/applyHours', { year }, { shownInline: true });
      await queryClient.invalidateQueries();
      router.push(`/personal/certificate?id=${certificateId}`);
    } catch (err) {
      setError(failureText(err, '开具失败，请稍后再试'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 rounded border bg-white p-4 text-sm">
      <label htmlFor={`${id}-year`}>开具年度学时证明</label>
      <select
        id={`${id}-year`}
        value={year}
        onChange={(e) => setYear(Number(e.target.value))}
        className="rounded border border-gray-300 px-2 py-1"
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {years.map((y) => (
          <option key={y} value={y}>
            {y}年度
          </option>
        ))}
      </select>
      <BusyButton
        onClick={apply}
        busy={busy}
        className="rounded bg-brand-700 px-4 py-1.5 text-white hover:bg-brand-800 aria-disabled:opacity-60"
      >
        开具
      </BusyButton>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function CertificatesTab({ certificates }: { certificates: Archive['certificates'] }) {
  return (
    <TabSection id="certs-title" title="我的证书" empty={null}>
      <HoursCertificateForm />
      {certificates.length === 0 ? (
        <p className="mt-4 text-gray-500">暂无证书。学完系列专题的全部课程或完成培训项目后可申请证书。</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {certificates.map((c) => (
            <li key={c.id} className="rounded border bg-white p-4">
              <p className="font-medium">{c.title}</p>
              <p className="text-xs text-gray-500">
                {CERTIFICATE_KIND_LABEL[c.kind] ?? '证书'} · 编号 {c.serialNo} · {formatDate(c.issuedAt)}
              </p>
              <Link
                prefetch={false}
                href={`/personal/certificate?id=${c.id}`}
                className="mt-2 inline-block text-sm text-brand-700 hover:underline"
              >
                查看与打印
              </Link>
            </li>
          ))}
        </ul>
      )}
    </TabSection>
  );
}

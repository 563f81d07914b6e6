import type { Metadata } from 'next';
import Link from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { userApi } from '@/lib/api/visitor';
import { certificateSvg } from '@/lib/learning/certificate-svg';
import { parseSiteSegment, siteTitle } from '@/lib/variants';
import { CertificateView } from '@/components/certificate/CertificateView';
import { call } from '@/lib/api/core';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: '我的证书', robots: { index: false } };

type Props = {
  params: Promise<{ variant: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** A certificate of the signed-in learner: printable (print preview) and downloadable. */
export default async function CertificatePage({ params, searchParams }: Props) {
  const site = parseSiteSegment((await params).variant);
  if (!site) notFound();
  const raw = (await searchParams).id;
  const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  if (!id) notFound();
  const { api } = await userApi(site);
  const c = await call(api, '/api/certificate/detail', { certificateId: id }).catch(() => null);
  return (
    <div className="page-width py-6">
      <Link href="/personal/index?tab=certificates" className="text-sm text-brand-700 hover:underline">
        ← 返回我的证书
      </Link>
      <h1 className="mt-2 text-xl font-semibold">{c ? c.title : '证书'}</h1>
      {c ? (
        <div className="mt-4">
          <CertificateView certificateId={c.id} serialNo={c.serialNo} svg={certificateSvg(c, siteTitle(site))} />
        </div>
      ) : (
        <p className="mt-6 text-gray-600">证书不存在</p>
      )}
    </div>
  );
}

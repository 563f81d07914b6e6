import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseSiteSegment } from '@/lib/variants';
import { CertificateVerify } from '@/components/certificate/CertificateVerify';

export const metadata: Metadata = { title: '证书查验', robots: { index: false } };

type Props = {
  params: Promise<{ variant: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Public: an employer checks a certificate by its verification code (printed on it, and its QR code). */
export default async function CertificateVerifyPage({ params, searchParams }: Props) {
  if (!parseSiteSegment((await params).variant)) notFound();
  const raw = (await searchParams).code;
  const code = typeof raw === 'string' ? raw.slice(0, 64) : '';
  return (
    <div className="page-width py-6">
      <h1 className="text-xl font-semibold">证书查验</h1>
      <p className="mt-2 text-sm text-gray-600">
        输入证书上的验证码，或用手机扫描证书上的二维码，查验证书的真伪与状态。
      </p>
      <CertificateVerify initialCode={code} />
    </div>
  );
}

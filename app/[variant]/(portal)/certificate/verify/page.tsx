import type { Metadata } from 'next';
import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { parseSiteSegment } from '@/lib/variants';
import { CertificateVerify } from '@/components/certificate/CertificateVerify';

export const metadata: Metadata = { title: '证书查验', robots: { index: false } };

type Props = { params: Promise<{ variant: string }> };

/**
 * Public: an employer checks a certificate by its verification code (printed on it, and its QR code). The page is the
 * same for everyone and cached; the code (?code=) is read and checked in the browser.
 */
export default async function CertificateVerifyPage({ params }: Props) {
  if (!parseSiteSegment((await params).variant)) notFound();
  return (
    <div className="page-width py-6">
      <h1 className="text-xl font-semibold">证书查验</h1>
      <p className="mt-2 text-sm text-gray-600">
        输入证书上的验证码，或用手机扫描证书上的二维码，查验证书的真伪与状态。
      </p>
      <Suspense fallback={<p className="mt-4 text-gray-600">正在加载…</p>}>
        <CertificateVerify />
      </Suspense>
    </div>
  );
}

import type { Metadata } from 'next';
import { QrConfirm } from '@/components/account/QrConfirm';
import { LazyDialogs } from '@/components/shell/LazyDialogs';

/** Personal by nature (a token or number in the query): rendered per request, never cached. */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: '扫码登录确认', robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The page a phone opens from the QR code of login type 2 (SPEC 2.1 /qrCodePage/qrCode). */
export default async function QrCodePage({ searchParams }: { searchParams: Search }) {
  const raw = (await searchParams).randNum;
  const randNum = Array.isArray(raw) ? raw[0] : raw;
  return (
    <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-10">
      <QrConfirm randNum={randNum && /^[\w-]{16,64}$/.test(randNum) ? randNum : ''} />
      <LazyDialogs stayOnSessionError />
    </main>
  );
}

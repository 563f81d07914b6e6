import type { Metadata } from 'next';
import Link from '@/components/ui/Link';

export const metadata: Metadata = { title: '提交成功', robots: { index: false } };

/** After a questionnaire is saved. */
export default function Page() {
  return (
    <div className="page-width flex flex-col items-center py-16 text-center">
      <svg viewBox="0 0 48 48" className="h-16 w-16 text-green-600" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3" />
      </svg>
      <h1 className="mt-4 text-xl font-semibold">提交成功</h1>
      <p className="mt-2 text-gray-600">感谢您的参与，您的问卷已提交。</p>
      <Link href="/home" className="mt-6 rounded bg-brand-600 px-6 py-2 text-white hover:bg-brand-700">
        返回首页
      </Link>
    </div>
  );
}

import type { Metadata } from 'next';
import Link from '@/components/ui/Link';
import { Inbox } from '@/components/notifications/Inbox';
import { EmailSetting } from '@/components/notifications/EmailSetting';

export function generateStaticParams() {
  return [];
}

export const metadata: Metadata = { title: '我的消息', robots: { index: false } };

/**
 * 我的消息 (issue 25): the proxy lets only a signed-in visitor in; the page is the same for everyone (cached per
 * site) and the learner's messages load in the browser.
 */
export default function MessagesPage() {
  return (
    <div className="page-width py-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold">我的消息</h1>
        <Link prefetch={false} href="/personal/index" className="text-sm text-brand-700 hover:underline">
          返回个人中心
        </Link>
      </div>
      <div className="mt-4">
        <EmailSetting />
      </div>
      <Inbox />
    </div>
  );
}

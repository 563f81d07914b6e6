'use client';

/**
 * 消息 in the signed-in header (issue 25) with the number unread: one indexed count, read by the browser (the
 * header around it is cached for everyone), again when the window gets the focus back.
 */
import { useQuery } from '@tanstack/react-query';
import Link from '@/components/ui/Link';
import { INBOX_PATH } from '@/lib/contract/notifications';
import { unreadQuery } from './queries';

export function NotificationBell({ className = '' }: { className?: string }) {
  const count = useQuery(unreadQuery());
  const unread = count.data?.unread ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <Link
      href={INBOX_PATH}
      prefetch={false}
      className={`inline-flex items-center gap-1 ${className}`}
      aria-label={unread > 0 ? `消息，${unread}条未读` : '消息'}
      data-testid="notification-bell"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
        <path d="M10 2a5 5 0 0 0-5 5v3.6L3.3 13.3A1 1 0 0 0 4.1 15h11.8a1 1 0 0 0 .8-1.7L15 10.6V7a5 5 0 0 0-5-5Zm0 18a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 10 20Z" />
      </svg>
      消息
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-semibold text-white"
        >
          {shown}
        </span>
      )}
    </Link>
  );
}

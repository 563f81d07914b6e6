'use client';

import Link from '@/components/ui/Link';
import { isLoggedIn } from '@/lib/session/client';
import { openMessageBox } from '@/lib/ui/events';

/**
 * A link that asks a visitor to log in first (SPEC 2.3: notice entry, policy pages, learning centre). The menu's
 * guarded entries ask with mode 2 (login required, 确定); the learning centre and module links with mode 1.
 */
export function PromptLink({
  href,
  className,
  children,
  role,
  current,
  mode = 1,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
  role?: string;
  current?: 'page' | 'true';
  mode?: 1 | 2;
}) {
  return (
    <Link
      href={href}
      prefetch={false}
      className={className}
      role={role}
      aria-current={current}
      onClick={(e) => {
        if (!isLoggedIn()) {
          e.preventDefault();
          openMessageBox(mode);
        }
      }}
    >
      {children}
    </Link>
  );
}

'use client';

import Link from '@/components/ui/Link';
import { isLoggedIn } from '@/lib/session/client';
import { openMessageBox } from '@/lib/ui/events';

/** A link that asks a visitor to log in first (SPEC 2.3: notice entry, policy pages, learning centre). */
export function PromptLink({
  href,
  className,
  children,
  role,
  current,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
  role?: string;
  current?: 'page' | 'true';
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
          openMessageBox(1);
        }
      }}
    >
      {children}
    </Link>
  );
}

'use client';

/** A link that opens in a named window (SPEC 2.1: the player and the personal centre); reopening waits 300 ms. */
import { WINDOW_REOPEN_DELAY_MS } from '@/lib/constants';
import { NewWindowHint } from '@/components/ui/NewWindowHint';

export function NamedWindowLink({
  href,
  name,
  className,
  children,
}: {
  href: string;
  name: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <a
      href={href}
      target={name}
      className={className}
      onClick={(e) => {
        e.preventDefault();
        const w = window.open('', name);
        if (w && w.location.href !== 'about:blank') {
          w.close();
          window.setTimeout(() => window.open(href, name), WINDOW_REOPEN_DELAY_MS);
        } else if (w) {
          w.location.href = href;
        } else {
          window.location.href = href;
        }
      }}
    >
      {children}
      <NewWindowHint />
    </a>
  );
}

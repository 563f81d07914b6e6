'use client';

import { useSyncExternalStore } from 'react';
import Link from '@/components/ui/Link';

const never = () => () => undefined;

/** The same list without its page number, when the address asked for a page past the end; else null. */
export function firstPageOf(pathname: string, search: string): string | null {
  const query = new URLSearchParams(search);
  if (!query.has('page')) return null;
  query.delete('page');
  const rest = query.toString();
  return `${pathname}${rest ? `?${rest}` : ''}`;
}

/**
 * On the 404 of a list's page past its end (a bookmarked page 12 of a list that has since shrunk): a link to the
 * list's first page with the same filters. The 404 is shared by every missing page, so the address is read in the
 * browser; nothing shows in the server's HTML.
 */
export function FirstPageLink({ className }: { className: string }) {
  const href = useSyncExternalStore(
    never,
    () => firstPageOf(window.location.pathname, window.location.search),
    () => null,
  );
  return href ? (
    <Link href={href} className={className}>
      返回列表第一页
    </Link>
  ) : null;
}

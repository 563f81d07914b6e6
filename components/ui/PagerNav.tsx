'use client';

import { useEffect, useRef } from 'react';

/** The address a pager link was followed to, until the page it leads to has taken the focus. */
let followed: string | null = null;
const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * The nearest heading before the pager that is not an item's own (inside a list item): the heading of the
 * results (课程列表, 搜索结果) or of the page.
 */
function resultsHeading(nav: HTMLElement): HTMLElement | null {
  const before = [...nav.ownerDocument.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')].filter(
    (h) => h.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING && !h.closest('li'),
  );
  return before.at(-1) ?? null;
}

/**
 * The pager's <nav> (Pagination): after a page change through one of its links, the new page's results heading
 * takes the focus, so a keyboard or screen-reader user continues at the results instead of at the top of <body>.
 * Other ways to a page (an address typed, back and forward) leave the focus alone.
 */
export function PagerNav({
  page,
  label,
  className,
  children,
}: {
  page: number;
  label: string;
  className: string;
  children: React.ReactNode;
}) {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = nav.current;
    if (!el) return;
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element).closest('a');
      // A link opened in a new tab or window does not change this page.
      if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const url = new URL(a.href);
      followed = url.pathname + url.search;
    };
    el.addEventListener('click', onClick);
    return () => el.removeEventListener('click', onClick);
  }, []);
  useEffect(() => {
    if (!nav.current || followed !== here()) return;
    followed = null;
    const target = resultsHeading(nav.current);
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus();
  }, [page]);
  return (
    <nav ref={nav} aria-label={label} className={className}>
      {children}
    </nav>
  );
}

'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import Link from '@/components/ui/Link';
import type { MenuItem } from '@/lib/variants';
import { navMarks, type NavMark } from '@/lib/ui/nav-current';
import { subscribeAddress } from '@/lib/ui/nav-pending';
import { PromptLink } from './PromptLink';

const noop = () => () => {};

function ItemLink({ item, className, current }: { item: MenuItem; className: string; current?: NavMark }) {
  return item.promptLogin ? (
    <PromptLink href={item.href} className={className} current={current} mode={2}>
      {item.label}
    </PromptLink>
  ) : (
    <Link href={item.href} className={className} prefetch={false} aria-current={current}>
      {item.label}
    </Link>
  );
}

/**
 * The address in the browser's bar (path and query), null in the server's HTML: the layout around the menu is
 * cached and the same for every page, and the proxy's rewrite hides the visible address from the server's render.
 */
const readAddress = () => window.location.pathname + window.location.search;

/**
 * The main menu of the variant, a disclosure menu: each top item is a link, and an item with children has a
 * button beside it (aria-expanded) that opens its submenu, on touch screens too. A mouse opens a submenu on
 * hover; Escape closes it and puts focus back on its button; a tap or click elsewhere or focus leaving closes it.
 * Without JavaScript (before hydration) the links navigate and the submenus open on hover and focus (CSS).
 *
 * On a phone (narrower than 768 px) the menu folds behind a 菜单 button (aria-expanded), so the page's content is
 * not pushed below three rows of menu; a chosen link or Escape folds it again. Before hydration the button opens
 * it by focus (CSS), as the submenus do.
 *
 * Once the script runs, the section the learner is in and the link to the page itself are marked (aria-current,
 * lib/ui/nav-current.ts).
 */
export function NavBar({ menu }: { menu: MenuItem[] }) {
  const interactive = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  const address = useSyncExternalStore(subscribeAddress, readAddress, () => null);
  const marks = address === null ? new Map<string, NavMark>() : navMarks(menu, address);
  const [open, setOpen] = useState<number | null>(null);
  const [unfolded, setUnfolded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const toggles = useRef<(HTMLButtonElement | null)[]>([]);
  // A mouse that opened a submenu by hovering its item and then clicks the button means 'open', not 'close'.
  const hovered = useRef<number | null>(null);
  const closeIf = (i: number) => setOpen((o) => (o === i ? null : o));

  useEffect(() => {
    if (open === null) return;
    const outside = (e: PointerEvent) => {
      if (!nav.current?.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    <nav
      ref={nav}
      aria-label="主导航"
      data-js={interactive ? '' : undefined}
      data-unfolded={unfolded ? '' : undefined}
      className="focus-on-dark bg-brand-700 text-white"
      onKeyDown={(e) => {
        // A submenu's own Escape comes first (it stops here); then the folded phone menu closes.
        if (e.key !== 'Escape' || !unfolded) return;
        setUnfolded(false);
        menuButton.current?.focus();
      }}
      onClick={(e) => {
        if ((e.target as Element).closest('a')) setUnfolded(false);
      }}
    >
      <button
        ref={menuButton}
        type="button"
        className="nav-menu-button"
        aria-expanded={unfolded}
        aria-controls="nav-list"
        onClick={() => setUnfolded(!unfolded)}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="currentColor">
          {unfolded ? (
            <path d="M3.5 2.4 8 6.9l4.5-4.5 1.1 1.1L9.1 8l4.5 4.5-1.1 1.1L8 9.1l-4.5 4.5-1.1-1.1L6.9 8 2.4 3.5z" />
          ) : (
            <path d="M1 3h14v1.6H1zm0 4.2h14v1.6H1zm0 4.2h14V13H1z" />
          )}
        </svg>
        菜单
      </button>
      <ul id="nav-list" className="nav-list page-width">
        {menu.map((item, i) => {
          if (!item.children) {
            return (
              <li key={item.href + item.label}>
                <ItemLink item={item} className="nav-top" current={marks.get(item.href)} />
              </li>
            );
          }
          const subId = `nav-sub-${i}`;
          const expanded = open === i;
          return (
            <li
              key={item.href + item.label}
              className="relative flex"
              data-open={expanded ? '' : undefined}
              onPointerEnter={(e) => {
                if (e.pointerType !== 'mouse') return;
                hovered.current = i;
                setOpen(i);
              }}
              onPointerLeave={(e) => {
                if (e.pointerType !== 'mouse') return;
                hovered.current = null;
                closeIf(i);
              }}
              onBlur={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) closeIf(i);
              }}
              onKeyDown={(e) => {
                if (e.key !== 'Escape' || !expanded) return;
                e.stopPropagation();
                const inSub = document.getElementById(subId)?.contains(document.activeElement);
                setOpen(null);
                if (inSub) toggles.current[i]?.focus();
              }}
            >
              <ItemLink item={item} className="nav-top pr-2" current={marks.get(item.href)} />
              <button
                ref={(el) => {
                  toggles.current[i] = el;
                }}
                type="button"
                className="nav-toggle"
                aria-expanded={expanded}
                aria-controls={subId}
                aria-label={`${item.label}子菜单`}
                onClick={() => {
                  if (hovered.current === i) hovered.current = null;
                  else setOpen(expanded ? null : i);
                }}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 12 12"
                  width="12"
                  height="12"
                  className={`transition-transform ${expanded ? 'rotate-180' : ''}`}
                  fill="currentColor"
                >
                  <path d="M2 4l4 4 4-4z" />
                </svg>
              </button>
              <ul id={subId} className="nav-sub" onClick={() => setOpen(null)}>
                {item.children.map((child) => (
                  <li key={child.href}>
                    <ItemLink item={child} className="nav-child" current={marks.get(child.href)} />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

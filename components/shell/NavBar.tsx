'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import Link from 'next/link';
import type { MenuItem } from '@/lib/variants';
import { PromptLink } from './PromptLink';

const noop = () => () => {};

function ItemLink({ item, className }: { item: MenuItem; className: string }) {
  return item.promptLogin ? (
    <PromptLink href={item.href} className={className}>
      {item.label}
    </PromptLink>
  ) : (
    <Link href={item.href} className={className} prefetch={false}>
      {item.label}
    </Link>
  );
}

/**
 * The main menu of the variant, a disclosure menu: each top item is a link, and an item with children has a
 * button beside it (aria-expanded) that opens its submenu, on touch screens too. A mouse opens a submenu on
 * hover; Escape closes it and puts focus back on its button; a tap or click elsewhere or focus leaving closes it.
 * Without JavaScript (before hydration) the links navigate and the submenus open on hover and focus (CSS).
 */
export function NavBar({ menu }: { menu: MenuItem[] }) {
  const interactive = useSyncExternalStore(noop, () => true, () => false);
  const [open, setOpen] = useState<number | null>(null);
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
    <nav ref={nav} aria-label="主导航" data-js={interactive ? '' : undefined} className="focus-on-dark bg-brand-700 text-white">
      <ul className="page-width flex flex-wrap items-stretch">
        {menu.map((item, i) => {
          if (!item.children) {
            return (
              <li key={item.href + item.label}>
                <ItemLink item={item} className="nav-top" />
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
              <ItemLink item={item} className="nav-top pr-2" />
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
                <svg aria-hidden="true" viewBox="0 0 12 12" width="12" height="12" className={`transition-transform ${expanded ? 'rotate-180' : ''}`} fill="currentColor">
                  <path d="M2 4l4 4 4-4z" />
                </svg>
              </button>
              <ul id={subId} className="nav-sub" onClick={() => setOpen(null)}>
                {item.children.map((child) => (
                  <li key={child.href}>
                    <ItemLink item={child} className="nav-child" />
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

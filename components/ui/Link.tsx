'use client';

import NextLink from 'next/link';
import type { ComponentProps } from 'react';
import { startNavigation } from '@/lib/ui/nav-pending';

/**
 * Next.js's Link, telling the page's navigation bar (components/shell/NavProgress) when the router takes the click,
 * so a slow network shows that the page is coming. Use it instead of next/link (eslint enforces it).
 */
export default function Link({ onNavigate, ...props }: ComponentProps<typeof NextLink>) {
  const href = typeof props.href === 'string' ? props.href : (props.href.pathname ?? '') + (props.href.search ?? '');
  return (
    <NextLink
      {...props}
      onNavigate={(e) => {
        let prevented = false;
        onNavigate?.({
          preventDefault: () => {
            prevented = true;
            e.preventDefault();
          },
        });
        if (!prevented) startNavigation(href);
      }}
    />
  );
}

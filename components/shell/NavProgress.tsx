'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { usePathname } from 'next/navigation';
import { currentNavigation, settleNavigation, subscribeAddress, subscribeNavigation } from '@/lib/ui/nav-pending';

/** Shown only when the next page takes longer than this, so a fast navigation does not flash. */
const SHOW_AFTER_MS = 150;
/** A navigation that has not arrived by then is left to the browser (the router's own error handling). */
const GIVE_UP_MS = 15_000;

/**
 * A thin moving bar at the top of the window while a page opened by a link is on its way (a slow network: the click
 * would otherwise seem to do nothing). It ends when the address changes (subscribeAddress; also the router's
 * pathname, where the Navigation API is missing).
 * Decorative (aria-hidden): on arrival the router announces the new page's title.
 */
export function NavProgress() {
  const navigation = useSyncExternalStore(subscribeNavigation, currentNavigation, () => 0);
  const [shownFor, setShownFor] = useState(0);
  const pathname = usePathname();

  useEffect(() => settleNavigation(), [pathname]);
  useEffect(() => subscribeAddress(() => settleNavigation()), []);
  useEffect(() => {
    if (navigation === 0) return;
    const show = setTimeout(() => setShownFor(navigation), SHOW_AFTER_MS);
    const giveUp = setTimeout(() => settleNavigation(true), GIVE_UP_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(giveUp);
    };
  }, [navigation]);

  if (navigation === 0 || shownFor !== navigation) return null;
  return (
    <div className="nav-progress" aria-hidden="true" data-testid="nav-progress">
      <div />
    </div>
  );
}

/**
 * Whether a client navigation is under way, for the bar at the top of the page (components/shell/NavProgress). The
 * portal's Link (components/ui/Link) starts it when Next.js's router takes a click (its onNavigate: a click that
 * opens a sign-in prompt or another window, or one with a modifier key, is not a navigation); the bar ends it when
 * the address in the browser changes, or gives up after a while.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
/** The address the navigation left from, while one is under way. */
let from: string | null = null;
/** Counts navigations, so a delay set for one does not apply to the next. */
let sequence = 0;

const address = () => window.location.pathname + window.location.search;
const emit = () => listeners.forEach((l) => l());

export function startNavigation(href: string): void {
  const to = new URL(href, window.location.href);
  // A link to the page itself (or to a part of it) changes no address: nothing would end the bar.
  if (to.origin !== window.location.origin || to.pathname + to.search === address()) return;
  from = address();
  sequence++;
  emit();
}

/** Ends the navigation if the address is no longer the one it left from (or always, with `force`). */
export function settleNavigation(force = false): void {
  if (from === null || (!force && address() === from)) return;
  from = null;
  emit();
}

export function subscribeNavigation(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The navigation under way (a number that differs from the last one's), or 0. */
export const currentNavigation = (): number => (from === null ? 0 : sequence);

/**
 * Calls `onChange` whenever the browser's address may have changed: the Navigation API tells of every change (the
 * router's pushState included, a change of query only too), popstate of Back and Forward where that API is missing.
 */
export function subscribeAddress(onChange: () => void): () => void {
  const api = (window as { navigation?: EventTarget }).navigation;
  api?.addEventListener('currententrychange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    api?.removeEventListener('currententrychange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

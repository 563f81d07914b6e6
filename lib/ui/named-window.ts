/**
 * SPEC 2.1 / 9: pages such as the course player open in a named window; opening one again is delayed
 * by WINDOW_REOPEN_DELAY_MS (the old window is closed first, so that the new one comes to the front).
 */
import { WINDOW_REOPEN_DELAY_MS } from '@/lib/constants';

const opened = new Map<string, Window>();

export function openNamedWindow(url: string, name: string): void {
  const previous = opened.get(name);
  const open = () => {
    const w = window.open(url, name);
    if (w) opened.set(name, w);
  };
  if (previous && !previous.closed) {
    previous.close();
    setTimeout(open, WINDOW_REOPEN_DELAY_MS);
  } else {
    open();
  }
}

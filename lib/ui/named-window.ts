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

export const COURSE_DETAIL_WINDOW = 'courseDetail';

/**
 * SPEC 2.1: /course/detail opens in a named window with its query passed through (a second open waits
 * WINDOW_REOPEN_DELAY_MS). Put on a list's container as onClickCapture: the links stay plain links without
 * JavaScript, and with a modifier key or another button. Runs in the capture phase, before next/link
 * navigates in the same window.
 */
export function openCourseInNamedWindow(
  e: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'target' | 'preventDefault'>,
): void {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a');
  const href = a?.getAttribute('href');
  if (!href || !href.startsWith('/course/detail?')) return;
  e.preventDefault();
  openNamedWindow(href, COURSE_DETAIL_WINDOW);
}

/**
 * SPEC 2.1: "Leaving the course detail or course view routes clears the window name." Clears it when the
 * page is left (pagehide: another address, reload, closing) and when the returned cleanup runs (the route
 * unmounts on a client navigation). Returns the cleanup.
 */
export function clearWindowNameOnLeave(
  win: Pick<Window, 'name' | 'addEventListener' | 'removeEventListener'>,
): () => void {
  const clear = () => {
    win.name = '';
  };
  win.addEventListener('pagehide', clear);
  return () => {
    win.removeEventListener('pagehide', clear);
    clear();
  };
}

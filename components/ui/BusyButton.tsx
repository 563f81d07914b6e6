'use client';

import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '@/lib/ui/use-hydrated';

/**
 * A button whose action takes a request: while `busy` (or `inactive`) it is aria-disabled and ignores
 * clicks and form submission, but stays focusable. The `disabled` attribute would drop the focus of the
 * keyboard user who pressed it to <body>, so the next Tab started again at the top of the page. Style the
 * busy look with `aria-disabled:` utilities.
 * Until the page's script runs (a slow network) a press cannot do anything: the button says so (aria-disabled) and,
 * if the wait lasts, looks it (.awaiting-script in styles/globals.css), rather than taking the press and doing nothing.
 */
/** The look of a catalogue action that becomes its own done state (选学 -> 已选学, 报名加入 -> 已加入). */
export function actionClass(done: boolean): string {
  return done
    ? 'rounded border border-green-600 px-4 py-2 text-green-800'
    : 'rounded bg-brand-700 px-6 py-2 text-white hover:bg-brand-800 aria-disabled:opacity-60';
}

export function BusyButton({
  busy = false,
  inactive = false,
  type = 'button',
  onClick,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; inactive?: boolean }) {
  const hydrated = useHydrated();
  const off = busy || inactive || !hydrated;
  return (
    <button
      type={type}
      {...props}
      className={hydrated ? className : `${className ?? ''} awaiting-script`}
      aria-disabled={off || undefined}
      aria-busy={busy || undefined}
      onClick={(e) => {
        if (off) e.preventDefault();
        else onClick?.(e);
      }}
    />
  );
}

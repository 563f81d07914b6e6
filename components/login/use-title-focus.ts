import { useEffect, useRef } from 'react';
import type { LoginType } from '@/lib/ui/events';

/**
 * A mode switch replaces the dialog's content, and with it the button that asked for it: unless the focus stayed
 * in the dialog (the tabs keep it on the tab), the new mode's heading takes it, so its title is read. The heading
 * is keyed by the mode, so a focus left on the previous one moves to the new one too.
 */
export function useTitleFocus(open: boolean, type: LoginType) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownType = useRef<LoginType | null>(null);
  useEffect(() => {
    const was = shownType.current;
    shownType.current = open ? type : null;
    const title = titleRef.current;
    if (!open || was === null || was === type || !title) return;
    if (!title.closest('[data-login-type]')?.contains(document.activeElement)) title.focus();
  }, [open, type]);
  return titleRef;
}

'use client';

import { useEffect } from 'react';
import { emitUi, openMessageBox } from '@/lib/ui/events';

/**
 * SPEC 2.7 mode 5: a search without results says so in the message box. The box is for this search alone: when
 * the visitor has already moved on (the next search's results), a box still loading is withdrawn.
 */
export function EmptySearchNotice({ keyword }: { keyword: string }) {
  useEffect(() => {
    const t = setTimeout(() => openMessageBox(5), 100);
    return () => {
      clearTimeout(t);
      emitUi({ type: 'closeMessageBox', mode: 5 });
    };
  }, [keyword]);
  return null;
}

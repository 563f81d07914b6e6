'use client';

import { useEffect } from 'react';
import { openMessageBox } from '@/lib/ui/events';

/** SPEC 2.7 mode 5: a search without results says so in the message box. */
export function EmptySearchNotice({ keyword }: { keyword: string }) {
  useEffect(() => {
    const t = setTimeout(() => openMessageBox(5), 100);
    return () => clearTimeout(t);
  }, [keyword]);
  return null;
}

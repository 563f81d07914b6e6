'use client';

/** 收藏 / 取消收藏 of a course (the personal centre's list, and usable on the course detail page). */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { isLoggedIn } from '@/lib/session/client';
import { openMessageBox } from '@/lib/ui/events';
import { BusyButton } from '@/components/ui/BusyButton';
import { focusNextWhenRemoved } from '@/components/ui/focus-after-removal';
import { ARCHIVE_PATH } from './personal-tabs';
import { call } from '@/lib/api/core';

/**
 * One button for both states, named by what it does (收藏 / 取消收藏, so no aria-pressed: "取消收藏, pressed" would
 * contradict itself), kept focusable while the request runs: the
 * keyboard user who pressed it stays on it. `initial` may change afterwards (the visitor's state loaded
 * again); `onChange` hears each toggle the server accepted.
 */
export function FavouriteButton({
  courseId,
  initial,
  refresh = false,
  onChange,
  className = 'rounded border border-gray-300 px-3 py-1 text-sm hover:bg-gray-50 aria-disabled:opacity-50',
}: {
  courseId: number;
  initial: boolean;
  refresh?: boolean;
  onChange?: (favourite: boolean) => void;
  className?: string;
}) {
  const [on, setOn] = useState(initial);
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setOn(initial);
  }
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  return (
    <BusyButton
      busy={busy}
      data-favourite
      onClick={async (e) => {
        if (!isLoggedIn()) return openMessageBox(1);
        const item = refresh ? e.currentTarget.closest('li') : null;
        setBusy(true);
        try {
          await call(api, '/api/course/favourite', { courseId, favourite: !on });
          setOn(!on);
          onChange?.(!on);
          if (refresh) {
            // In 我的收藏 the course leaves the list: the keyboard goes on at the next one (or the list's heading).
            const heading = item?.closest('section')?.querySelector<HTMLElement>('h2[tabindex]') ?? null;
            focusNextWhenRemoved(item, '[data-favourite]', () => heading);
            await queryClient.invalidateQueries({ queryKey: [ARCHIVE_PATH] });
          }
        } catch {
          /* message shown by the client */
        } finally {
          setBusy(false);
        }
      }}
      className={className}
    >
      {on ? '取消收藏' : '收藏'}
    </BusyButton>
  );
}

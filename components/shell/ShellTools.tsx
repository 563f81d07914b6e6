'use client';

import { FAVOURITE_FAILED_MSG } from '@/lib/contract/messages';
import { toast } from '@/components/ui/Toaster';
import { AssistantIcon } from '@/components/assistant/AssistantIcon';

/** The feedback survey address (SPEC 2.4); configurable per deployment. */
const FEEDBACK_URL = process.env.NEXT_PUBLIC_FEEDBACK_URL || '/questionaire?id=feedback';

/** Old browsers could add a bookmark from the page; everywhere else (or if it throws) the Ctrl+D message of SPEC 8. */
export function addFavourite(): void {
  const w = window as unknown as {
    external?: { AddFavorite?: (url: string, title: string) => void };
    sidebar?: { addPanel?: (title: string, url: string, x: string) => void };
  };
  try {
    if (typeof w.external?.AddFavorite === 'function')
      return w.external.AddFavorite(window.location.href, document.title);
    if (typeof w.sidebar?.addPanel === 'function') return w.sidebar.addPanel(document.title, window.location.href, '');
  } catch {
    /* the browser refused */
  }
  toast('warning', FAVOURITE_FAILED_MSG);
}

/**
 * Feedback link and 'add to favourites' (SPEC 2.4, 8). Current browsers do not let a page add a
 * bookmark, so the button explains Ctrl+D; touch-only devices, which have no Ctrl+D, do not show it.
 * Hidden in dx mode (SPEC 1), with the AI assistant icon.
 */
export function ShellTools({ dx }: { dx: boolean }) {
  if (dx) return null;
  return (
    <span className="flex items-center gap-3">
      <a href={FEEDBACK_URL} className="focus-on-dark hover:underline">
        意见反馈
      </a>
      {/* Not on touch-only devices: a phone has no Ctrl+D to offer instead (its browser's own menu bookmarks). */}
      <button
        type="button"
        className="focus-on-dark hover:underline [@media(hover:none)_and_(pointer:coarse)]:hidden"
        onClick={addFavourite}
      >
        加入收藏
      </button>
      <AssistantIcon />
    </span>
  );
}

'use client';

import { BusyButton } from './BusyButton';
import { removeAfterConfirm } from './focus-after-removal';

/**
 * 删除 of a list item (a course, a chapter, a comment): the app's confirm box first, then the removal, and the
 * keyboard stays in the list (the next item's 删除, else `fallback()`). `what` names the item for screen readers.
 */
export function RemoveButton({
  what,
  ask,
  remove,
  fallback,
  busy = false,
  className = '',
}: {
  what: string;
  ask: () => Promise<boolean>;
  remove: () => void;
  fallback?: () => HTMLElement | null;
  busy?: boolean;
  className?: string;
}) {
  return (
    <BusyButton
      data-remove
      busy={busy}
      className={`inline-flex min-h-[24px] min-w-[24px] items-center justify-center text-red-700 hover:underline ${className}`}
      onClick={(e) => void removeAfterConfirm(e.currentTarget, ask, remove, fallback)}
    >
      删除<span className="sr-only">{what}</span>
    </BusyButton>
  );
}

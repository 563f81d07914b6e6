'use client';

import { FAVOURITE_FAILED_MSG } from '@/lib/api/messages';
import { toast } from '@/components/ui/Toaster';
import { AssistantIcon } from '@/components/assistant/AssistantIcon';

/** The feedback survey address (SPEC 2.4); configurable per deployment. */
const FEEDBACK_URL = process.env.NEXT_PUBLIC_FEEDBACK_URL || '/questionaire?id=feedback';

/**
 * Feedback link and 'add to favourites' (SPEC 2.4, 8). Browsers no longer let a page add a
 * bookmark, so the button always explains Ctrl+D. Hidden in dx mode (SPEC 1), with the AI assistant icon.
 */
export function ShellTools({ dx }: { dx: boolean }) {
  if (dx) return null;
  return (
    <span className="flex items-center gap-3">
      <a href={FEEDBACK_URL} className="hover:underline">
        意见反馈
      </a>
      <button type="button" className="hover:underline" onClick={() => toast('warning', FAVOURITE_FAILED_MSG)}>
        加入收藏
      </button>
      <AssistantIcon />
    </span>
  );
}

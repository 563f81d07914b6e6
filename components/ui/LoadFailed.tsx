'use client';

import { BusyButton } from './BusyButton';

/**
 * What a part of a page shows when its data could not be read (a network drop, a server error): what failed, in
 * Chinese, announced to screen readers (role="alert"), and 重试 that reads it again without reloading the page.
 * A session error never gets here: the shell's handler sends the learner to sign in (SPEC 4.1).
 */
export function LoadFailed({
  what,
  onRetry,
  retrying = false,
  tone = 'light',
  className = '',
}: {
  /** What could not be read, e.g. 学习档案 → 学习档案加载失败，请稍后重试。 */
  what: string;
  /** Reads it again (a query's refetch). */
  onRetry: () => unknown;
  /** True while that read is under way: the button says so and ignores presses (it keeps the focus). */
  retrying?: boolean;
  /** light on white cards, dark inside the player. */
  tone?: 'light' | 'dark';
  className?: string;
}) {
  const button =
    tone === 'dark'
      ? 'bg-brand-600 text-white hover:bg-brand-700'
      : 'border border-brand-600 text-brand-700 hover:bg-brand-50';
  return (
    <div role="alert" className={`text-center ${className}`}>
      <p>{what}加载失败，请稍后重试。</p>
      <BusyButton
        busy={retrying}
        onClick={() => void onRetry()}
        className={`mt-3 rounded px-4 py-1.5 text-sm aria-disabled:opacity-60 ${button}`}
      >
        {retrying ? '重试中…' : '重试'}
      </BusyButton>
    </div>
  );
}

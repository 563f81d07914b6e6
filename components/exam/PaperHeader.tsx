'use client';
/** The paper's sticky bar: its title, the time left, and the warnings at 5 and 1 minutes. */
import { formatCountdown } from '@/lib/format';

/** left: seconds, null before the first tick. */
export function PaperHeader({ title, left }: { title: string; left: number | null }) {
  const warning =
    left == null || left > 300
      ? ''
      : left > 60
        ? '距考试结束不足5分钟，请抓紧作答'
        : '距考试结束不足1分钟，时间到将自动交卷';
  return (
    <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-2 rounded border bg-white p-3 shadow-sm">
      <h2 className="font-semibold">{title}</h2>
      <div className="text-right">
        <p
          role="timer"
          aria-live="off"
          className={`font-mono ${warning ? 'text-red-700' : ''}`}
          data-testid="exam-timer"
        >
          剩余时间 {left == null ? '--' : formatCountdown(left)}
        </p>
        {/* Always present (empty, it takes no room), so that its text appearing at 5 and at 1 minute is announced. */}
        <p aria-live="polite" className="text-sm text-red-700" data-testid="exam-time-warning">
          {warning}
        </p>
      </div>
    </div>
  );
}

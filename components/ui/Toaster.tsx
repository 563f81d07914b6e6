'use client';

/**
 * The portal's messages (SPEC 8: warnings and errors for 3 s), stacked at the top centre. The API
 * client reaches it through apiEvents; components call toast().
 */
import { useEffect, useState } from 'react';
import { apiEvents, type NotifyKind } from '@/lib/api/browser';
import { MESSAGE_DURATION_MS, PRINT_PREVIEW_Z_INDEX } from '@/lib/constants';

export function toast(kind: NotifyKind, message: string, durationMs: number = MESSAGE_DURATION_MS): void {
  apiEvents.emit({ type: 'notify', kind, message, durationMs });
}

interface Shown {
  id: number;
  kind: NotifyKind;
  message: string;
  /** false: the page shows the same message where the user is (a form's alert), so this copy is not a live region. */
  announce: boolean;
}

const KIND_CLASS: Record<NotifyKind, string> = {
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  error: 'border-red-300 bg-red-50 text-red-800',
  info: 'border-blue-300 bg-blue-50 text-blue-800',
};

export function Toaster() {
  const [shown, setShown] = useState<Shown[]>([]);

  useEffect(() => {
    let nextId = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const unsubscribe = apiEvents.subscribe((event) => {
      if (event.type !== 'notify') return;
      const id = ++nextId;
      // The same message already on screen is not stacked again (parallel calls failing alike): it stays for the new duration.
      setShown((list) => [
        ...list.filter((item) => item.kind !== event.kind || item.message !== event.message),
        { id, kind: event.kind, message: event.message, announce: event.announce !== false },
      ]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setShown((list) => list.filter((item) => item.id !== id));
      }, event.durationMs);
      timers.add(timer);
    });
    return () => {
      unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, []);

  // Sizes in px, not Tailwind's rem scale: the portal's root font size is 100px (SPEC 9).
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-[16px] flex flex-col items-center gap-[8px] px-[12px]"
      // Above dialogs and the print preview: a message about the action just taken must be seen.
      style={{ zIndex: PRINT_PREVIEW_Z_INDEX + 1 }}
    >
      {shown.map((item) => (
        <div
          key={item.id}
          role={!item.announce ? undefined : item.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto w-fit max-w-[min(480px,100%)] rounded-[6px] border px-[16px] py-[10px] text-[14px] leading-[20px] break-words shadow-md ${KIND_CLASS[item.kind]}`}
        >
          {item.message}
        </div>
      ))}
    </div>
  );
}

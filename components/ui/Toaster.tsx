'use client';

/**
 * The portal's messages (SPEC 8: warnings and errors for 3 s), stacked at the top centre. The API
 * client reaches it through apiEvents; components call toast().
 *
 * They are drawn in a container of their own directly under <body>: an open dialog (Headless UI) makes the page's
 * tree inert and aria-hidden, but leaves the other children of <body> alone, so a session warning shown while a
 * dialog is open still reaches a screen reader.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { apiEvents, type NotifyKind } from '@/lib/api/browser';
import { MESSAGE_DURATION_MS, PRINT_PREVIEW_Z_INDEX } from '@/lib/constants';
import { useHydrated } from '@/lib/ui/use-hydrated';

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

export const MESSAGES_HOST_ID = 'portal-messages';

/** The container of the messages, a child of <body> of its own (made once, on first use in the browser). */
function messagesHost(): HTMLElement {
  const found = document.getElementById(MESSAGES_HOST_ID);
  if (found) return found;
  const el = document.createElement('div');
  el.id = MESSAGES_HOST_ID;
  document.body.appendChild(el);
  return el;
}

export function Toaster() {
  const [shown, setShown] = useState<Shown[]>([]);
  const host = useHydrated() ? messagesHost() : null;

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

  if (!host) return null;
  // Sizes in px, not Tailwind's rem scale: the portal's root font size is 100px (SPEC 9).
  return createPortal(
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
    </div>,
    host,
  );
}

'use client';

import dynamic from 'next/dynamic';
import { loadWithTimeout } from '@/lib/ui/lazy-load';
import { usePathname } from 'next/navigation';
import { useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { isLoggedIn } from '@/lib/session/client';

const AssistantPanel = dynamic(() => loadWithTimeout(() => import('./AssistantPanel')).then((m) => m.AssistantPanel), {
  ssr: false,
});
const noop = () => () => {};

/**
 * The AI assistant icon (SPEC 1): only on the home page, only for a signed-in user, and only when
 * /api/conversation/isShowLLM says so (which also means the main host and a configured model).
 * The dx mode hides it with the rest of the shell tools.
 */
export function AssistantIcon() {
  const loggedIn = useSyncExternalStore(noop, isLoggedIn, () => false);
  const onHome = usePathname() === '/home';
  const show = useQuery({ ...apiQuery('/api/conversation/isShowLLM'), enabled: loggedIn && onHome });
  const [open, setOpen] = useState(false);
  if (!loggedIn || !onHome || show.data !== true) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="ai-assistant"
        className="fixed bottom-6 right-6 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M4 5h16v11H8l-4 4z" strokeLinejoin="round" />
          <path d="M9 10h.01M12 10h.01M15 10h.01" strokeLinecap="round" strokeWidth="2.5" />
        </svg>
        <span className="sr-only">智能助手</span>
      </button>
      {open && <AssistantPanel onClose={() => setOpen(false)} />}
    </>
  );
}

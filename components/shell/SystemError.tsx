'use client';

import { useEffect, useState } from 'react';
import { IDLE_TITLE_MSG, RELOGIN_MSG } from '@/lib/contract/messages';
import { apiEvents } from '@/lib/api/browser';
import { CODE_SESSION_IDLE } from '@/lib/contract/messages';
import { SYSTEM_ERROR_KEY, writeUserInfo } from '@/lib/session/client';
import { onUi, openLogin } from '@/lib/ui/events';

/**
 * SPEC 2.4: the system-error page (idle too long) with a re-login button. The API client's
 * 2000 answer (idle 4 hours) raises the systemError flag; the login splash clears it.
 */
export function SystemError() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const raise = () => {
      sessionStorage.setItem(SYSTEM_ERROR_KEY, '1');
      writeUserInfo(null);
      setShown(true);
    };
    const offApi = apiEvents.subscribe((e) => {
      if (e.type === 'session' && e.code === CODE_SESSION_IDLE) raise();
    });
    const offUi = onUi((e) => {
      if (e.type === 'systemError') raise();
    });
    return () => {
      offApi();
      offUi();
    };
  }, []);
  if (!shown) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="system-error-title"
      className="fixed inset-0 z-[60] flex items-center justify-center bg-white/95 p-6"
    >
      <div className="max-w-md text-center">
        <svg viewBox="0 0 120 120" className="mx-auto h-28 w-28 text-brand-700" aria-hidden="true">
          <circle cx="60" cy="60" r="50" fill="none" stroke="currentColor" strokeWidth="6" />
          <path d="M60 30v34l20 12" fill="none" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
        </svg>
        <h1 id="system-error-title" className="mt-6 text-2xl font-semibold text-gray-900">
          {IDLE_TITLE_MSG}
        </h1>
        <button
          type="button"
          className="mt-6 rounded-md bg-brand-700 px-8 py-2 text-white hover:bg-brand-800"
          onClick={() => {
            setShown(false);
            openLogin(1);
          }}
        >
          {RELOGIN_MSG}
        </button>
      </div>
    </div>
  );
}

'use client';

import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { api, apiEvents } from '@/lib/api/browser';
import { CODE_SESSION_IDLE } from '@/lib/api/messages';
import { writeUserInfo } from '@/lib/session/client';
import { onUi, openLogin } from '@/lib/ui/events';
import type { State as MessageBoxState } from './MessageBox';

// The dialogs (Headless UI, react-hook-form, zod) load on first use, not with every page.
const LoginDialog = dynamic(() => import('@/components/login/LoginDialog').then((m) => m.LoginDialog), { ssr: false });
const MessageBox = dynamic(() => import('./MessageBox').then((m) => m.MessageBox), { ssr: false });

export function LazyDialogs() {
  const [login, setLogin] = useState(false);
  const [box, setBox] = useState<MessageBoxState | null>(null);
  useEffect(() => {
    const offUi = onUi((e) => {
      if (e.type === 'login') setLogin(true);
      if (e.type === 'messageBox') setBox((b) => b ?? { mode: e.mode, message: e.message, onConfirm: e.onConfirm });
    });
    // SPEC 4.1: a session error clears the user and forces a re-login (2000 shows the system-error page first).
    const offApi = apiEvents.subscribe((e) => {
      if (e.type !== 'session') return;
      writeUserInfo(null);
      void api.request('/modules/eosoperator/logout').catch(() => undefined);
      if (e.code !== CODE_SESSION_IDLE) openLogin(1);
    });
    // proxy.ts sends a visitor of a login-only page to /home?login=1
    const fromGuard = new URLSearchParams(window.location.search).get('login') === '1' ? setTimeout(() => openLogin(1), 0) : undefined;
    return () => {
      clearTimeout(fromGuard);
      offUi();
      offApi();
    };
  }, []);
  return (
    <>
      {login && <LoginDialog initial />}
      {box && <MessageBox initial={box} />}
    </>
  );
}

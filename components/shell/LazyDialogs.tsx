'use client';

import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { api, apiEvents } from '@/lib/api/browser';
import { isLoggedIn, readUserInfo } from '@/lib/session/client';
import { isSafeRedirect } from '@/lib/validation/redirect-address';
import { onUi, openLogin, type LoginExtra } from '@/lib/ui/events';
import { followUpTimers, readFollowUp } from '@/components/login/after-login';
import { createExpiryHandler } from '@/components/account/session-expiry';
import { maybePromptStations } from '@/components/account/management';
import type { State as MessageBoxState } from './MessageBox';
import { returnFocusOnClose } from './focus-return';
import { call } from '@/lib/api/core';
import { loadWithTimeout } from '@/lib/ui/lazy-load';

// The dialogs (Headless UI, react-hook-form, zod) load on first use, not with every page.
// One import() for both the dialog and its prefetch: two expressions of the same module get different loader chunks,
// and the prefetch then missed one (a 3 KB request left for the press of 登录 on a slow network).
// Each waits at most SPEC 9's lazy chunk-load timeout (lib/ui/lazy-load).
const loadLoginDialog = () => loadWithTimeout(() => import('@/components/login/LoginDialog'));
const LoginDialog = dynamic(() => loadLoginDialog().then((m) => m.LoginDialog), { ssr: false });
/** The login dialog's code, fetched ahead for a visitor: 登录 then opens at once. */
const prefetchLoginDialog = () => void loadLoginDialog().catch(() => undefined);
const StationDialog = dynamic(
  () => loadWithTimeout(() => import('@/components/account/StationDialog')).then((m) => m.StationDialog),
  { ssr: false },
);
const MessageBox = dynamic(() => loadWithTimeout(() => import('./MessageBox')).then((m) => m.MessageBox), {
  ssr: false,
});

/**
 * Links into the login dialog: the reset link (?forgetPasswordToken), the passport's return (?code&state), and
 * ?login=1 (a login guard's redirect, or the header's 登录 pressed before the page was interactive).
 */
export function dialogFromAddress(): { loginType: number; extra?: LoginExtra } | { goTo: string } | null {
  const q = new URLSearchParams(window.location.search);
  const resetToken = q.get('forgetPasswordToken');
  if (resetToken) return { loginType: 7, extra: { resetToken } };
  const code = q.get('code');
  const state = q.get('state');
  if (code && state) {
    // The issuer of the answer (RFC 9207), checked by the server against the passport's.
    const iss = q.get('iss') ?? undefined;
    // The one-time code leaves the address bar (and the history) at once.
    q.delete('code');
    q.delete('state');
    q.delete('session_state');
    q.delete('iss');
    window.history.replaceState(null, '', `${window.location.pathname}${q.size ? `?${q}` : ''}`);
    return { loginType: 1, extra: { passport: { code, state, ...(iss ? { iss } : {}) } } };
  }
  if (q.get('login') === '1') {
    // Opened once: a reload of the page does not open it again (a guard's ?redirect= stays for after the login).
    q.delete('login');
    const target = q.get('redirect');
    if (isLoggedIn()) {
      // Signed in already (a bookmark, a shared link, another tab): on to the page the guard stopped, without the dialog.
      if (target && isSafeRedirect(target, [], window.location.host)) return { goTo: target };
      q.delete('redirect');
    }
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${q.size ? `?${q}` : ''}`);
    return isLoggedIn() ? null : { loginType: 1 };
  }
  return null;
}

const ACTIVITY = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

/**
 * Runs fn once, when the browser is idle after the visitor's first sign of activity on the loaded page (a pointer
 * moving towards 登录, a key, a scroll; a short timeout where requestIdleCallback is missing). Not at load itself:
 * the module's evaluation would be a long task while the page is still settling, and a visitor who only glances at
 * the page needs none of it.
 */
function whenIdleAfterActivity(fn: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopListening = () => ACTIVITY.forEach((type) => window.removeEventListener(type, schedule));
  function schedule() {
    stopListening();
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(fn);
    else timer = setTimeout(fn, 200);
  }
  const listen = () => ACTIVITY.forEach((type) => window.addEventListener(type, schedule, { passive: true }));
  if (document.readyState === 'complete') listen();
  else window.addEventListener('load', listen, { once: true });
  return () => {
    window.removeEventListener('load', listen);
    stopListening();
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

/** stayOnSessionError: a page that must keep its place (the QR confirmation page) re-logs in where it is. */
export function LazyDialogs({ stayOnSessionError = false }: { stayOnSessionError?: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [login, setLogin] = useState<{ loginType: number; extra?: LoginExtra } | null>(null);
  const [box, setBox] = useState<MessageBoxState | null>(null);
  const [station, setStation] = useState<number | null>(null);
  useEffect(() => {
    const stopWatching: (() => void)[] = [];
    const offUi = onUi((e) => {
      // The dialog may mount only after this click (loaded on first use): remember the opener for its close
      // (the post-station prompt opens by itself: its close gives the focus to the page's main landmark).
      if (e.type === 'login' || e.type === 'messageBox' || e.type === 'postStation')
        stopWatching.push(returnFocusOnClose());
      if (e.type === 'login') setLogin((l) => l ?? { loginType: e.loginType, extra: e.extra });
      if (e.type === 'messageBox') setBox((b) => b ?? { mode: e.mode, message: e.message, onConfirm: e.onConfirm });
      if (e.type === 'closeMessageBox') setBox((b) => (b?.mode === e.mode ? null : b));
      if (e.type === 'postStation') setStation(readUserInfo()?.operatorID ?? null);
    });
    // SPEC 4.1: a session error clears the user and token, goes to /home unless told not to, and forces
    // a re-login there (2000 shows the system-error page first).
    const expire = createExpiryHandler({
      logout: () => call(api, '/modules/eosoperator/logout', {}, { stayOnSessionError: true }),
      address: () => window.location.pathname + window.location.search,
      navigate: (href) => router.push(href),
      openLogin: () => openLogin(1),
      stayHere: stayOnSessionError,
    });
    const offApi = apiEvents.subscribe((e) => {
      if (e.type === 'session') void expire(e);
    });
    const timers: ReturnType<typeof setTimeout>[] = [];
    // proxy.ts sends a visitor of a login-only page to /home?login=1; mails link to ?forgetPasswordToken=
    const address = dialogFromAddress();
    const leaving = !!address && 'goTo' in address;
    if (leaving) window.location.replace(address.goTo);
    const fromAddress = address && 'loginType' in address ? address : null;
    if (fromAddress) timers.push(setTimeout(() => openLogin(fromAddress.loginType, fromAddress.extra), 0));
    // SPEC 4.2: the prompts after a password login, carried over the page's re-initialisation and
    // opened at their due time (the perfect-info prompt 3 s after the login itself).
    const followUp = fromAddress || leaving ? null : readFollowUp();
    if (followUp) timers.push(...followUpTimers(followUp, Date.now(), (type, extra) => openLogin(type, extra)));
    // SPEC 4.1/8: a signed-in page starts with the token check (forced and silent on 2002), and its callback, 500 ms
    // later either way, offers the post-station dialog (SPEC 2.4/4.2: once a day for a user without a station).
    else if (!fromAddress && !leaving && !stayOnSessionError && isLoggedIn())
      api.checkToken(() => void maybePromptStations());
    // A visitor's 登录 opens the dialog at once, also on a slow network: its code is fetched ahead.
    const stopPrefetch = fromAddress || readUserInfo() ? undefined : whenIdleAfterActivity(prefetchLoginDialog);
    return () => {
      stopPrefetch?.();
      timers.forEach(clearTimeout);
      stopWatching.forEach((stop) => stop());
      offUi();
      offApi();
    };
  }, [router, stayOnSessionError]);
  return (
    <>
      {login && (
        <LoginDialog
          initial={login}
          reinit={() => {
            router.refresh();
            void queryClient.invalidateQueries();
          }}
          onIdle={() => void maybePromptStations()}
        />
      )}
      {box && <MessageBox initial={box} />}
      {station !== null && <StationDialog operatorID={station} open onClose={() => setStation(null)} />}
    </>
  );
}

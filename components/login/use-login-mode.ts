/**
 * Which mode of the login dialog shows (SPEC 2.6 login types) and whether it is open: opened by the UI event
 * 'login' (or the initial mode), switched by the panels, closed by the user (SPEC 4.2).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api/browser';
import { LINK_DIALOG_REOPEN_MS } from '@/lib/constants';
import { writeUserInfo } from '@/lib/session/client';
import { onUi, openLogin, type LoginExtra, type LoginType } from '@/lib/ui/events';
import { isLoginType } from './login-types';
import { call } from '@/lib/api/core';

export function useLoginMode(initial?: { loginType: number; extra?: LoginExtra }, onIdle?: () => void) {
  const [open, setOpen] = useState(false);
  const openRef = useRef(false);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const [type, setTypeState] = useState<LoginType>(1);
  const prev = useRef<LoginType>(1);
  const [extra, setExtra] = useState<LoginExtra>({});
  const [notice, setNotice] = useState<string | null>(null);
  const typeRef = useRef<LoginType>(1);

  /** SPEC 4.2: switching remembers the previous type, except from 3. */
  const switchTo = useCallback((next: LoginType) => {
    if (typeRef.current !== 3) prev.current = typeRef.current;
    typeRef.current = next;
    setTypeState(next);
  }, []);
  const back = () => switchTo(prev.current === typeRef.current ? 1 : prev.current);

  const show = useCallback((loginType: number, ex: LoginExtra = {}) => {
    const t = isLoginType(loginType) ? loginType : 1;
    prev.current = 1;
    typeRef.current = t;
    setTypeState(t);
    setExtra(ex);
    setNotice(null);
    setOpen(true);
  }, []);

  useEffect(() => {
    const off = onUi((e) => {
      if (e.type === 'login') show(e.loginType, e.extra);
    });
    const first = initial ? setTimeout(() => show(initial.loginType, initial.extra), 0) : undefined;
    return () => {
      clearTimeout(first);
      off();
    };
  }, [show, initial]);

  /** Whether the dialog is open on this mode now (read when a timer or the splash ends, not at render). */
  const isShowing = useCallback((t: LoginType | null) => openRef.current && typeRef.current === t, []);

  const close = () => {
    const t = typeRef.current;
    setOpen(false);
    // SPEC 4.2: closing in 14 or 15 clears the session and goes to /home.
    if (t === 14 || t === 15) {
      writeUserInfo(null);
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load clears every trace of the session
      void call(api, '/modules/eosoperator/logout').finally(() => window.location.assign('/home'));
      return;
    }
    if (extra.next) {
      const next = extra.next;
      setTimeout(() => openLogin(next), LINK_DIALOG_REOPEN_MS);
    } else onIdle?.();
  };

  return { open, setOpen, type, extra, setExtra, notice, setNotice, switchTo, back, show, close, isShowing };
}

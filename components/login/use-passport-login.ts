/**
 * Signing in by the 科技云通行证 (SPEC 2.6 types 12-16): whether the site offers it, the way there and to its
 * registration, the answer when the browser comes back with code and state, and the choice among matched accounts.
 */
import { useEffect, useState } from 'react';
import { api } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import type { LoginExtra, LoginType } from '@/lib/ui/events';
import type { SignInAnswer } from '@/lib/contract/accounts';
import type { MatchItem } from './login-types';

interface Options {
  open: boolean;
  extra: LoginExtra;
  setExtra: (extra: LoginExtra) => void;
  setNotice: (notice: string | null) => void;
  switchTo: (type: LoginType) => void;
  succeed: (result: SignInAnswer, withPrompts?: boolean) => Promise<void>;
}

export function usePassportLogin({ open, extra, setExtra, setNotice, switchTo, succeed }: Options) {
  const [passportOn, setPassportOn] = useState(false);
  useEffect(() => {
    if (!open) return;
    call(api, '/api/site/requestUrlClientId').then(
      (c) => setPassportOn(!!(c.httpClientId || c.httpsClientId)),
      () => setPassportOn(false),
    );
  }, [open]);

  // Back from the passport with code and state (SPEC 2.6 types 12-16).
  const passport = extra.passport;
  useEffect(() => {
    if (!open || !passport) return;
    // A failure shows in the dialog (notice, role=alert), so the toast does not announce it again.
    call(api, '/modules/eosoperator/loginByES', passport, { shownInline: true }).then(
      (a) => {
        setExtra({});
        if (a.type === 'login') return void succeed(a, false);
        if (a.type === 12) return switchTo(12);
        setExtra({
          esLoginIO: a.esLoginIO,
          list: a.type === 14 ? a.list : undefined,
          userID: a.type === 15 ? a.userID : undefined,
        });
        switchTo(a.type);
      },
      (e) => {
        setExtra({});
        setNotice(failureText(e, '科技云通行证登录失败，请重试'));
        switchTo(1);
      },
    );
  }, [open, passport, succeed, switchTo, setExtra, setNotice]);

  const toPassport = async () => {
    try {
      const { url } = await call(api, '/modules/eosoperator/loginByESObtainRedirectUri');
      window.location.assign(url);
    } catch {
      /* the client has shown the message */
    }
  };
  const toPassportRegister = async () => {
    try {
      const { registerUrl } = await call(api, '/modules/eosoperator/loginByESObtainRedirectUri');
      if (registerUrl) window.open(registerUrl, '_blank', 'noopener');
    } catch {
      /* shown by the client */
    }
  };

  const chooseAccount = async (item: MatchItem) => {
    try {
      const r = await call(
        api,
        '/modules/eosoperator/loginByESChoose',
        {
          esLoginIO: extra.esLoginIO as string,
          userID: item.userID,
        } /* set by the answer that listed the accounts (14) */,
      );
      setExtra({ ...extra, userID: r.userID });
      switchTo(15);
    } catch {
      /* shown by the client */
    }
  };

  /** While the passport's answer is awaited, the dialog says so instead of a panel. */
  const busy = passport ? '正在通过科技云通行证登录…' : null;
  return { passportOn, busy, toPassport, toPassportRegister, chooseAccount };
}

/**
 * Signing in through the institution's CAS (统一身份认证) and WeChat's QR login (type 17), each offered only when
 * the server has it configured: isCas, and getWXCode's `enabled`. The way there (the CAS login page; WeChat's QR
 * page in a frame), and the answer when the browser comes back (?ticket&casState, ?wxLogin=1&code&state).
 */
import { useEffect, useState } from 'react';
import { api } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import type { WxCode } from '@/lib/contract/accounts';
import type { LoginExtra, LoginType } from '@/lib/ui/events';
import type { SignInAnswer } from '@/lib/contract/accounts';

interface Options {
  open: boolean;
  type: LoginType;
  extra: LoginExtra;
  setExtra: (extra: LoginExtra) => void;
  setNotice: (notice: string | null) => void;
  switchTo: (type: LoginType) => void;
  succeed: (result: SignInAnswer, withPrompts?: boolean) => Promise<void>;
}

export function useExternalLogin({ open, type, extra, setExtra, setNotice, switchTo, succeed }: Options) {
  const [casOn, setCasOn] = useState(false);
  useEffect(() => {
    if (!open) return;
    call(api, '/api/eosoperator/isCas').then(
      (on) => setCasOn(on),
      () => setCasOn(false),
    );
  }, [open]);

  // Type 17: WeChat's QR code when configured (a fresh state each time the mode opens); else the portal's own.
  const [wechat, setWechat] = useState<WxCode | null>(null);
  const wantQr = open && type === 17 && !extra.wxLoginIO && !extra.wx;
  useEffect(() => {
    if (!wantQr) return;
    let live = true;
    call(api, '/api/eosoperator/getWXCode').then(
      (c) => live && setWechat(c),
      () => live && setWechat({ enabled: false }),
    );
    return () => {
      live = false;
      setWechat(null);
    };
  }, [wantQr]);

  // Back from CAS with a ticket.
  const cas = extra.cas;
  useEffect(() => {
    if (!open || !cas) return;
    call(api, '/modules/eosoperator/loginByCas', cas, { shownInline: true }).then(
      (r) => {
        setExtra({});
        void succeed(r, false);
      },
      (e) => {
        setExtra({});
        setNotice(failureText(e, '统一身份认证登录失败，请重试'));
        switchTo(1);
      },
    );
  }, [open, cas, succeed, switchTo, setExtra, setNotice]);

  // Back from WeChat with code and state: signed in, or the first time, bound by signing in to the portal account.
  const wx = extra.wx;
  useEffect(() => {
    if (!open || !wx) return;
    call(api, '/api/eosoperator/getToken', wx, { shownInline: true }).then(
      (r) => {
        if (r.type === 'login') {
          setExtra({});
          return void succeed(r, false);
        }
        setExtra({ wxLoginIO: r.wxLoginIO, wxName: r.nickname });
        switchTo(17);
      },
      (e) => {
        setExtra({});
        setNotice(failureText(e, '微信登录失败，请重新扫码'));
        switchTo(1);
      },
    );
  }, [open, wx, succeed, switchTo, setExtra, setNotice]);

  const toCas = async () => {
    try {
      const { url } = await call(api, '/modules/eosoperator/loginByCasObtainRedirectUri');
      window.location.assign(url);
    } catch {
      /* the client has shown the message */
    }
  };

  const busy = cas ? '正在通过统一身份认证登录…' : wx ? '正在通过微信登录…' : null;
  return { casOn, wechat, busy, toCas };
}

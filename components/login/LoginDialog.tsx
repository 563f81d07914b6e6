'use client';
/**
 * The login dialog (SPEC 2.6, 4.2): one component keyed by the numeric login type, -1 to 17.
 * Switching remembers the previous type, except from 3, so 'back to login' returns to it. Widths
 * 8.1, 6.1 or 10.1 rem by mode. Headless UI traps focus and closes on Escape. After any successful
 * sign-in the splash of SPEC 2.8 shows, then the page re-initialises (or goes where it must).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { api, apiEvents } from '@/lib/api/browser';
import { failureText } from '@/lib/api/core';
import { RESET_LINK_EXPIRED_MSG, RESET_LINK_INVALID_MSG } from '@/lib/contract/messages';
import { LINK_DIALOG_REOPEN_MS, LOGIN_DIALOG_WIDTH_REM } from '@/lib/constants';
import { writeUserInfo } from '@/lib/session/client';
import { onUi, openLogin, type LoginExtra, type LoginType } from '@/lib/ui/events';
import { V } from '@/lib/validation/messages';
import { useSite } from '@/components/site/SiteContext';
import { Tabs, type TabItem } from '@/components/ui/Tabs';
import { afterLoginAddress, completeLogin, followUpDelay, peekFollowUp, readFollowUp, writeFollowUp, type FollowUp, type LoginResult } from './after-login';
import { MANUAL_RETRIEVAL_CONTACTS } from './contacts';
import { linkButton, primaryButton } from './fields';
import { ForgotForm, PerfectInfoForm, RegisterForm, ResetForm, UsernameForm } from './forms';
import { LoginSplash } from './LoginSplash';
import { QrLogin } from './QrLogin';

const LOGIN_TYPES: readonly LoginType[] = [-1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
export const isLoginType = (t: number): t is LoginType => (LOGIN_TYPES as readonly number[]).includes(t);

const LOGIN_TABS: readonly TabItem<1 | 2>[] = [
  { key: 1, label: '账号登录' },
  { key: 2, label: '扫码登录' },
];

const NARROW: readonly LoginType[] = [5, 6, 8, 12, 13];
const WIDE: readonly LoginType[] = [-1, 17];
export function dialogWidthRem(type: LoginType): number {
  if (WIDE.includes(type)) return LOGIN_DIALOG_WIDTH_REM.wide;
  if (NARROW.includes(type)) return LOGIN_DIALOG_WIDTH_REM.narrow;
  return LOGIN_DIALOG_WIDTH_REM.normal;
}

function titleOf(type: LoginType, site: string): string {
  switch (type) {
    case -1:
      return '用户注册';
    case 2:
      return '扫码登录';
    case 3:
      return '找回密码';
    case 4:
      return '人工找回';
    case 5:
      return '邮件已发送';
    case 6:
      return '链接已失效';
    case 7:
      return '设置新密码';
    case 8:
      return '密码修改成功';
    case 9:
    case 10:
    case 11:
      return '完善个人信息';
    case 12:
      return '已关联科技云通行证';
    case 13:
      return '关联科技云通行证';
    case 14:
      return '选择登录账号';
    case 15:
      return '账号登录';
    case 16:
      return '关联平台账号';
    case 17:
      return '考试登录';
    default:
      return `登录${site}`;
  }
}

type MatchItem = NonNullable<LoginExtra['list']>[number];
interface Splash {
  name: string;
  headPic: string;
  target: string | null;
}

/**
 * reinit: re-initialises the page in place (the shell refreshes the server components and every query);
 * used when a prompt is already open as the splash ends, so the prompt stays. Without it, the page reloads.
 */
export function LoginDialog({ initial, reinit }: { initial?: { loginType: number; extra?: LoginExtra }; reinit?: () => void }) {
  const { title, site } = useSite();
  const [open, setOpen] = useState(false);
  const openRef = useRef(false);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const [type, setTypeState] = useState<LoginType>(1);
  const prev = useRef<LoginType>(1);
  const [extra, setExtra] = useState<LoginExtra>({});
  const [sentTo, setSentTo] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [passportOn, setPassportOn] = useState(false);
  const [splash, setSplash] = useState<Splash | null>(null);
  const typeRef = useRef<LoginType>(1);
  /** SPEC 4.2: the prompts after a password login, over the splash if that still shows. */
  const promptTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const promptShown = useRef<FollowUp | null>(null);
  useEffect(() => () => clearTimeout(promptTimer.current), []);

  /** SPEC 4.2: switching remembers the previous type, except from 3. */
  const switchTo = useCallback((next: LoginType) => {
    if (typeRef.current !== 3) prev.current = typeRef.current;
    typeRef.current = next;
    setTypeState(next);
  }, []);
  const back = () => switchTo(prev.current === typeRef.current ? 1 : prev.current);

  const show = useCallback(
    (loginType: number, ex: LoginExtra = {}) => {
      const t = isLoginType(loginType) ? loginType : 1;
      prev.current = 1;
      typeRef.current = t;
      setTypeState(t);
      setExtra(ex);
      setNotice(null);
      setOpen(true);
    },
    [],
  );

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

  useEffect(() => {
    if (!open) return;
    api.request<{ httpClientId: string; httpsClientId: string }>('/api/site/requestUrlClientId').then(
      (c) => setPassportOn(!!(c.httpClientId || c.httpsClientId)),
      () => setPassportOn(false),
    );
  }, [open]);

  /** Any successful sign-in: user info, the follow-up prompts, the splash, then where to go. */
  const succeed = useCallback(
    async (result: LoginResult, withPrompts = true) => {
      setOpen(false);
      const info = await completeLogin(result, { mainSite: site.variant === 'main', withPrompts });
      // SPEC 4.2: the perfect-info prompt at login + 3 s (followed by the passport prompt), else the passport
      // prompt (followUpDelay); opened here so the page's re-initialisation keeps it.
      const followUp = peekFollowUp();
      const first = followUp?.perfect ?? followUp?.link;
      if (followUp && first) {
        clearTimeout(promptTimer.current);
        promptTimer.current = setTimeout(
          () => {
            readFollowUp(); // taken: the shell does not open it again
            promptShown.current = followUp;
            show(first, followUp.perfect ? { next: followUp.link } : {});
          },
          followUpDelay(followUp, Date.now()),
        );
      }
      setSplash({ name: info?.operatorName ?? result.operatorResult?.operatorName ?? '', headPic: info?.headPic ?? '', target: afterLoginAddress(result) });
    },
    [site.variant, show],
  );

  const splashDone = useCallback(
    (systemError: boolean) => {
      const target = splash?.target;
      clearTimeout(promptTimer.current);
      const shown = promptShown.current;
      promptShown.current = null;
      // Once a prompt has opened, the page re-initialises around it, so it stays.
      if (shown && reinit && !systemError && !target) {
        setSplash(null);
        reinit();
        return;
      }
      // Leaving the page: a prompt still open goes with the browser and opens again on the next page.
      if (shown && openRef.current && typeRef.current === (shown.perfect ?? shown.link)) writeFollowUp({ ...shown, due: 0 });
      // Full page loads on purpose: the page re-initialises with the new session (SPEC 2.8).
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      if (systemError) window.location.assign('/home');
      else if (target) window.location.assign(target);
      else window.location.reload();
    },
    [splash, reinit],
  );

  // Back from the passport with code and state (SPEC 2.6 types 12-16).
  const passport = extra.passport;
  useEffect(() => {
    if (!open || !passport) return;
    type Answer = ({ type: 'login' } & LoginResult) | { type: 12 } | { type: 14; esLoginIO: string; list: MatchItem[] } | { type: 15; esLoginIO: string; userID: string } | { type: 16; esLoginIO: string };
    // A failure shows in the dialog (notice, role=alert), so the toast does not announce it again.
    api.request<Answer>('/modules/eosoperator/loginByES', passport, { shownInline: true }).then(
      (a) => {
        setExtra({});
        if (a.type === 'login') return void succeed(a, false);
        if (a.type === 12) return switchTo(12);
        setExtra({ esLoginIO: a.esLoginIO, list: a.type === 14 ? a.list : undefined, userID: a.type === 15 ? a.userID : undefined });
        switchTo(a.type);
      },
      (e) => {
        setExtra({});
        setNotice(failureText(e, '科技云通行证登录失败，请重试'));
        switchTo(1);
      },
    );
  }, [open, passport, succeed, switchTo]);

  const toPassport = async () => {
    try {
      const { url } = await api.request<{ url: string }>('/modules/eosoperator/loginByESObtainRedirectUri');
      window.location.assign(url);
    } catch {
      /* the client has shown the message */
    }
  };
  const toPassportRegister = async () => {
    try {
      const { registerUrl } = await api.request<{ registerUrl: string }>('/modules/eosoperator/loginByESObtainRedirectUri');
      if (registerUrl) window.open(registerUrl, '_blank', 'noopener');
    } catch {
      /* shown by the client */
    }
  };

  const close = () => {
    const t = typeRef.current;
    setOpen(false);
    // SPEC 4.2: closing in 14 or 15 clears the session and goes to /home.
    if (t === 14 || t === 15) {
      writeUserInfo(null);
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load clears every trace of the session
      void api.request('/modules/eosoperator/logout').finally(() => window.location.assign('/home'));
      return;
    }
    if (extra.next) {
      const next = extra.next;
      setTimeout(() => openLogin(next), LINK_DIALOG_REOPEN_MS);
    }
  };

  const chooseAccount = async (item: MatchItem) => {
    try {
      const r = await api.request<{ userID: string }>('/modules/eosoperator/loginByESChoose', { esLoginIO: extra.esLoginIO, userID: item.userID });
      setExtra({ ...extra, userID: r.userID });
      switchTo(15);
    } catch {
      /* shown by the client */
    }
  };

  const perfectSaved = () => {
    apiEvents.emit({ type: 'notify', kind: 'info', message: '保存成功', durationMs: 3000 });
    const next = extra.next;
    setExtra({});
    if (next) switchTo(next);
    else setOpen(false);
  };

  const resetDone = () => {
    // SPEC 4.2: reset success goes to /home, then type 8, then type 1 after 2 s.
    window.history.replaceState(null, '', '/home');
    setExtra({});
    switchTo(8);
    setTimeout(() => switchTo(1), LINK_DIALOG_REOPEN_MS);
  };

  const onInvalidLink = useCallback(() => switchTo(6), [switchTo]);

  /**
   * A mode switch replaces the dialog's content, and with it the button that asked for it: unless the focus stayed
   * in the dialog (the tabs keep it on the tab), the new mode's heading takes it, so its title is read. The heading
   * is keyed by the mode, so a focus left on the previous one moves to the new one too.
   */
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownType = useRef<LoginType | null>(null);
  useEffect(() => {
    const was = shownType.current;
    shownType.current = open ? type : null;
    const title = titleRef.current;
    if (!open || was === null || was === type || !title) return;
    if (!title.closest('[data-login-type]')?.contains(document.activeElement)) title.focus();
  }, [open, type]);

  const busy = passport ? '正在通过科技云通行证登录…' : null;
  let body: React.ReactNode;
  if (busy) body = <p className="py-8 text-center text-gray-700">{busy}</p>;
  else
    switch (type) {
      case -1:
        body = (
          <>
            <RegisterForm
              resourceId={extra.resourceId}
              onDone={() => {
                setNotice(V.registerMailSent);
                switchTo(5);
              }}
            />
            <p className="mt-3 text-center text-sm">
              已有账号？
              <button type="button" className={linkButton} onClick={() => switchTo(1)}>
                立即登录
              </button>
            </p>
          </>
        );
        break;
      case 2:
        body = <QrLogin onSuccess={(r) => void succeed(r)} />;
        break;
      case 3:
        body = (
          <>
            <ForgotForm
              onSent={(email) => {
                setSentTo(email);
                setNotice(null);
                switchTo(5);
              }}
            />
            <p className="mt-3 flex justify-between text-sm">
              <button type="button" className={linkButton} onClick={() => switchTo(4)}>
                人工找回
              </button>
              <button type="button" className={linkButton} onClick={back}>
                返回登录
              </button>
            </p>
          </>
        );
        break;
      case 4:
        body = (
          <>
            <p className="text-sm text-gray-700">账号未绑定邮箱或无法收到邮件时，请通过以下方式联系管理员人工找回密码：</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
              {MANUAL_RETRIEVAL_CONTACTS.map((c) => (
                <div key={c.label} className="contents">
                  <dt className="text-gray-600">{c.label}</dt>
                  <dd>{'href' in c ? <a className={linkButton} href={c.href}>{c.value}</a> : c.value}</dd>
                </div>
              ))}
            </dl>
            <button type="button" className={`${primaryButton} mt-5`} onClick={back}>
              返回登录
            </button>
          </>
        );
        break;
      case 5:
        body = (
          <>
            <p role="alert" className="text-gray-800">
              {notice ?? `重置密码的邮件已发送至 ${sentTo}，请在30分钟内打开邮件中的链接设置新密码。`}
            </p>
            <button type="button" className={`${primaryButton} mt-5`} onClick={() => (notice ? setOpen(false) : back())}>
              {notice ? V.confirmOk : '返回登录'}
            </button>
          </>
        );
        break;
      case 6:
        body = (
          <>
            <p role="alert" className="text-center text-gray-800">
              {RESET_LINK_INVALID_MSG}
              <br />
              {RESET_LINK_EXPIRED_MSG}
            </p>
            <button
              type="button"
              className={`${primaryButton} mt-5`}
              onClick={() => {
                window.history.replaceState(null, '', '/home');
                switchTo(3);
              }}
            >
              重新找回
            </button>
          </>
        );
        break;
      case 7:
        body = extra.resetToken ? <ResetForm token={extra.resetToken} onInvalid={onInvalidLink} onDone={resetDone} /> : <p>{RESET_LINK_INVALID_MSG}</p>;
        break;
      case 8:
        body = <p role="alert" className="py-4 text-center text-gray-800">密码修改成功，请使用新密码登录。</p>;
        break;
      case 9:
      case 10:
      case 11:
        body = <PerfectInfoForm key={type} type={type} onSaved={perfectSaved} />;
        break;
      case 12:
        body = (
          <>
            <p className="text-gray-800">您的账号已关联科技云通行证，之后可直接使用科技云通行证登录。</p>
            <button type="button" className={`${primaryButton} mt-5`} onClick={close}>
              {V.confirmOk}
            </button>
          </>
        );
        break;
      case 13:
        body = (
          <>
            <p className="text-gray-800">您的账号尚未关联科技云通行证。关联后可使用科技云通行证一键登录；还没有通行证账号的，可先注册。</p>
            <div className="mt-5 grid gap-2">
              <button type="button" className={primaryButton} onClick={() => void toPassport()}>
                关联科技云通行证
              </button>
              <button type="button" className="w-full rounded-md border border-brand-700 py-2.5 text-brand-800 hover:bg-brand-50" onClick={() => void toPassportRegister()}>
                注册科技云通行证
              </button>
              <button type="button" className={linkButton} onClick={close}>
                以后再说
              </button>
            </div>
          </>
        );
        break;
      case 14:
        body = (
          <>
            <p className="mb-3 text-sm text-gray-700">您的科技云通行证对应多个平台账号，请选择要登录的账号：</p>
            <ul className="space-y-2">
              {(extra.list ?? []).map((item) => (
                <li key={item.userID}>
                  <button type="button" onClick={() => void chooseAccount(item)} className="flex w-full items-center gap-3 rounded-md border border-gray-300 px-3 py-2 text-left hover:border-brand-600">
                    <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                      {item.operatorName.slice(0, 1)}
                    </span>
                    <span>
                      <span className="block font-medium">{item.operatorName}</span>
                      <span className="block text-sm text-gray-600">{item.userID}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        );
        break;
      case 15:
        body = (
          <>
            <p className="mb-3 text-sm text-gray-700">请输入所选账号的密码完成登录，登录后该账号将与科技云通行证关联。</p>
            <UsernameForm key={`15-${extra.userID}`} userID={extra.userID} lockedUser esLoginIO={extra.esLoginIO} onSuccess={(r) => void succeed(r, false)} />
          </>
        );
        break;
      case 16:
        body = (
          <>
            <p className="mb-3 text-sm text-gray-700">未找到与您的科技云通行证匹配的平台账号，请登录平台账号完成关联。</p>
            <UsernameForm key="16" esLoginIO={extra.esLoginIO} onSuccess={(r) => void succeed(r, false)} />
          </>
        );
        break;
      case 17:
        body = (
          <div className="grid gap-6 sm:grid-cols-2">
            <section aria-label="扫码登录">
              <h3 className="mb-2 text-center font-medium">手机扫码登录</h3>
              <QrLogin onSuccess={(r) => void succeed(r)} />
            </section>
            <section aria-label="账号登录">
              <h3 className="mb-2 text-center font-medium">账号登录</h3>
              <UsernameForm key="17" onSuccess={(r) => void succeed(r)} />
              {passportOn && (
                <button type="button" className={`${linkButton} mt-3 block w-full text-center`} onClick={() => void toPassport()}>
                  使用科技云通行证登录
                </button>
              )}
            </section>
          </div>
        );
        break;
      default:
        body = (
          <>
            {notice && (
              <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {notice}
              </p>
            )}
            <UsernameForm key="1" onSuccess={(r) => void succeed(r)} />
            <p className="mt-3 flex flex-wrap justify-between gap-2 text-sm">
              <button type="button" className={linkButton} onClick={() => switchTo(-1)}>
                注册账号
              </button>
              <button type="button" className={linkButton} onClick={() => switchTo(3)}>
                忘记密码
              </button>
              {passportOn && (
                <button type="button" className={linkButton} onClick={() => void toPassport()}>
                  科技云通行证登录
                </button>
              )}
            </p>
          </>
        );
    }

  return (
    <>
      <Dialog open={open} onClose={close} className={`relative ${splash ? 'z-[80]' : 'z-50'}`}>
        <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
          <DialogPanel data-login-type={type} className="relative w-full rounded-lg bg-white p-6 shadow-xl sm:p-8" style={{ maxWidth: `min(${dialogWidthRem(type)}rem, 95vw)` }}>
            <DialogTitle key={type} ref={titleRef} tabIndex={-1} className="text-center text-2xl font-semibold text-brand-800">{type === 5 && notice ? V.confirmTitle : titleOf(type, title)}</DialogTitle>
            <button type="button" onClick={close} aria-label="关闭" className="absolute right-3 top-3 rounded p-1 text-2xl leading-none text-gray-500 hover:text-gray-800">
              ×
            </button>
            <div className="mx-auto mt-5">
              {type === 1 || type === 2 ? (
                <Tabs
                  label="登录方式"
                  tabs={LOGIN_TABS}
                  selected={type}
                  onSelect={switchTo}
                  listClassName="mb-4 flex border-b border-gray-200"
                  tabClassName={(on) => `flex-1 py-2 text-center ${on ? 'border-b-2 border-brand-700 font-semibold text-brand-800' : 'text-gray-600'}`}
                >
                  {body}
                </Tabs>
              ) : (
                body
              )}
            </div>
          </DialogPanel>
        </div>
      </Dialog>
      {splash && <LoginSplash name={splash.name} headPic={splash.headPic} onDone={splashDone} />}
    </>
  );
}

/** @jest-environment jsdom */
/**
 * Issue 3 points 2, 7 and 8 (SPEC 4.1, 4.2): token expiry clears the session and goes to /home unless told
 * not to; the perfect-info prompt 3 s after the login itself, however long the splash took; the
 * post-station dialog opening by itself once a day.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LoginDialog } from '@/components/login/LoginDialog';
import { SiteProvider } from '@/components/site/SiteContext';
import { createApiClient } from '@/lib/api/core';
import { apiEvents } from '@/lib/api/browser';
import { createExpiryHandler } from '@/components/account/session-expiry';
import { followUpTimers } from '@/components/login/after-login';
import {
  maybePromptStations,
  stationDismissKey,
  STATION_PROMPT_KEY,
  todayString,
} from '@/components/account/management';
import { LazyDialogs } from '@/components/shell/LazyDialogs';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { useLoggedIn } from '@/lib/session/client';
import { onUi, type UiEvent } from '@/lib/ui/events';
import { LINK_DIALOG_REOPEN_MS, LOGIN_SPLASH_MS, PERFECT_INFO_DELAY_MS } from '@/lib/constants';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));
// The dialogs themselves are tested elsewhere; here only what opens them.
jest.mock('next/dynamic', () => () => () => null);

let reply: (path: string) => { code: number; msg: string; data: unknown } = () => ({
  code: 0,
  msg: 'success',
  data: null,
});
const paths: string[] = [];
let ui: UiEvent[] = [];
let offUi: () => void = () => undefined;
beforeEach(() => {
  paths.length = 0;
  ui = [];
  push.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  offUi = onUi((e) => ui.push(e));
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    paths.push(String(url));
    const body = reply(String(url));
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => body,
    } as Response;
  }) as typeof fetch;
});
afterEach(() => {
  offUi();
  jest.useRealTimers();
  document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
});
/** The shell as the layout mounts it: inside the site and the query client. */
const shell = (node: React.ReactNode) =>
  render(
    <SiteProvider site={{ variant: 'main', dx: false }}>
      <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
    </SiteProvider>,
  );
const flush = async () => {
  for (let i = 0; i < 5; i++) await act(async () => undefined);
};

describe('token expiry (SPEC 4.1)', () => {
  const deps = (address: string, stayHere = false) => {
    const d = {
      logout: jest.fn(async () => undefined),
      address: () => address,
      navigate: jest.fn(),
      openLogin: jest.fn(),
      stayHere,
    };
    return d;
  };

  it.each([2001, 2002] as const)(
    '%i clears the user and token, goes to /home and opens the login dialog there',
    async (code) => {
      localStorage.setItem('userInfo', JSON.stringify({ operatorID: 1 }));
      const d = deps('/train/detail?id=3');
      await createExpiryHandler(d)({ code, forced: false });
      expect(localStorage.getItem('userInfo')).toBeNull();
      expect(d.logout).toHaveBeenCalledTimes(1);
      // The page the learner was on goes along, so signing in again returns there (as after the login guard).
      expect(d.navigate).toHaveBeenCalledWith('/home?redirect=%2Ftrain%2Fdetail%3Fid%3D3');
      expect(d.openLogin).toHaveBeenCalledTimes(1);
    },
  );

  it('2000 goes to /home but leaves the re-login to the system-error page', async () => {
    const d = deps('/course/list');
    await createExpiryHandler(d)({ code: 2000, forced: false });
    expect(d.navigate).toHaveBeenCalledWith('/home?redirect=%2Fcourse%2Flist');
    expect(d.openLogin).not.toHaveBeenCalled();
  });

  it('stays on the page when told not to (request option or page), and does not navigate on /home itself', async () => {
    const told = deps('/course/list');
    await createExpiryHandler(told)({ code: 2001, forced: false, stay: true });
    expect(told.navigate).not.toHaveBeenCalled();
    expect(told.openLogin).toHaveBeenCalled();
    const page = deps('/qrCodePage/qrCode', true);
    await createExpiryHandler(page)({ code: 2002, forced: true });
    expect(page.navigate).not.toHaveBeenCalled();
    for (const address of ['/home', '/home?login=1']) {
      const home = deps(address);
      await createExpiryHandler(home)({ code: 2002, forced: true });
      expect(home.navigate).not.toHaveBeenCalled();
      expect(home.openLogin).toHaveBeenCalled();
    }
  });

  it('acts once for a burst of parallel session errors', async () => {
    let release: () => void = () => undefined;
    const d = { ...deps('/x'), logout: jest.fn(() => new Promise<void>((r) => (release = r))) };
    const handle = createExpiryHandler(d);
    const first = handle({ code: 2001, forced: false });
    await handle({ code: 2001, forced: false });
    release();
    await first;
    expect(d.logout).toHaveBeenCalledTimes(1);
    expect(d.navigate).toHaveBeenCalledTimes(1);
  });

  it('the API client carries "unless told not to" (stayOnSessionError) with the session error', async () => {
    const onSessionError = jest.fn();
    const client = createApiClient({
      transport: async () => ({ code: 2001, msg: 'x', data: null }),
      hooks: { notify: jest.fn(), onSessionError },
      headers: () => ({}),
    });
    await client.request('/api/a', {}, { stayOnSessionError: true }).catch(() => undefined);
    expect(onSessionError).toHaveBeenLastCalledWith(2001, { forced: false, stay: true });
    await client.request('/api/a').catch(() => undefined);
    expect(onSessionError).toHaveBeenLastCalledWith(2001, { forced: false });
  });

  it('signed-in parts of the page turn to the visitor view when the session ends, without a reload', async () => {
    document.cookie = `${IDENTITY_COOKIE}=signed; path=/`;
    function Who() {
      return <p>{useLoggedIn() ? '已登录' : '游客'}</p>;
    }
    render(<Who />);
    expect(screen.getByText('已登录')).toBeTruthy();
    const d = deps('/home');
    // The server's logout clears the identity cookie.
    d.logout = jest.fn(async () => {
      document.cookie = `${IDENTITY_COOKIE}=; max-age=0; path=/`;
      return undefined;
    });
    await act(async () => {
      await createExpiryHandler(d)({ code: 2001, forced: false });
    });
    expect(screen.getByText('游客')).toBeTruthy();
  });

  it('the shell: a 2001 elsewhere than /home logs out, navigates to /home and opens the login dialog', async () => {
    window.history.replaceState(null, '', '/learning/center');
    shell(<LazyDialogs />);
    await flush();
    act(() => apiEvents.emit({ type: 'session', code: 2001, forced: false }));
    await flush();
    expect(paths.some((p) => p.endsWith('/modules/eosoperator/logout'))).toBe(true);
    expect(push).toHaveBeenCalledWith('/home?redirect=%2Flearning%2Fcenter');
    expect(ui).toContainEqual({ type: 'login', loginType: 1, extra: undefined });
    window.history.replaceState(null, '', '/');
  });
});

describe('prompts after a password login (SPEC 4.2)', () => {
  it('the perfect-info prompt opens 3 s after the login, not 3 s after the re-initialisation', () => {
    jest.useFakeTimers();
    const open = jest.fn();
    const loginAt = 1_000_000;
    // the splash and reload took 4.5 s: the prompt is already due
    followUpTimers({ perfect: 11, link: 13, due: loginAt + PERFECT_INFO_DELAY_MS }, loginAt + 4_500, open);
    jest.advanceTimersByTime(0);
    expect(open).toHaveBeenCalledWith(11, { next: 13 });
    // the page came back after 1 s: 2 s to go
    open.mockReset();
    followUpTimers({ perfect: 9, link: null, due: loginAt + PERFECT_INFO_DELAY_MS }, loginAt + 1_000, open);
    jest.advanceTimersByTime(1_999);
    expect(open).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledWith(9, { next: null });
  });

  it('without the perfect-info prompt the passport-link prompt (13) opens at once (its reopening after a closed perfect-info prompt waits LINK_DIALOG_REOPEN_MS)', () => {
    jest.useFakeTimers();
    const open = jest.fn();
    followUpTimers({ perfect: null, link: 13 }, 0, open);
    jest.advanceTimersByTime(0);
    expect(open).toHaveBeenCalledWith(13, undefined);
    expect(LINK_DIALOG_REOPEN_MS).toBe(2_000);
    // a linked account's 12 (you may sign in by passport) waits 2 s
    open.mockReset();
    followUpTimers({ perfect: null, link: 12 }, 0, open);
    jest.advanceTimersByTime(1_999);
    expect(open).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledWith(12, undefined);
  });

  it('the shell opens the due prompt from sessionStorage at the due time', async () => {
    jest.useFakeTimers();
    sessionStorage.setItem('loginFollowUp', JSON.stringify({ perfect: 10, link: null, due: Date.now() + 1_500 }));
    shell(<LazyDialogs />);
    act(() => jest.advanceTimersByTime(1_000));
    expect(ui.filter((e) => e.type === 'login')).toEqual([]);
    act(() => jest.advanceTimersByTime(600));
    expect(ui).toContainEqual({ type: 'login', loginType: 10, extra: { next: null } });
  });
});

describe('prompts opened by the login dialog itself, over the splash', () => {
  const signInThroughDialog = async (overrides: Record<string, unknown>) => {
    const loginResult = {
      token: 't',
      hasES: 0,
      authUserId: '',
      esEnabled: 0,
      redirectsUrl: '',
      cmsUrl: '',
      stuUrl: '',
      isHandleOldCmsUrl: '0',
      isDefaultPassword: 1,
      isEmptyEmail: 0,
      stationPrompt: 1,
      operatorResult: { operatorName: '刘新', orgName: '', userID: 'newbie' },
      ...overrides,
    };
    reply = (p) => {
      if (p.endsWith('/modules/imgCode/detail'))
        return { code: 0, msg: 'success', data: { uuid: 'u', codeBase64: 'data:image/svg+xml;base64,PHN2Zy8+' } };
      if (p.endsWith('/modules/eosoperator/login')) return { code: 0, msg: 'success', data: loginResult };
      if (p.endsWith('/myInfo'))
        return { code: 0, msg: 'success', data: { operatorID: 5, operatorName: '刘新', headPic: '' } };
      if (p.endsWith('/myCmsRoleList')) return { code: 0, msg: 'success', data: [] };
      return { code: 0, msg: 'success', data: { httpClientId: '', httpsClientId: '' } };
    };
    const reinit = jest.fn();
    shell(<LoginDialog initial={{ loginType: 1 }} reinit={reinit} />);
    fireEvent.change(await screen.findByLabelText('登录账号'), { target: { value: 'newbie' } });
    fireEvent.change(screen.getByLabelText('登录密码'), { target: { value: 'Newbie_2026' } });
    fireEvent.change(screen.getByLabelText('验证码', { exact: true }), { target: { value: 'abcd' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('用户认证成功，正在初始化用户信息...');
    return reinit;
  };

  // Issue 26: the prompt opened at 3 s on top of the 4 s splash; the splash now ends first, then the prompt opens.
  it('opens once the splash has ended, never over it, and stays while the page re-initialises in place', async () => {
    const reinit = await signInThroughDialog({});
    const shownAt = Date.now();
    await waitFor(() => expect(screen.getByRole('heading', { name: '完善个人信息' })).toBeTruthy(), { timeout: 6_000 });
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThan(Math.max(PERFECT_INFO_DELAY_MS, LOGIN_SPLASH_MS) - 600);
    expect(screen.queryByText('用户认证成功，正在初始化用户信息...')).toBeNull(); // the splash has gone
    expect(reinit).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: '完善个人信息' })).toBeTruthy();
    expect(sessionStorage.getItem('loginFollowUp')).toBeNull(); // taken: the shell does not open it twice
  }, 15_000);

  it('without it, the passport-link prompt (13) opens as the splash ends', async () => {
    const reinit = await signInThroughDialog({ esEnabled: 1, isDefaultPassword: 0 });
    expect(screen.queryByRole('heading', { name: '关联科技云通行证' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { name: '关联科技云通行证' })).toBeTruthy(), {
      timeout: 6_000,
    });
    expect(screen.queryByText('用户认证成功，正在初始化用户信息...')).toBeNull();
    expect(reinit).toHaveBeenCalled();
  }, 15_000);
});

describe('post-station dialog opening by itself (SPEC 2.4, 4.2)', () => {
  const signIn = (operatorID: number) => {
    document.cookie = `${IDENTITY_COOKIE}=signed`;
    localStorage.setItem('userInfo', JSON.stringify({ operatorID }));
    localStorage.setItem(STATION_PROMPT_KEY, '1');
  };

  it('opens for a signed-in user without a station who has not closed it today', async () => {
    signIn(21);
    reply = () => ({ code: 0, msg: 'success', data: [] });
    expect(await maybePromptStations()).toBe(true);
    expect(ui).toContainEqual({ type: 'postStation' });
  });

  it('not after closing today, not with a station bound, not for a visitor, not when the server turned it off', async () => {
    signIn(22);
    reply = () => ({ code: 0, msg: 'success', data: [] });
    localStorage.setItem(stationDismissKey(22), todayString());
    expect(await maybePromptStations()).toBe(false);
    localStorage.removeItem(stationDismissKey(22));
    reply = () => ({ code: 0, msg: 'success', data: [{ stationId: 1 }] });
    expect(await maybePromptStations()).toBe(false);
    reply = () => ({ code: 0, msg: 'success', data: [] });
    localStorage.setItem(STATION_PROMPT_KEY, '0');
    expect(await maybePromptStations()).toBe(false);
    localStorage.setItem(STATION_PROMPT_KEY, '1');
    document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
    expect(await maybePromptStations()).toBe(false);
    expect(ui).toEqual([]);
  });

  it('the shell prompts on a page load after the splash, from the token check’s callback (SPEC 8: 500 ms)', async () => {
    signIn(23);
    reply = () => ({ code: 0, msg: 'success', data: [] });
    shell(<LazyDialogs />);
    await flush();
    expect(ui).not.toContainEqual({ type: 'postStation' });
    await waitFor(() => expect(ui).toContainEqual({ type: 'postStation' }), { timeout: 2_000 });
  });
});

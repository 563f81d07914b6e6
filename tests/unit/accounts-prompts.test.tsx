/** @jest-environment jsdom */
/**
 * The pieces around sign-in (issue 3 points 5, 7, 8): the QR code's 50 one-second polls then 'expired,
 * refresh'; the login splash (title by variant, fallback picture, greeting, 4 s, system-error flag);
 * personal study with an expired session; 'my management' with and without the old-management flag.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QrLogin } from '@/components/login/QrLogin';
import { DEFAULT_HEAD, LoginSplash } from '@/components/login/LoginSplash';
import { SiteProvider } from '@/components/site/SiteContext';
import { openPersonalStudy } from '@/components/account/personal-link';
import { openManagement } from '@/components/account/management';
import { apiEvents } from '@/lib/api/browser';
import { SYSTEM_ERROR_KEY } from '@/lib/session/client';
import { LOGIN_SPLASH_MS, QR_POLL_INTERVAL_MS, QR_POLL_MAX_TRIES } from '@/lib/constants';

jest.mock('qrcode', () => ({ __esModule: true, default: { toDataURL: async () => 'data:image/png;base64,AAAA' } }));

let reply: (path: string) => { code: number; msg: string; data: unknown } = () => ({
  code: 0,
  msg: 'success',
  data: null,
});
const paths: string[] = [];
beforeEach(() => {
  paths.length = 0;
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
afterEach(() => jest.useRealTimers());

const flush = async () => {
  for (let i = 0; i < 5; i++) await act(async () => undefined);
};

describe('QR login (type 2)', () => {
  it('polls every second, 50 times, then offers a refresh that starts again', async () => {
    jest.useFakeTimers();
    reply = (p) =>
      p.endsWith('loginGetQRRandNum')
        ? {
            code: 0,
            msg: 'success',
            data: { randNum: 'r'.repeat(32), qrUrl: 'http://localhost/qrCodePage/qrCode?randNum=rrrr' },
          }
        : { code: 0, msg: 'success', data: { status: 'waiting' } };
    render(<QrLogin onSuccess={() => undefined} />);
    await act(async () => jest.advanceTimersByTime(0));
    await flush();
    expect(screen.getByRole('img', { name: '扫码登录二维码' }).getAttribute('width')).toBe('248');
    for (let i = 0; i < QR_POLL_MAX_TRIES + 1; i++) {
      await act(async () => jest.advanceTimersByTime(QR_POLL_INTERVAL_MS));
      await flush();
    }
    expect(paths.filter((p) => p.endsWith('loginByQRRandNum')).length).toBe(QR_POLL_MAX_TRIES);
    const refresh = screen.getByRole('button', { name: '二维码已过期，点击刷新' });
    fireEvent.click(refresh);
    await flush();
    expect(paths.filter((p) => p.endsWith('loginGetQRRandNum')).length).toBe(2);
  });

  it('a confirmed poll hands over the login result', async () => {
    jest.useFakeTimers();
    reply = (p) =>
      p.endsWith('loginGetQRRandNum')
        ? { code: 0, msg: 'success', data: { randNum: 'r'.repeat(32), qrUrl: 'http://localhost/x' } }
        : { code: 0, msg: 'success', data: { status: 'confirmed', token: 't' } };
    const onSuccess = jest.fn();
    render(<QrLogin onSuccess={onSuccess} />);
    await act(async () => jest.advanceTimersByTime(0));
    await flush();
    await act(async () => jest.advanceTimersByTime(QR_POLL_INTERVAL_MS));
    await flush();
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ status: 'confirmed', token: 't' }));
  });

  it('a code that cannot be fetched says so, offers 点击重试 and no instruction to scan; the retry shows the code', async () => {
    jest.useFakeTimers();
    let fail = true;
    reply = (p) =>
      p.endsWith('loginGetQRRandNum')
        ? fail
          ? { code: 1000, msg: '服务器繁忙', data: null }
          : { code: 0, msg: 'success', data: { randNum: 'r'.repeat(32), qrUrl: 'http://localhost/x' } }
        : { code: 0, msg: 'success', data: { status: 'waiting' } };
    render(<QrLogin onSuccess={() => undefined} />);
    await act(async () => jest.advanceTimersByTime(0));
    await flush();
    expect(screen.getByRole('button', { name: '二维码获取失败，点击重试' })).toBeTruthy();
    expect(screen.queryByText('二维码已过期，点击刷新')).toBeNull();
    expect(screen.queryByText('请使用已登录的手机扫描二维码登录')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '二维码获取失败，点击重试' }));
    await flush();
    expect(screen.getByAltText('扫码登录二维码')).toBeTruthy();
    expect(screen.getByText('请使用已登录的手机扫描二维码登录')).toBeTruthy();
  });
});

describe('login splash (SPEC 2.8)', () => {
  it('welcomes to the variant, falls back to the default picture, closes after 4 s and clears the system-error flag', async () => {
    jest.useFakeTimers();
    sessionStorage.setItem(SYSTEM_ERROR_KEY, '1');
    const onDone = jest.fn();
    render(
      <SiteProvider site={{ variant: 'party', dx: false }}>
        <LoginSplash name="赵红梅" headPic="" onDone={onDone} />
      </SiteProvider>,
    );
    expect(screen.getByText('欢迎来到党员网络学习平台！')).toBeTruthy();
    expect(screen.getByText('用户认证成功，正在初始化用户信息...')).toBeTruthy();
    expect(screen.getByRole('img', { name: '赵红梅的头像' }).getAttribute('src')).toBe(DEFAULT_HEAD);
    expect(screen.getByText(/(您好|上午好|下午好|晚上好)，赵红梅/)).toBeTruthy();
    expect(sessionStorage.getItem(SYSTEM_ERROR_KEY)).toBeNull();
    act(() => jest.advanceTimersByTime(LOGIN_SPLASH_MS - 1));
    expect(onDone).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledWith(true);
  });
});

describe('personal study and my management', () => {
  it('an expired session: 登录信息已失效，请重新登录, logged out', async () => {
    jest.useFakeTimers();
    reply = (p) =>
      p.endsWith('checkToken') ? { code: 2000, msg: 'idle', data: null } : { code: 0, msg: 'success', data: true };
    const notes: string[] = [];
    const off = apiEvents.subscribe((e) => e.type === 'notify' && notes.push(e.message));
    const win = { close: jest.fn(), location: { href: '' } };
    jest.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    const reload = jest.fn();
    await openPersonalStudy('/personal/index', 'personal', reload);
    expect(notes).toEqual(['登录信息已失效，请重新登录']);
    expect(paths.some((p) => p.endsWith('/modules/eosoperator/logout'))).toBe(true);
    expect(win.close).toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(3000));
    expect(reload).toHaveBeenCalled();
    off();
  });

  it('a live session opens personal study in its named window', async () => {
    reply = () => ({ code: 0, msg: 'success', data: true });
    const win = { close: jest.fn(), location: { href: '' } };
    const open = jest.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    await openPersonalStudy('/personal/index', 'personal');
    expect(open).toHaveBeenCalledWith('', 'personal');
    expect(win.location.href).toBe('/personal/index');
  });

  it("the old-management flag '1' opens the dynamic-key link; otherwise the default role is switched first", async () => {
    reply = (p) =>
      p.endsWith('oldCmsDynamicKey')
        ? { code: 0, msg: 'success', data: { url: 'https://old.example.cn/?dynamicKey=k' } }
        : { code: 0, msg: 'success', data: { cmsUrl: 'https://cms.example.cn/' } };
    const go = { open: jest.fn(), assign: jest.fn() };
    localStorage.setItem('isHandleOldCmsUrl', '1');
    await openManagement(go);
    expect(go.open).toHaveBeenCalledWith('https://old.example.cn/?dynamicKey=k');
    localStorage.setItem('isHandleOldCmsUrl', '0');
    await openManagement(go);
    expect(paths.at(-1)).toMatch(/switchDefaultCmsRole$/);
    expect(go.assign).toHaveBeenCalledWith('https://cms.example.cn/');
  });

  it('with no management address configured (NEXT_PUBLIC_CMS_URL), the user is told so instead of nothing happening', async () => {
    reply = () => ({ code: 0, msg: 'success', data: { roleName: 'a', cmsUrl: '' } });
    localStorage.setItem('isHandleOldCmsUrl', '0');
    localStorage.removeItem('cmsUrl');
    const said: unknown[] = [];
    const off = apiEvents.subscribe((e) => void said.push(e));
    const go = { open: jest.fn(), assign: jest.fn() };
    await openManagement(go);
    off();
    expect(paths.at(-1)).toMatch(/switchDefaultCmsRole$/);
    expect(go.assign).not.toHaveBeenCalled();
    expect(said).toContainEqual(
      expect.objectContaining({ type: 'notify', kind: 'warning', message: '管理系统地址未配置，请联系管理员' }),
    );
  });
});

describe('after a password login (SPEC 4.2)', () => {
  const result = {
    token: 't',
    hasES: 0 as const,
    authUserId: '',
    esEnabled: 1 as const,
    redirectsUrl: '',
    cmsUrl: 'https://cms.example.cn/',
    stuUrl: '',
    isHandleOldCmsUrl: '0',
    isDefaultPassword: 1 as const,
    isEmptyEmail: 1 as const,
    operatorResult: { operatorName: '刘新', orgName: '', userID: 'newbie' },
  };

  it('fetches the user and, on the main site, the roles (cmsRoleCount); keeps the follow-up prompts 11 then 13', async () => {
    const { completeLogin, readFollowUp } = await import('@/components/login/after-login');
    reply = (p) =>
      p.endsWith('myInfo')
        ? { code: 0, msg: 'success', data: { operatorID: 9, operatorName: '刘新', headPic: '' } }
        : { code: 0, msg: 'success', data: [{ roleName: 'a' }, { roleName: 'b' }] };
    const info = await completeLogin(result, { mainSite: true, withPrompts: true });
    expect(info?.cmsRoleCount).toBe(2);
    expect(JSON.parse(localStorage.getItem('userInfo')!).cmsRoleCount).toBe(2);
    expect(localStorage.getItem('cmsUrl')).toBe('https://cms.example.cn/');
    expect(readFollowUp()).toEqual({ perfect: 11, link: 13, due: expect.any(Number) });
    expect(readFollowUp()).toBeNull(); // read once

    paths.length = 0;
    // a linked account is told it may sign in by passport (12); without the passport configured, nothing
    await completeLogin(
      { ...result, hasES: 1, isDefaultPassword: 0, isEmptyEmail: 0 },
      { mainSite: false, withPrompts: true },
    );
    expect(paths.some((p) => p.endsWith('myCmsRoleList'))).toBe(false);
    expect(readFollowUp()).toEqual({ perfect: null, link: 12, due: expect.any(Number) });
    await completeLogin(
      { ...result, hasES: 1, esEnabled: 0, isDefaultPassword: 0, isEmptyEmail: 0 },
      { mainSite: false, withPrompts: true },
    );
    expect(readFollowUp()).toBeNull();
  });

  it('goes only to allowed addresses after the splash', async () => {
    const { afterLoginAddress } = await import('@/components/login/after-login');
    expect(afterLoginAddress({ redirectsUrl: '/personal/index' })).toBe('/personal/index');
    expect(afterLoginAddress({ redirectsUrl: 'https://evil.example.com/' })).toBeNull();
    expect(afterLoginAddress({ redirectsUrl: `http://${window.location.host}/home` })).toBe(
      `http://${window.location.host}/home`,
    );
  });
});

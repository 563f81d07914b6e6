/** @jest-environment jsdom */
/**
 * After sign-in and around it, in the browser: the splash, then the perfect-info prompt (never on top of the splash),
 * then the post-station prompt once the dialog is done; a signed-in page runs SPEC 8's token check and opens the
 * station prompt from its 500 ms callback; type 3's retrieval by SMS sends the code, then sets the new password.
 */
import { act, render, renderHook, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LOGIN_SPLASH_MS, PERFECT_INFO_DELAY_MS } from '@/lib/constants';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/home',
}));
const mockStations = jest.fn(async () => true);
jest.mock('@/components/account/management', () => ({
  maybePromptStations: () => mockStations(),
  STATION_PROMPT_KEY: 'postStationPrompt',
}));
jest.mock('next/dynamic', () => () => () => null);
const mockCompleteLogin = jest.fn();
jest.mock('@/components/login/after-login', () => ({
  ...jest.requireActual('@/components/login/after-login'),
  completeLogin: (...args: unknown[]) => mockCompleteLogin(...args),
}));

describe('after sign-in: the splash, then the prompts, one after another', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    sessionStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it('the perfect-info prompt waits for the splash to end, then opens; the page re-initialises under it', async () => {
    const { useLoginSuccess } = await import('@/components/login/use-login-success');
    const afterLogin = await import('@/components/login/after-login');
    mockCompleteLogin.mockImplementation(async () => {
      afterLogin.writeFollowUp({ perfect: 11, link: 13, due: Date.now() + PERFECT_INFO_DELAY_MS });
      return null;
    });
    const show = jest.fn();
    const reinit = jest.fn();
    const { result } = renderHook(() => useLoginSuccess({ mainSite: true, show, setOpen: () => undefined, reinit }));
    await act(async () => {
      await result.current.succeed({ operatorResult: { operatorName: '刘新' } } as never);
    });
    expect(result.current.splash?.name).toBe('刘新');
    act(() => jest.advanceTimersByTime(LOGIN_SPLASH_MS - 1));
    expect(show).not.toHaveBeenCalled(); // 3 s passed: still the splash alone
    act(() => result.current.splashDone(false));
    expect(reinit).toHaveBeenCalled();
    expect(result.current.splash).toBeNull();
    act(() => jest.advanceTimersByTime(0));
    expect(show).toHaveBeenCalledWith(11, { next: 13 });
    expect(afterLogin.peekFollowUp()).toBeNull();
  });

  it('closing the last prompt hands over to the post-station prompt; a prompt to follow does not', async () => {
    const { useLoginMode } = await import('@/components/login/use-login-mode');
    const onIdle = jest.fn();
    const { result } = renderHook(() => useLoginMode(undefined, onIdle));
    act(() => result.current.show(11, { next: 13 }));
    act(() => result.current.close());
    expect(onIdle).not.toHaveBeenCalled();
    act(() => result.current.show(13, {}));
    act(() => result.current.close());
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});

describe('a signed-in page starts with the token check (SPEC 4.1, 8)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
  });
  it('calls checkToken and, 500 ms after its answer, offers the post-station prompt', async () => {
    const paths: string[] = [];
    global.fetch = jest.fn(async (url: RequestInfo | URL) => {
      paths.push(String(url));
      return {
        ok: true,
        status: 200,
        headers: new Headers({ 'content-type': 'application/json' }),
        json: async () => ({ code: 0, msg: 'success', data: true }),
      } as Response;
    }) as typeof fetch;
    document.cookie = `${IDENTITY_COOKIE}=x`;
    mockStations.mockClear();
    const { LazyDialogs } = await import('@/components/shell/LazyDialogs');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LazyDialogs />
      </QueryClientProvider>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(paths).toContain('/api/eosoperator/checkToken');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(499);
    });
    expect(mockStations).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(mockStations).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('type 3: retrieval by SMS', () => {
  it('sends the code to the number, then sets the new password with it', async () => {
    const { fireEvent, waitFor } = await import('@testing-library/react');
    const { ForgotPanel } = await import('@/components/login/panels/RetrievalPanels');
    const bodies: { path: string; body: Record<string, string> }[] = [];
    global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const path = String(url);
      bodies.push({ path, body: JSON.parse(String(init?.body ?? '{}')) });
      const data = path.endsWith('sendForgetPasswordCode') ? { mobile: '138****0001', expiresIn: 300 } : true;
      return {
        ok: true,
        status: 200,
        headers: new Headers({ 'content-type': 'application/json' }),
        json: async () => ({ code: 0, msg: 'success', data }),
      } as Response;
    }) as typeof fetch;
    const done = jest.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ForgotPanel onSent={jest.fn()} onManual={jest.fn()} onBack={jest.fn()} onSmsDone={done} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '手机验证码找回' }));
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号码')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '13800000001' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('如该手机号已绑定账号，验证码已发送至 138****0001')).toBeTruthy();
    expect(screen.getByRole('button', { name: /秒后重新获取/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Sms_pass_2027' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'Sms_pass_2027' } });
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(bodies.map((b) => b.path)).toEqual([
      '/api/smsCode/sendForgetPasswordCode',
      '/api/eosoperator/forgetPassword',
    ]);
    expect(bodies[1].body).toMatchObject({ mobile: '13800000001', code: '123456', newPassword: 'Sms_pass_2027' });
  });
});

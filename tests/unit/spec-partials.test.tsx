/** @jest-environment jsdom */
/**
 * Issue 26's partial items that live in the browser's code: covers given as a JSON string with a url; SPEC 5's phone
 * pattern; SPEC 9's lazy chunk-load timeout; SPEC 3's "previous time" key written on every answer; after sign-in
 * the splash, then the perfect-info prompt (never on top of the splash), then the post-station prompt once the
 * dialog is done; a signed-in page runs SPEC 8's token check and opens the station prompt from its 500 ms callback.
 */
import { act, render, renderHook, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { imageUrl } from '@/lib/format';
import { isMobile, isPhone } from '@/lib/validation/patterns';
import { ChunkLoadTimeoutError, loadWithTimeout } from '@/lib/ui/lazy-load';
import { CHUNK_LOAD_TIMEOUT_MS, LOGIN_SPLASH_MS, PERFECT_INFO_DELAY_MS } from '@/lib/constants';
import { PREVIOUS_TIME_KEY } from '@/lib/session/previous-time';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { CourseCardView } from '@/components/cards/Cards';
import { MISSING_RECORD_METADATA } from '@/lib/catalogue/not-found-metadata';
import { NOT_FOUND_TITLE } from '@/components/shell/NotFoundContent';

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

describe('covers and imgUrl as a JSON string with a url (SPEC 3)', () => {
  it('extracts the url; a plain address stays; anything else is empty', () => {
    expect(imageUrl('{"url":"/covers/cover-03.svg"}')).toBe('/covers/cover-03.svg');
    expect(imageUrl('[{"url":"https://cdn.example.cn/a.png","name":"a"}]')).toBe('https://cdn.example.cn/a.png');
    expect(imageUrl('/covers/cover-04.svg')).toBe('/covers/cover-04.svg');
    expect(imageUrl('{"name":"x"}')).toBe('');
    expect(imageUrl('{not json')).toBe('');
    expect(imageUrl(null)).toBe('');
  });
  it('a card shows the extracted cover', () => {
    render(
      <CourseCardView
        course={
          {
            id: 1,
            title: '课',
            cover: '{"url":"/covers/cover-07.svg"}',
            categoryName: '学术前沿',
            teacherName: '张老师',
            durationSeconds: 600,
            studyCount: 3,
          } as never
        }
      />,
    );
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/covers/cover-07.svg');
  });
});

describe('SPEC 5 helper patterns', () => {
  it('phone: a landline with area code and hyphen, or a mobile of 11-12 digits by 1[34578]', () => {
    for (const ok of ['010-62597114', '0755-1234567', '13812345678', '17712345678', '138123456789', '138 1234 5678'])
      expect(isPhone(ok)).toBe(true);
    for (const bad of ['62597114', '01062597114', '16612345678', '19912345678', '1381234567', '010-123456'])
      expect(isPhone(bad)).toBe(false);
  });
  it('mobile: 11 digits, 1 then 3 to 9', () => {
    expect(isMobile('19912345678')).toBe(true);
    expect(isMobile('12912345678')).toBe(false);
    expect(isMobile('1991234567')).toBe(false);
  });
});

describe('SPEC 9 lazy chunk-load timeout', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  it('a chunk that has not arrived after 120000 ms fails; one that arrives in time loads', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const stuck = loadWithTimeout(() => new Promise<never>(() => undefined));
    const caught = stuck.catch((e: unknown) => e);
    jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    jest.advanceTimersByTime(1);
    expect(await caught).toBeInstanceOf(ChunkLoadTimeoutError);
    await expect(loadWithTimeout(async () => 'module')).resolves.toBe('module');
  });
});

describe('SPEC 3 "previous time"', () => {
  it('every answer from the server writes the key', async () => {
    const { api } = await import('@/lib/api/browser');
    global.fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => ({ code: 0, msg: 'success', data: true }),
    })) as unknown as typeof fetch;
    localStorage.removeItem(PREVIOUS_TIME_KEY);
    const before = Date.now();
    await api.request('/api/conversation/isShowLLM', {});
    expect(Number(localStorage.getItem(PREVIOUS_TIME_KEY))).toBeGreaterThanOrEqual(before);
  });
});

describe('a missing record’s 404 metadata', () => {
  it('is the 404 page’s own title, with no robots entry of its own', () => {
    expect(MISSING_RECORD_METADATA).toEqual({ title: NOT_FOUND_TITLE });
  });
});

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
    expect(await screen.findByText('验证码已发送至 138****0001')).toBeTruthy();
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

describe('the student site’s logo (SPEC 3 stuLogo)', () => {
  it('is asked for on the student site and replaces the variant’s own', async () => {
    const { waitFor } = await import('@testing-library/react');
    const { SiteLogo } = await import('@/components/shell/SiteLogo');
    const paths: string[] = [];
    global.fetch = jest.fn(async (url: RequestInfo | URL) => {
      paths.push(String(url));
      return {
        ok: true,
        status: 200,
        headers: new Headers({ 'content-type': 'application/json' }),
        json: async () => ({ code: 0, msg: 'success', data: { stuLogo: '{"url":"/logos/stu-2026.svg"}' } }),
      } as Response;
    }) as typeof fetch;
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <SiteLogo fallback="/logos/student.svg" student />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(view.container.querySelector('img')?.getAttribute('src')).toBe('/logos/stu-2026.svg'));
    expect(paths).toEqual(['/api/site/getStuLogo']);
    paths.length = 0;
    const other = render(
      <QueryClientProvider client={new QueryClient()}>
        <SiteLogo fallback="/logos/main.svg" student={false} />
      </QueryClientProvider>,
    );
    expect(other.container.querySelector('img')?.getAttribute('src')).toBe('/logos/main.svg');
    expect(paths).toEqual([]);
  });
});

describe('the student platform link (SPEC 3 stuUrl)', () => {
  afterEach(() => {
    document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
    localStorage.removeItem('stuUrl');
  });
  it('shows the address the sign-in answered, to a signed-in user only', async () => {
    const { StuLink } = await import('@/components/shell/StuLink');
    localStorage.setItem('stuUrl', 'https://stu.example.cn/');
    const visitor = render(<StuLink />);
    expect(visitor.container.textContent).toBe('');
    visitor.unmount();
    document.cookie = `${IDENTITY_COOKIE}=x`;
    render(<StuLink />);
    expect(screen.getByRole('link', { name: '研究生科学教育平台' }).getAttribute('href')).toBe(
      'https://stu.example.cn/',
    );
  });
});

/** @jest-environment jsdom */
/**
 * CAS and WeChat QR login in the login dialog (issue 26): 统一身份认证登录 only when isCas; type 17 shows WeChat's
 * QR page in a frame when getWXCode is enabled and the portal's own QR code when not; the answers when the browser
 * comes back (CAS ticket, WeChat code) sign in or ask for the account to bind; the address carries them in.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LoginDialog } from '@/components/login/LoginDialog';
import { dialogFromAddress } from '@/components/shell/LazyDialogs';
import { SiteProvider } from '@/components/site/SiteContext';
import type { LoginExtra } from '@/lib/ui/events';

jest.mock('qrcode', () => ({ __esModule: true, default: { toDataURL: async () => 'data:image/png;base64,AAAA' } }));
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn() }),
}));

const WX_URL = 'https://open.weixin.qq.com/connect/qrconnect?appid=wx1&state=s#wechat_redirect';
let answers: Record<string, unknown> = {};
const failures: Record<string, string> = {};
const calls: { path: string; body: unknown }[] = [];

beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
    const data = answers[path];
    const body = failures[path]
      ? { code: 1000, msg: failures[path], data: null }
      : data === undefined
        ? { code: 1000, msg: '未知', data: null }
        : { code: 0, msg: 'success', data };
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => body,
    } as Response;
  }) as typeof fetch;
});

beforeEach(() => {
  calls.length = 0;
  for (const k of Object.keys(failures)) delete failures[k];
  answers = {
    '/modules/imgCode/detail': { uuid: 'u-1', codeBase64: 'data:image/svg+xml;base64,PHN2Zy8+' },
    '/modules/eosoperator/loginGetQRRandNum': { randNum: 'r'.repeat(32), qrUrl: 'http://localhost/q', expiresIn: 50 },
    '/modules/eosoperator/loginByQRRandNum': { status: 'waiting' },
  };
});

function renderDialog(loginType: number, extra?: LoginExtra) {
  return render(
    <SiteProvider site={{ variant: 'main', dx: false }}>
      <QueryClientProvider client={new QueryClient()}>
        <LoginDialog initial={{ loginType, extra }} />
      </QueryClientProvider>
    </SiteProvider>,
  );
}

it('offers 统一身份认证登录 only when isCas says so', async () => {
  answers['/api/eosoperator/isCas'] = true;
  const { unmount } = renderDialog(1);
  expect(await screen.findByRole('button', { name: '统一身份认证登录' })).toBeTruthy();
  unmount();
  answers['/api/eosoperator/isCas'] = false;
  renderDialog(1);
  await screen.findByLabelText('登录账号');
  await waitFor(() => expect(calls.some((c) => c.path === '/api/eosoperator/isCas')).toBe(true));
  expect(screen.queryByRole('button', { name: '统一身份认证登录' })).toBeNull();
});

it('type 17: WeChat QR in a frame when configured, the portal QR when not', async () => {
  answers['/api/eosoperator/getWXCode'] = {
    enabled: true,
    appid: 'wx1',
    scope: 'snsapi_login',
    redirect_uri: 'http://localhost/home?wxLogin=1',
    state: 's',
    url: WX_URL,
  };
  const { unmount } = renderDialog(17);
  const frame = await screen.findByTitle('微信扫码登录');
  expect(frame.getAttribute('src')).toBe(WX_URL);
  expect(screen.queryByAltText('扫码登录二维码')).toBeNull();
  unmount();
  answers['/api/eosoperator/getWXCode'] = { enabled: false };
  renderDialog(17);
  expect(await screen.findByAltText('扫码登录二维码')).toBeTruthy();
  expect(screen.queryByTitle('微信扫码登录')).toBeNull();
});

it('back from WeChat the first time: asks for the portal account to bind, carrying wxLoginIO', async () => {
  answers['/api/eosoperator/getToken'] = { type: 'bind', wxLoginIO: 'w'.repeat(32), nickname: '微信用户一' };
  renderDialog(17, { wx: { code: 'c1', state: 's'.repeat(32) } });
  expect(await screen.findByText(/微信用户“微信用户一”尚未绑定平台账号/)).toBeTruthy();
  expect(calls.find((c) => c.path === '/api/eosoperator/getToken')?.body).toEqual({
    code: 'c1',
    state: 's'.repeat(32),
  });
  expect(screen.getByLabelText('登录账号')).toBeTruthy();
});

it('back from CAS: the ticket goes to loginByCas; a refusal shows in the account panel', async () => {
  failures['/modules/eosoperator/loginByCas'] = '统一身份认证的登录凭证已使用过，请重新登录';
  renderDialog(1, { cas: { ticket: 'ST-1', casState: 'c'.repeat(32) } });
  expect((await screen.findByRole('alert')).textContent).toBe('统一身份认证的登录凭证已使用过，请重新登录');
  expect(calls.find((c) => c.path === '/modules/eosoperator/loginByCas')?.body).toEqual({
    ticket: 'ST-1',
    casState: 'c'.repeat(32),
  });
});

it('the address brings CAS and WeChat answers into the dialog and leaves the address bar', () => {
  window.history.replaceState(null, '', '/home?ticket=ST-abc&casState=' + 'c'.repeat(32));
  expect(dialogFromAddress()).toEqual({ loginType: 1, extra: { cas: { ticket: 'ST-abc', casState: 'c'.repeat(32) } } });
  expect(window.location.search).toBe('');
  window.history.replaceState(null, '', '/home?wxLogin=1&code=abc&state=xyz');
  expect(dialogFromAddress()).toEqual({ loginType: 17, extra: { wx: { code: 'abc', state: 'xyz' } } });
  expect(window.location.search).toBe('');
  // the passport's return is unchanged
  window.history.replaceState(null, '', '/home?code=abc&state=xyz');
  expect(dialogFromAddress()).toMatchObject({ loginType: 1, extra: { passport: { code: 'abc', state: 'xyz' } } });
});

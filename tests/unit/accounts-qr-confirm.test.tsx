/** @jest-environment jsdom */
/**
 * The phone's QR confirmation (issue 22): it shows what is asking to be signed in (site, browser, system, masked
 * address, time of the request) with 确认登录 and 取消; 取消 tells the server and says so; a refusal is shown. And the
 * desktop's side: 已扫码，请在手机上确认 once the phone opened the code, 已取消 after 取消.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QrConfirm } from '@/components/account/QrConfirm';
import { QrLogin } from '@/components/login/QrLogin';
import { SiteProvider } from '@/components/site/SiteContext';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';

jest.mock('qrcode', () => ({ __esModule: true, default: { toDataURL: async () => 'data:image/png;base64,AAAA' } }));

const device = {
  host: 'edu.example.cn',
  browser: 'Chrome 120',
  system: 'Windows 10',
  address: '203.0.113.*',
  requestedAt: '2026-03-05T06:07:08.000Z',
};
const answers: Record<string, { code: number; msg: string; data: unknown }> = {};
const calls: { path: string; body: unknown }[] = [];

beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    calls.push({ path, body: JSON.parse(String(init?.body ?? '{}')) });
    const body = answers[path] ?? { code: 1000, msg: '未知', data: null };
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => body,
    } as Response;
  }) as typeof fetch;
  document.cookie = `${IDENTITY_COOKIE}=signed; path=/`;
});
beforeEach(() => {
  calls.length = 0;
  answers['/modules/eosoperator/qrScan'] = {
    code: 0,
    msg: 'success',
    data: {
      status: 'scanned',
      needLogin: false,
      operatorName: '陈思雨',
      orgName: '物理研究所',
      userID: 'student',
      device,
    },
  };
});

const randNum = 'r'.repeat(32);
const renderPage = () =>
  render(
    <SiteProvider site={{ variant: 'main', dx: false }}>
      <QrConfirm randNum={randNum} />
    </SiteProvider>,
  );

describe('QrConfirm', () => {
  it('shows the requesting device: site, browser, system, approximate address and time', async () => {
    renderPage();
    await screen.findByRole('button', { name: '确认登录' });
    const details = Object.fromEntries(
      [...document.querySelectorAll('dt')].map((dt) => [
        dt.textContent,
        (dt.nextElementSibling as HTMLElement).textContent,
      ]),
    );
    expect(details).toEqual({
      登录网站: 'edu.example.cn',
      浏览器: 'Chrome 120',
      操作系统: 'Windows 10',
      大致位置: 'IP 203.0.113.*',
      请求时间: '2026-03-05 14:07:08',
    });
    expect(screen.getByText('陈思雨')).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
    expect(screen.getByText(/如果这不是您刚刚在电脑上发起的登录/)).toBeTruthy();
  });

  it('确认登录 confirms this code', async () => {
    answers['/modules/eosoperator/qrConfirm'] = { code: 0, msg: 'success', data: true };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '确认登录' }));
    await screen.findByText('已确认，电脑端即将完成登录。');
    expect(calls.find((c) => c.path === '/modules/eosoperator/qrConfirm')?.body).toEqual({ randNum });
  });

  it('取消 cancels this code and says the desktop will not sign in', async () => {
    answers['/modules/eosoperator/qrCancel'] = { code: 0, msg: 'success', data: true };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    await screen.findByText('已取消，电脑端不会登录。');
    expect(calls.find((c) => c.path === '/modules/eosoperator/qrCancel')?.body).toEqual({ randNum });
    expect(calls.some((c) => c.path === '/modules/eosoperator/qrConfirm')).toBe(false);
  });

  it('a code too old to confirm says so, with no buttons', async () => {
    answers['/modules/eosoperator/qrScan'] = {
      code: 1000,
      msg: '二维码已失效，请在电脑上刷新二维码后重新扫码',
      data: null,
    };
    renderPage();
    await screen.findByText('二维码已失效，请在电脑上刷新二维码后重新扫码');
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });
});

describe('QrLogin (the desktop)', () => {
  it('says 已扫码，请在手机上确认 after the phone opens the code, and 已取消 after 取消', async () => {
    answers['/modules/eosoperator/loginGetQRRandNum'] = {
      code: 0,
      msg: 'success',
      data: { randNum, qrUrl: `http://localhost/qrCodePage/qrCode?randNum=${randNum}` },
    };
    answers['/modules/eosoperator/loginByQRRandNum'] = { code: 0, msg: 'success', data: { status: 'scanned' } };
    render(<QrLogin onSuccess={() => undefined} />);
    await screen.findByText('已扫码，请在手机上确认', {}, { timeout: 3000 });
    answers['/modules/eosoperator/loginByQRRandNum'] = { code: 0, msg: 'success', data: { status: 'cancelled' } };
    await screen.findByRole('button', { name: '已取消，点击刷新' }, { timeout: 3000 });
    // a cancelled code is finished: the desktop stops asking
    const polls = calls.filter((c) => c.path === '/modules/eosoperator/loginByQRRandNum').length;
    await new Promise((r) => setTimeout(r, 1300));
    expect(calls.filter((c) => c.path === '/modules/eosoperator/loginByQRRandNum')).toHaveLength(polls);
  });
});

/** @jest-environment jsdom */
/**
 * The login dialog (SPEC 2.6, 4.2): every type from -1 to 17 renders its mode, at its width; the
 * transitions (back to login remembers the previous type except from 3); opening by event with any
 * type (17 from the exam pages); the shared schemas' messages beside the fields.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { dialogWidthRem, LoginDialog } from '@/components/login/LoginDialog';
import { perfectInfoType } from '@/components/login/after-login';
import { SiteProvider } from '@/components/site/SiteContext';
import { Toaster } from '@/components/ui/Toaster';
import { emitUi, openLogin, type LoginExtra } from '@/lib/ui/events';
import { LOGIN_DIALOG_WIDTH_REM } from '@/lib/constants';
import { NETWORK_ERROR_MSG } from '@/lib/contract/messages';

jest.mock('qrcode', () => ({ __esModule: true, default: { toDataURL: async () => 'data:image/png;base64,AAAA' } }));

/** The backend as the dialog sees it: each path answers a small envelope. */
const answers: Record<string, unknown> = {
  '/modules/imgCode/detail': { uuid: 'u-1', codeBase64: 'data:image/svg+xml;base64,PHN2Zy8+' },
  '/api/site/requestUrlClientId': { httpClientId: 'portal-http', httpsClientId: '', redirectUri: '' },
  '/api/site/retrievalContacts': [
    { label: '邮箱', value: 'help@example.cn', href: 'mailto:help@example.cn' },
    { label: '学员QQ群一', value: '612345678' },
  ],
  '/modules/eosoperator/loginGetQRRandNum': {
    randNum: 'r'.repeat(32),
    qrUrl: 'http://localhost/qrCodePage/qrCode?randNum=rrrr',
  },
  '/modules/eosoperator/loginByQRRandNum': { status: 'waiting' },
  '/api/eosoperator/forgetPasswordCheckToken': { operatorName: '王晓明', orgName: '物理研究所', userID: 'learner' },
};
/** Paths that answer an error envelope with this message. */
const failures: Record<string, string> = {};
/** Paths whose request never reaches the server (fetch rejects, as when the network is down). */
const unreachable = new Set<string>();
const calls: string[] = [];

beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const path = String(url);
    calls.push(path);
    if (unreachable.has(path)) throw new TypeError('Failed to fetch');
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

function renderDialog(loginType: number, extra?: LoginExtra) {
  const client = new QueryClient();
  return render(
    <SiteProvider site={{ variant: 'main', dx: false }}>
      <QueryClientProvider client={client}>
        <LoginDialog initial={{ loginType, extra }} />
        <Toaster />
      </QueryClientProvider>
    </SiteProvider>,
  );
}

const heading = () => screen.findByRole('heading', { level: 2 });
const panelWidth = () => (document.querySelector('[data-login-type]') as HTMLElement).style.maxWidth;

const TITLES: { type: number; title: string; extra?: LoginExtra }[] = [
  { type: -1, title: '用户注册' },
  { type: 1, title: '登录继续教育网络学院' },
  { type: 2, title: '扫码登录' },
  { type: 3, title: '找回密码' },
  { type: 4, title: '人工找回' },
  { type: 5, title: '邮件已发送' },
  { type: 6, title: '链接已失效' },
  { type: 7, title: '设置新密码', extra: { resetToken: 't'.repeat(43) } },
  { type: 8, title: '密码修改成功' },
  { type: 9, title: '完善个人信息' },
  { type: 10, title: '完善个人信息' },
  { type: 11, title: '完善个人信息' },
  { type: 12, title: '已关联科技云通行证' },
  { type: 13, title: '关联科技云通行证' },
  {
    type: 14,
    title: '选择登录账号',
    extra: {
      esLoginIO: 'e'.repeat(32),
      list: [{ address: '', operatorName: '张伟（物理研究所）', userID: 'zhangwei1' }],
    },
  },
  { type: 15, title: '账号登录', extra: { esLoginIO: 'e'.repeat(32), userID: 'zhangwei1' } },
  { type: 16, title: '关联平台账号', extra: { esLoginIO: 'e'.repeat(32) } },
  { type: 17, title: '考试登录' },
];

describe('every login type renders its mode at its width', () => {
  it.each(TITLES)('type $type: $title', async ({ type, title, extra }) => {
    renderDialog(type, extra);
    expect((await heading()).textContent).toBe(title);
    expect(panelWidth()).toBe(`min(${dialogWidthRem(type as never)}rem, 95vw)`);
  });

  it('uses the three widths of SPEC 2.6', () => {
    expect(dialogWidthRem(1)).toBe(LOGIN_DIALOG_WIDTH_REM.normal);
    expect(dialogWidthRem(5)).toBe(LOGIN_DIALOG_WIDTH_REM.narrow);
    expect(dialogWidthRem(-1)).toBe(LOGIN_DIALOG_WIDTH_REM.wide);
  });
});

describe('type 14 (SPEC 3: the list item carries address, the avatar)', () => {
  it('shows each account with its avatar, a JSON address parsed, the default one when it has none', async () => {
    renderDialog(14, {
      esLoginIO: 'e'.repeat(32),
      list: [
        { address: '/avatars/avatar-03.svg', operatorName: '张伟（物理研究所）', userID: 'zhangwei1' },
        { address: '{"url":"/avatars/avatar-05.svg"}', operatorName: '张伟（化学研究所）', userID: 'zhangwei2' },
        { address: '', operatorName: '张伟（数学研究所）', userID: 'zhangwei3' },
      ],
    });
    await heading();
    const srcs = screen.getAllByTestId('account-avatar').map((img) => img.getAttribute('src'));
    expect(srcs).toEqual(['/avatars/avatar-03.svg', '/avatars/avatar-05.svg', '/avatars/default.svg']);
  });
});

describe('transitions and forms', () => {
  it('back to login returns to the previous type, skipping 3', async () => {
    renderDialog(1);
    await heading();
    fireEvent.click(screen.getByRole('button', { name: '忘记密码' }));
    expect((await heading()).textContent).toBe('找回密码');
    fireEvent.click(screen.getByRole('button', { name: '人工找回' }));
    expect((await heading()).textContent).toBe('人工找回');
    // Type 4's contacts are the configured ones (MANUAL_RETRIEVAL_*), nothing made up.
    expect(await screen.findByText('学员QQ群一')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'help@example.cn' }).getAttribute('href')).toBe('mailto:help@example.cn');
    expect(screen.queryByText('电话')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '返回登录' }));
    expect((await heading()).textContent).toBe('登录继续教育网络学院');
  });

  it('shows the SPEC 5 messages beside the fields, and a captcha on open', async () => {
    calls.length = 0;
    renderDialog(1);
    await heading();
    await waitFor(() => expect(calls).toContain('/modules/imgCode/detail'));
    fireEvent.click(screen.getByRole('button', { name: '登录', exact: true } as never));
    expect(await screen.findByText('请输入登录账号')).toBeTruthy();
    expect(screen.getByText('请输入登录密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(screen.getByLabelText('登录账号').getAttribute('aria-describedby')).toBe('login-user-err');
    // A password of spaces only is no password.
    fireEvent.change(screen.getByLabelText('登录账号'), { target: { value: 'learner' } });
    fireEvent.change(screen.getByLabelText('登录密码'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '登录', exact: true } as never));
    await waitFor(() => expect(screen.queryByText('请输入登录账号')).toBeNull());
    expect(screen.getByText('请输入登录密码')).toBeTruthy();
    expect(calls).not.toContain('/modules/eosoperator/login');
  });

  it('the register form gives the password rule and mismatch messages', async () => {
    renderDialog(-1);
    await heading();
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'abd' } });
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('密码必须包含字母、数字、下划线，且长度不小于8位')).toBeTruthy();
    expect(screen.getByText('请填写姓名')).toBeTruthy();
    expect(screen.getByText('请填写单位')).toBeTruthy();
    expect(screen.getByText('请填写邮箱')).toBeTruthy();
  });

  it('a taken e-mail refused on 注册 is shown beside the e-mail field, which takes focus', async () => {
    failures['/api/register/create'] = '该邮箱已被注册，请直接登录或找回密码';
    failures['/api/register/valid'] = '该邮箱已被注册，请直接登录或找回密码';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      renderDialog(-1);
      await heading();
      await waitFor(() => expect(calls).toContain('/modules/imgCode/detail'));
      fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '李明' } });
      fireEvent.change(screen.getByLabelText('单位'), { target: { value: '物理研究所' } });
      fireEvent.change(screen.getByLabelText('邮箱（登录账号）'), { target: { value: 'taken@example.cn' } });
      fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Abc_12345' } });
      fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'Abc_12345' } });
      fireEvent.change(screen.getByLabelText('验证码', { selector: 'input' }), { target: { value: 'ABCD' } });
      fireEvent.click(screen.getByRole('button', { name: '注册' }));
      const email = screen.getByLabelText('邮箱（登录账号）');
      await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe(
        '该邮箱已被注册，请直接登录或找回密码',
      );
      expect(document.activeElement).toBe(email);
    } finally {
      delete failures['/api/register/create'];
      delete failures['/api/register/valid'];
      warn.mockRestore();
    }
  });

  it('type 7 shows whose password is reset; type 15 keeps the chosen user ID with an empty password', async () => {
    const { unmount } = renderDialog(7, { resetToken: 't'.repeat(43) });
    expect(await screen.findByText('物理研究所')).toBeTruthy();
    unmount();
    renderDialog(15, { esLoginIO: 'e'.repeat(32), userID: 'zhangwei1' });
    await heading();
    expect((screen.getByLabelText('登录账号') as HTMLInputElement).value).toBe('zhangwei1');
    expect((screen.getByLabelText('登录密码') as HTMLInputElement).value).toBe('');
  });

  it('opens on the event with any type, e.g. 17 from the exam pages', async () => {
    renderDialog(1);
    await heading();
    act(() => emitUi({ type: 'login', loginType: 17 }));
    expect((await heading()).textContent).toBe('考试登录');
    act(() => openLogin(-1));
    expect((await heading()).textContent).toBe('用户注册');
    act(() => openLogin(99));
    expect((await heading()).textContent).toBe('登录继续教育网络学院');
  });

  it('perfect-info type after login: 11, 9 or 10', () => {
    expect(perfectInfoType({ isDefaultPassword: 1, isEmptyEmail: 1 })).toBe(11);
    expect(perfectInfoType({ isDefaultPassword: 1, isEmptyEmail: 0 })).toBe(9);
    expect(perfectInfoType({ isDefaultPassword: 0, isEmptyEmail: 1 })).toBe(10);
    expect(perfectInfoType({ isDefaultPassword: 0, isEmptyEmail: 0 })).toBeNull();
  });
});

/** Opens the dialog at 账号登录 and signs in with a well-formed account, password and captcha. */
async function submitLogin() {
  renderDialog(1);
  await heading();
  await waitFor(() => expect(calls).toContain('/modules/imgCode/detail'));
  fireEvent.change(screen.getByLabelText('登录账号'), { target: { value: 'learner' } });
  fireEvent.change(screen.getByLabelText('登录密码'), { target: { value: 'Learner_2026' } });
  fireEvent.change(screen.getByLabelText('验证码', { selector: 'input' }), { target: { value: 'ZZZZ' } });
  fireEvent.click(screen.getByRole('button', { name: '登录', exact: true } as never));
}

describe('accessibility', () => {
  it('账号登录 / 扫码登录 are WAI-ARIA tabs: one tab stop, arrow keys, Home and End select, a labelled panel', async () => {
    renderDialog(1);
    await heading();
    const list = screen.getByRole('tablist', { name: '登录方式' });
    const [account, qr] = within(list).getAllByRole('tab');
    expect(account.textContent).toBe('账号登录');
    expect(account.getAttribute('aria-selected')).toBe('true');
    expect([account.tabIndex, qr.tabIndex]).toEqual([0, -1]);
    const panel = screen.getByRole('tabpanel', { name: '账号登录' });
    expect(account.getAttribute('aria-controls')).toBe(panel.id);
    expect(qr.getAttribute('aria-controls')).toBe(panel.id);
    expect(within(panel).getByLabelText('登录账号')).toBeTruthy();

    act(() => account.focus());
    fireEvent.keyDown(account, { key: 'ArrowRight' });
    expect((await heading()).textContent).toBe('扫码登录');
    const qrTab = screen.getByRole('tab', { name: '扫码登录' });
    expect(document.activeElement).toBe(qrTab);
    expect(qrTab.getAttribute('aria-selected')).toBe('true');
    expect(qrTab.tabIndex).toBe(0);
    expect(
      within(screen.getByRole('tabpanel', { name: '扫码登录' })).getByText('请使用已登录的手机扫描二维码登录'),
    ).toBeTruthy();

    fireEvent.keyDown(qrTab, { key: 'ArrowRight' }); // wraps
    expect((await heading()).textContent).toBe('登录继续教育网络学院');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '账号登录' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(screen.getByRole('tab', { name: '扫码登录' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(screen.getByRole('tab', { name: '账号登录' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: '扫码登录' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a wrong captcha is said once, beside the captcha: its field takes focus and is described by it; the toast only shows it', async () => {
    failures['/modules/eosoperator/login'] = '验证码错误或已过期，请重新输入';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {}); // the client logs the failed call
    try {
      await submitLogin();
      await waitFor(() => expect(screen.getAllByText('验证码错误或已过期，请重新输入')).toHaveLength(2));
      // no second announcement: the toast is no alert, and the message is the captcha field's description
      expect(screen.queryAllByRole('alert').filter((n) => n.textContent === '验证码错误或已过期，请重新输入')).toEqual(
        [],
      );
      const code = screen.getByLabelText('验证码', { selector: 'input' });
      expect(code.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(code.getAttribute('aria-describedby')!)!.textContent).toBe(
        '验证码错误或已过期，请重新输入',
      );
      expect(document.activeElement).toBe(code);
    } finally {
      delete failures['/modules/eosoperator/login'];
      warn.mockRestore();
    }
  });

  it('a failed connection on 登录 is one message: the form shows the text the toast shows, and only the form announces it', async () => {
    unreachable.add('/modules/eosoperator/login');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await submitLogin();
      await waitFor(() => expect(screen.getAllByText(NETWORK_ERROR_MSG)).toHaveLength(2));
      expect(screen.queryByText('登录失败，请稍后重试')).toBeNull();
      expect(screen.getAllByRole('alert').filter((n) => n.textContent === NETWORK_ERROR_MSG)).toHaveLength(1);
    } finally {
      unreachable.delete('/modules/eosoperator/login');
      warn.mockRestore();
    }
  });
});

describe('accessibility of mode switches, the captcha, the register form and the QR code', () => {
  /** Presses a button as a keyboard user does: focused, then activated. */
  const press = (name: string) => {
    const button = screen.getByRole('button', { name });
    act(() => button.focus());
    fireEvent.click(button);
  };
  const headingIsFocused = async (title: string) => {
    const h = await heading();
    expect(h.textContent).toBe(title);
    await waitFor(() => expect(document.activeElement).toBe(h));
    expect(h.tabIndex).toBe(-1);
    expect(h.closest('[role="dialog"]')!.getAttribute('aria-labelledby')).toBe(h.id);
  };

  it('the dialog opens with the focus on its first field, 登录账号 (not on its container)', async () => {
    renderDialog(1);
    await heading();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('登录账号')));
  });

  it('a mode switch moves the focus to the new mode’s heading, not to <body>', async () => {
    renderDialog(1);
    await heading();
    const login = '登录继续教育网络学院';
    for (const [button, title] of [
      ['注册账号', '用户注册'],
      ['立即登录', login],
      ['忘记密码', '找回密码'],
      ['人工找回', '人工找回'],
      ['返回登录', login],
      ['忘记密码', '找回密码'],
      ['返回登录', login],
    ]) {
      press(button);
      await headingIsFocused(title);
    }
  });

  it('a captcha that failed to load says so, announced, and its button fetches it again', async () => {
    failures['/modules/imgCode/detail'] = '服务器繁忙';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      renderDialog(1);
      await heading();
      const retry = await screen.findByRole('button', { name: '验证码加载失败，点击重试' });
      expect(retry.textContent).toBe('加载失败，点击重试');
      expect(screen.getAllByRole('status').map((n) => n.textContent)).toContain('验证码加载失败，点击重试');
      // still failing after a retry: said again
      fireEvent.click(retry);
      await waitFor(() =>
        expect(screen.getAllByRole('status').map((n) => n.textContent)).not.toContain('验证码加载失败，点击重试'),
      );
      expect(await screen.findByRole('button', { name: '验证码加载失败，点击重试' })).toBeTruthy();
      delete failures['/modules/imgCode/detail'];
      fireEvent.click(screen.getByRole('button', { name: '验证码加载失败，点击重试' }));
      expect(await screen.findByAltText('验证码图片')).toBeTruthy();
      expect(screen.getByRole('button', { name: '看不清，换一张验证码' })).toBeTruthy();
      expect(screen.queryByText('加载失败，点击重试')).toBeNull();
    } finally {
      delete failures['/modules/imgCode/detail'];
      warn.mockRestore();
    }
  });

  it('the empty register form focuses 姓名, the first invalid field shown; the password is described by its hint and its message', async () => {
    renderDialog(-1);
    await heading();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('请填写姓名')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('姓名')));
    const password = screen.getByLabelText('密码');
    const described = password
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)!.textContent);
    expect(described).toEqual(['密码须包含字母、数字和下划线，且不少于8位。', '请输入密码']);
  });
});

describe('QR login expiry (SPEC 4.2)', () => {
  afterEach(() => jest.useRealTimers());

  it('after 50 polls the live region says it expired, and a focus in the QR panel moves to the refresh button', async () => {
    jest.useFakeTimers();
    renderDialog(2);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    const panel = screen.getByRole('tabpanel', { name: '扫码登录' });
    const live = within(panel).getByText('请使用已登录的手机扫描二维码登录');
    expect(live.getAttribute('aria-live')).toBe('polite');
    act(() => panel.focus());
    for (let i = 0; i <= 50; i++)
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1_000);
      });
    const refresh = within(panel).getByRole('button', { name: '二维码已过期，点击刷新' });
    expect(live.textContent).toBe('二维码已过期，点击刷新');
    expect(document.activeElement).toBe(refresh);
    // a refresh starts again: the focus stays in the panel, and the live region gives the instruction again
    fireEvent.click(refresh);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(live.textContent).toBe('请使用已登录的手机扫描二维码登录');
    expect(panel.contains(document.activeElement)).toBe(true);
  });
});

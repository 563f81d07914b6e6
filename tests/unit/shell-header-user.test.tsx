/** @jest-environment jsdom */
/**
 * The header's user part on cached public pages: a signed-in visitor's browser marks <html> before the page is
 * drawn (SignedInMark), so the visitor's 登录 is hidden for them; the mark goes when the session ends without a
 * reload; the name kept from the last visit shows before myInfo answers; a failed myInfo offers 重新加载.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterLogout, HeaderUser } from '@/components/shell/HeaderUser';
import { VARIANTS } from '@/lib/variants';
import { SignedInMark } from '@/components/shell/SignedInMark';
import { SiteProvider } from '@/components/site/SiteContext';
import { makeQueryClient } from '@/lib/api/query';
import { IDENTITY_COOKIE, SIGNED_IN_ATTRIBUTE } from '@/lib/session/identity-cookie';
import { USER_INFO_KEY } from '@/lib/session/client';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/home',
}));

let myInfo: () => { code: number; msg: string; data: unknown } | 'network-error';
beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  document.cookie = `${IDENTITY_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  document.documentElement.removeAttribute(SIGNED_IN_ATTRIBUTE);
  localStorage.clear();
  myInfo = () => ({ code: 0, msg: 'success', data: { operatorID: 7, operatorName: '王晓明', userID: 'learner' } });
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const path = String(url);
    if (path.endsWith('/myInfo')) {
      const answer = myInfo();
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      return {
        ok: true,
        status: 200,
        headers: new Headers({ 'content-type': 'application/json' }),
        json: async () => answer,
      } as Response;
    }
    if (path.endsWith('/myCmsRoleList'))
      return {
        ok: true,
        status: 200,
        headers: new Headers({ 'content-type': 'application/json' }),
        json: async () => ({ code: 0, msg: 'success', data: [] }),
      } as Response;
    // Study totals never answer here: the header shows the name without them.
    return new Promise<Response>(() => undefined);
  }) as typeof fetch;
});

const flush = async () => {
  for (let i = 0; i < 8; i++) await act(async () => undefined);
};

function renderHeader() {
  return render(
    <QueryClientProvider client={makeQueryClient()}>
      <SiteProvider site={{ variant: 'main', dx: false }}>
        <HeaderUser />
      </SiteProvider>
    </QueryClientProvider>,
  );
}

/** Runs SignedInMark's inline script as the browser would, before anything is drawn. */
function runMark() {
  const html = renderToStaticMarkup(<SignedInMark />);
  const code = html.replace(/^<script>/, '').replace(/<\/script>$/, '');
  new Function(code)();
}

describe('signed-in mark', () => {
  it('marks <html> when the identity cookie is there, and not otherwise', () => {
    runMark();
    expect(document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE)).toBe(false);
    document.cookie = `other=1`;
    document.cookie = `${IDENTITY_COOKIE}=signed`;
    runMark();
    expect(document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE)).toBe(true);
  });

  it('the visitor header has the placeholder that the mark shows and hides 登录 behind the visitor-only class', () => {
    renderHeader();
    expect(screen.getByText('您好，…').className).toContain('signed-in-placeholder');
    expect(screen.getByRole('button', { name: '登录' }).closest('.visitor-only')).not.toBeNull();
  });

  it('drops the mark when the session has ended without a reload', async () => {
    document.documentElement.setAttribute(SIGNED_IN_ATTRIBUTE, '');
    renderHeader();
    await flush();
    expect(document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE)).toBe(false);
  });
});

describe('signed-in header', () => {
  beforeEach(() => {
    document.cookie = `${IDENTITY_COOKIE}=signed`;
    document.documentElement.setAttribute(SIGNED_IN_ATTRIBUTE, '');
  });

  it('keeps the mark, and shows the name kept from the last visit before myInfo answers', async () => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify({ operatorID: 7, operatorName: '王晓明', userID: 'learner' }));
    myInfo = () => 'network-error';
    renderHeader();
    await flush();
    expect(document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE)).toBe(true);
    expect(screen.getByText(/，王晓明/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '我的贡献' })).toBeTruthy();
    // SPEC 2.1: the personal centre opens in its named window, and the link says so.
    expect(screen.getByRole('link', { name: /^个人学习 ?（在新窗口打开）$/ }).getAttribute('target')).toBe('personal');
  });

  it('a learner with no unit area is not offered the view switch (it would change no page)', async () => {
    renderHeader();
    await flush();
    expect(screen.getByText(/，王晓明/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '切换至本单位' })).toBeNull();
    expect(screen.queryByRole('link', { name: '切换至本单位' })).toBeNull();
  });

  it('offers 重新加载 when myInfo fails and nothing is kept, and shows the name once it answers', async () => {
    let fail = true;
    myInfo = () =>
      fail
        ? 'network-error'
        : { code: 0, msg: 'success', data: { operatorID: 7, operatorName: '王晓明', userID: 'learner' } };
    renderHeader();
    // After the query's one retry (a second apart) has failed too; generous waits for a busy CI machine.
    const reload = await screen.findByRole('button', { name: '重新加载' }, { timeout: 5000 });
    expect(screen.queryByText(/…/)).toBeNull();
    fail = false;
    fireEvent.click(reload);
    expect(await screen.findByText(/，王晓明/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
  }, 15000);
});

describe('signing out (SPEC 4.1)', () => {
  // QA: signing out on the personal centre reloaded it, and its login guard opened the sign-in dialog at once.
  it('reloads a public page, and leaves a page that needs a session for the site’s home', () => {
    expect(afterLogout(VARIANTS.main, '/course/index')).toBeNull();
    expect(afterLogout(VARIANTS.main, '/personal/index')).toBe('/home');
    expect(afterLogout(VARIANTS.main, '/policy/index')).toBe('/home');
    expect(afterLogout(VARIANTS.student, '/personal/index')).toBe('/course/index');
  });
});

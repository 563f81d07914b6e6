/** @jest-environment jsdom */
/**
 * The shell's navigation: the main menu is a disclosure menu (a button with aria-expanded beside each top link with
 * children; Escape closes and returns focus; a tap outside closes); the landmarks of a page have distinct names
 * (the two search forms of /search/index, the rankings and their tables on /rank/index).
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MenuItem } from '@/lib/variants';
import { NavBar } from '@/components/shell/NavBar';
import { SearchBox } from '@/components/shell/SearchBox';
import SearchPageView from '@/app/[variant]/(portal)/search/index/[[...q]]/page';
import RankPage from '@/app/[variant]/(portal)/rank/index/page';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/home',
}));
// The search page with a query that found nothing: only its own search form matters here.
jest.mock('@/lib/catalogue/server', () => ({
  siteOfParams: async () => ({
    site: { variant: 'main', dx: false },
    variant: { platform: false },
    origin: 'http://localhost',
    query: { key: '科学' },
    path: (p: string) => p,
  }),
  publicApi: () => ({ api: {}, qc: new QueryClient() }),
}));
jest.mock('@/lib/api/prefetch', () => ({ load: async () => [] }));
jest.mock('@/lib/api/server', () => ({
  serverApi: () => ({
    request: async (path: string) =>
      path.endsWith('/search/full')
        ? { counts: { course: 0, train: 0, project: 0, teacher: 0, news: 0, notice: 0 }, top: {}, terms: ['科学'] }
        : null,
  }),
}));
jest.mock('@/components/search/EmptySearchNotice', () => ({ EmptySearchNotice: () => null }));

const MENU: MenuItem[] = [
  { label: '首页', href: '/home' },
  {
    label: '课程资源',
    href: '/course/index',
    children: [
      { label: '学术前沿', href: '/course/index?t=301' },
      { label: '科技管理', href: '/course/index?t=302' },
    ],
  },
  {
    label: '师资资源',
    href: '/teacher/index',
    children: [
      { label: '院内师资', href: '/teacher/index?t=1' },
      { label: '院外师资', href: '/teacher/index?t=2' },
    ],
  },
];

describe('main menu', () => {
  const nav = () => screen.getByRole('navigation', { name: '主导航' });
  const toggle = (label: string) => within(nav()).getByRole('button', { name: `${label}子菜单` });

  it('keeps the top links as links, with a disclosure button for each submenu', () => {
    render(<NavBar menu={MENU} />);
    expect(within(nav()).getByRole('link', { name: '师资资源' }).getAttribute('href')).toBe('/teacher/index');
    expect(within(nav()).queryByRole('button', { name: '首页子菜单' })).toBeNull();
    const button = toggle('师资资源');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const sub = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(within(sub).getByRole('link', { name: '院内师资' }).getAttribute('href')).toBe('/teacher/index?t=1');
  });

  it('the button opens and closes the submenu (touch screens); one submenu at a time', () => {
    render(<NavBar menu={MENU} />);
    fireEvent.click(toggle('师资资源'));
    expect(toggle('师资资源').getAttribute('aria-expanded')).toBe('true');
    expect(toggle('师资资源').closest('li')!.hasAttribute('data-open')).toBe(true);
    fireEvent.click(toggle('课程资源'));
    expect(toggle('课程资源').getAttribute('aria-expanded')).toBe('true');
    expect(toggle('师资资源').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle('课程资源'));
    expect(toggle('课程资源').getAttribute('aria-expanded')).toBe('false');
    expect(toggle('课程资源').closest('li')!.hasAttribute('data-open')).toBe(false);
  });

  it('a mouse that opened a submenu by hovering and then clicks its button keeps it open', () => {
    render(<NavBar menu={MENU} />);
    const li = toggle('师资资源').closest('li')!;
    // jsdom has no PointerEvent: a MouseEvent of the pointer type carries pointerType as React reads it.
    const pointer = (type: string) => {
      const e = new MouseEvent(type, { bubbles: type !== 'pointerenter' && type !== 'pointerleave' });
      Object.defineProperty(e, 'pointerType', { value: 'mouse' });
      return e;
    };
    act(() => {
      li.dispatchEvent(pointer('pointerover'));
    });
    expect(toggle('师资资源').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle('师资资源'));
    expect(toggle('师资资源').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle('师资资源'));
    expect(toggle('师资资源').getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes the submenu and puts focus back on its button', () => {
    render(<NavBar menu={MENU} />);
    fireEvent.click(toggle('课程资源'));
    const child = within(nav()).getByRole('link', { name: '科技管理' });
    act(() => child.focus());
    fireEvent.keyDown(child, { key: 'Escape' });
    expect(toggle('课程资源').getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle('课程资源'));
  });

  it('a tap outside the menu closes it, and focus leaving the item does too', () => {
    render(
      <>
        <NavBar menu={MENU} />
        <button type="button">别处</button>
      </>,
    );
    fireEvent.click(toggle('师资资源'));
    fireEvent.pointerDown(document.body);
    expect(toggle('师资资源').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle('师资资源'));
    fireEvent.blur(toggle('师资资源'), { relatedTarget: screen.getByRole('button', { name: '别处' }) });
    expect(toggle('师资资源').getAttribute('aria-expanded')).toBe('false');
  });

  it('菜单 (the phone’s folded menu) unfolds and folds the list; Escape and a chosen link fold it again', () => {
    render(<NavBar menu={MENU} />);
    const menu = within(nav()).getByRole('button', { name: '菜单' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(menu.getAttribute('aria-controls')!)!.tagName).toBe('UL');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(nav().hasAttribute('data-unfolded')).toBe(true);
    // Escape in an open submenu closes the submenu first, then the menu.
    fireEvent.click(toggle('课程资源'));
    const child = within(nav()).getByRole('link', { name: '科技管理' });
    act(() => child.focus());
    fireEvent.keyDown(child, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
    fireEvent.click(menu);
    const link = within(nav()).getByRole('link', { name: '首页' });
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('marks the menu interactive once hydrated, so the CSS opens submenus by state and not by focus', () => {
    render(<NavBar menu={MENU} />);
    expect(nav().hasAttribute('data-js')).toBe(true);
  });

  describe('where the learner is', () => {
    const current = () =>
      within(nav())
        .getAllByRole('link')
        .filter((a) => a.hasAttribute('aria-current'))
        .map((a) => `${a.textContent}=${a.getAttribute('aria-current')}`);
    afterEach(() => window.history.replaceState(null, '', '/'));

    it("a category page: its link is the page, 课程资源 its section; the server's HTML marks nothing", () => {
      window.history.replaceState(null, '', '/course/index?t=302&page=2');
      expect(renderToString(<NavBar menu={MENU} />)).not.toContain('aria-current');
      render(<NavBar menu={MENU} />);
      expect(current()).toEqual(['课程资源=true', '科技管理=page']);
    });

    it('follows the address: a detail page marks its section only; Back to the list marks the list itself', () => {
      window.history.replaceState(null, '', '/teacher/detail?id=4');
      render(<NavBar menu={MENU} />);
      expect(current()).toEqual(['师资资源=true']);
      act(() => {
        window.history.pushState(null, '', '/course/index');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      expect(current()).toEqual(['课程资源=page']);
    });
  });
});

describe('landmarks', () => {
  it('the shell search and the search page search have distinct names', async () => {
    const page = await SearchPageView({ params: Promise.resolve({}) as never });
    render(
      <>
        <SearchBox />
        {page}
      </>,
    );
    const names = screen.getAllByRole('search').map((f) => f.getAttribute('aria-label'));
    expect(names).toEqual(['全站搜索', '搜索结果页搜索']);
    expect(screen.getByRole('search', { name: '全站搜索' })).toBeTruthy();
    expect(screen.getByRole('search', { name: '搜索结果页搜索' })).toBeTruthy();
  });

  it('/rank/index: each ranking and its scrolling table are regions of distinct names', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        {await RankPage({ params: Promise.resolve({}) as never })}
      </QueryClientProvider>,
    );
    const names = screen
      .getAllByRole('region')
      .map(
        (r) => r.getAttribute('aria-label') ?? document.getElementById(r.getAttribute('aria-labelledby')!)!.textContent,
      );
    expect(names).toHaveLength(6);
    expect(new Set(names).size).toBe(names.length);
    expect(screen.getByRole('region', { name: '个人学时排行' })).toBeTruthy();
  });
});

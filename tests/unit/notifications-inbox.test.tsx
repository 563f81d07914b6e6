/** @jest-environment jsdom */
/**
 * Notifications (issue 25) in the browser: the header's 消息 link names the unread count; the inbox lists the
 * messages with their state, 标为已读 sends the message's id and the list and count are read again, 未读 asks for the
 * unread ones only, and an empty inbox says so.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Inbox } from '@/components/notifications/Inbox';
import { NotificationBell } from '@/components/notifications/NotificationBell';
import type { NotificationItem, NotificationPage } from '@/lib/contract/notifications';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/personal/messages',
}));

const item = (over: Partial<NotificationItem>): NotificationItem => ({
  id: 1,
  kind: 'train-review',
  title: '培训报名审核通过：《科研诚信专题培训》',
  body: '您报名的培训项目《科研诚信专题培训》已审核通过。',
  link: '/train/detail?id=3',
  read: false,
  createdAt: '2026-11-27T02:00:00.000Z',
  ...over,
});

let read = false;
let calls: { path: string; body: unknown }[];
const page = (list: NotificationItem[]): NotificationPage => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 10,
  unread: list.filter((n) => !n.read).length,
});

beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const one = item({ read });
    const data =
      path === '/api/notification/unreadCount'
        ? { unread: read ? 0 : 1 }
        : path === '/api/notification/read'
          ? ((read = true), { unread: 0 })
          : path === '/api/notification/list'
            ? page((body as { unread?: boolean }).unread ? [one].filter((n) => !n.read) : [one])
            : null;
    const env = { code: 0, msg: 'success', data };
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => env,
      text: async () => JSON.stringify(env),
    } as Response;
  }) as typeof fetch;
});
beforeEach(() => {
  read = false;
  calls = [];
  document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
});

const wrap = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NotificationBell />
      <Inbox />
    </QueryClientProvider>,
  );

describe('the inbox and the header count', () => {
  it('names the count, marks a message read and reads the count again', async () => {
    wrap();
    expect(await screen.findByRole('link', { name: '消息，1条未读' })).toBeTruthy();
    const li = await screen.findByRole('listitem', { name: '培训报名审核通过：《科研诚信专题培训》' });
    expect(within(li).getByText('未读')).toBeTruthy();
    expect(within(li).getByRole('link').getAttribute('href')).toBe('/train/detail?id=3');
    expect(screen.getByText('未读 1 条')).toBeTruthy();
    fireEvent.click(within(li).getByRole('button', { name: /标为已读/ }));
    await waitFor(() => expect(screen.getByRole('link', { name: '消息' })).toBeTruthy());
    expect(calls.find((c) => c.path === '/api/notification/read')?.body).toEqual({ ids: [1] });
    await waitFor(() => expect(within(li).getByText('已读')).toBeTruthy());
    expect(screen.getByText('未读 0 条')).toBeTruthy();
  });

  it('asks for the unread ones only, and says when there are none', async () => {
    read = true;
    wrap();
    await screen.findByRole('listitem', { name: /培训报名审核通过/ });
    fireEvent.click(screen.getByRole('button', { name: '未读' }));
    expect(await screen.findByText('没有未读消息')).toBeTruthy();
    expect(screen.getByRole('button', { name: '未读' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.some((c) => c.path === '/api/notification/list' && (c.body as { unread?: boolean }).unread)).toBe(
      true,
    );
  });
});

/** @jest-environment jsdom */
/** The portal's messages (SPEC 8): shown for their duration; the same message is not stacked twice. */
import { act, render, screen } from '@testing-library/react';
import { apiEvents } from '@/lib/api/browser';
import { Toaster, toast } from '@/components/ui/Toaster';

describe('Toaster', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a message for its duration', () => {
    render(<Toaster />);
    act(() => toast('error', '服务器繁忙', 3000));
    expect(screen.getByRole('alert').textContent).toBe('服务器繁忙');
    act(() => jest.advanceTimersByTime(3001));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not stack the same message twice, and keeps it for the newer duration', () => {
    render(<Toaster />);
    act(() => toast('warning', '您的账号已在其他地方登录，请重新登录', 3000));
    act(() => jest.advanceTimersByTime(2000));
    act(() => toast('warning', '您的账号已在其他地方登录，请重新登录', 3000));
    act(() => toast('warning', '另一条消息', 3000));
    expect(screen.getAllByRole('status').map((n) => n.textContent)).toEqual([
      '您的账号已在其他地方登录，请重新登录',
      '另一条消息',
    ]);
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByText('您的账号已在其他地方登录，请重新登录')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1001));
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });

  it('a message the page also shows beside its form is shown, but is no second live region', () => {
    render(<Toaster />);
    act(() =>
      apiEvents.emit({
        type: 'notify',
        kind: 'error',
        message: '验证码错误或已过期，请重新输入',
        durationMs: 3000,
        announce: false,
      }),
    );
    expect(screen.getByText('验证码错误或已过期，请重新输入')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('Toaster while a dialog is open', () => {
  it('a session warning is announced from outside the tree the dialog makes inert', async () => {
    const { Dialog, DialogPanel, DialogTitle } = await import('@headlessui/react');
    const { waitFor } = await import('@testing-library/react');
    render(
      <>
        <main>页面内容</main>
        <Dialog open onClose={() => undefined}>
          <DialogPanel>
            <DialogTitle>登录</DialogTitle>
            <button type="button">确定</button>
          </DialogPanel>
        </Dialog>
        <Toaster />
      </>,
    );
    // the dialog has made the page's own tree inert
    await waitFor(() => expect(screen.getByText('页面内容').closest('[aria-hidden="true"]')).not.toBeNull());
    act(() => toast('warning', '您的账号已在其他地方登录，请重新登录', 3000));
    const message = screen.getByRole('status');
    expect(message.textContent).toBe('您的账号已在其他地方登录，请重新登录');
    expect(message.closest('[aria-hidden="true"]')).toBeNull();
    let node: HTMLElement | null = message;
    while (node) {
      expect((node as HTMLElement & { inert?: boolean }).inert).not.toBe(true);
      node = node.parentElement;
    }
  });
});

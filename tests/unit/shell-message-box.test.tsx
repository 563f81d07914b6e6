/** @jest-environment jsdom */
/**
 * SPEC 2.7: every mode of the 提示 message box is a dialog named by its title and described by its message, so a
 * screen reader reads the message as the box opens (as the 交卷 confirmation does).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { MessageBox } from '@/components/shell/MessageBox';
import { onUi, type MessageBoxMode } from '@/lib/ui/events';
import { NavBar } from '@/components/shell/NavBar';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/home',
}));

const TEXTS: [MessageBoxMode, string][] = [
  [1, '请先登录系统后再查看相关内容，谢谢！'],
  [2, '请先登录系统后再查看相关内容，谢谢！'],
  [3, '当前课程只能试看3分钟，请您点击“选学”按钮“开始学习”按钮观看课程完整内容'],
  [4, '请选学后播放'],
  [5, '未找到与关键词相关的内容，请更换关键词后重试'],
  [6, '此操作需要先登录'],
  [7, '该账号尚未在本平台注册，请先使用平台账号登录或注册后再扫码'],
];

const description = () => {
  const dialog = screen.getByRole('dialog', { name: '提示' });
  const ids = dialog.getAttribute('aria-describedby');
  expect(ids).toBeTruthy();
  return ids!
    .split(' ')
    .map((id) => document.getElementById(id)!.textContent)
    .join(' ');
};

it.each(TEXTS)('mode %i is described by its message', (mode, text) => {
  render(<MessageBox initial={{ mode }} />);
  expect(description()).toBe(text);
});

it('a message given with the mode describes the box instead', () => {
  render(<MessageBox initial={{ mode: 6, message: '收藏课程需要先登录' }} />);
  expect(description()).toBe('收藏课程需要先登录');
});

// QA: the box opened with the focus on its invisible container, so Enter did nothing and a keyboard user had to find
// the button. The focus now starts on the box's action (登录 where it offers one, else 确定).
it.each([
  [4 as MessageBoxMode, '确定'],
  [3 as MessageBoxMode, '确定'],
  [1 as MessageBoxMode, '登录'],
  [2 as MessageBoxMode, '确定'],
])('mode %i opens with the focus on %s', async (mode, name) => {
  render(<MessageBox initial={{ mode }} />);
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name })));
});

it('a question asked with useConfirm opens with the focus on 取消, the choice that changes nothing', async () => {
  function Asker() {
    const [confirm, dialog] = useConfirm();
    return (
      <>
        <button type="button" onClick={() => void confirm('确定交卷吗？')}>
          交卷
        </button>
        {dialog}
      </>
    );
  }
  render(<Asker />);
  fireEvent.click(screen.getByRole('button', { name: '交卷' }));
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '取消' })));
});

// SPEC 2.7 mode 2 (login required, OK): the menu's login guard (SPEC 2.3) opens it; its one button says 确定 and
// goes on to the login dialog.
it('the menu guard opens mode 2, whose 确定 opens the login dialog', async () => {
  const events: { type: string; mode?: number; loginType?: number }[] = [];
  const off = onUi((e) => events.push(e as (typeof events)[number]));
  render(<NavBar menu={[{ label: '政策制度', href: '/policy/index', promptLogin: true }]} />);
  fireEvent.click(screen.getAllByRole('link', { name: '政策制度' })[0]);
  expect(events.find((e) => e.type === 'messageBox')?.mode).toBe(2);
  render(<MessageBox initial={{ mode: 2 }} />);
  expect(screen.queryByRole('button', { name: '登录' })).toBeNull();
  expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  expect(events.some((e) => e.type === 'login' && e.loginType === 1)).toBe(true);
  off();
});

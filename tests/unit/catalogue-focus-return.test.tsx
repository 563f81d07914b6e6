/**
 * @jest-environment jsdom
 */
/**
 * Defect: the first dialog of a page (loaded on first use) gave focus to <body> when closed. returnFocusOnClose
 * remembers the opener when the dialog is asked for and gives focus back once the dialog has closed.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { returnFocusOnClose } from '@/components/shell/focus-return';

const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

/** A dialog that mounts after the click (as a lazily loaded one does) and knows nothing of its opener. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          returnFocusOnClose();
          setTimeout(() => setOpen(true), 5);
        }}
      >
        登录
      </button>
      <button type="button">其他</button>
      {open && (
        <div role="dialog" aria-label="登录">
          <button type="button" autoFocus onClick={() => setOpen(false)}>
            关闭
          </button>
        </div>
      )}
    </>
  );
}

describe('focus returns to the opener of a lazily loaded dialog', () => {
  it('focus lost to <body> on close goes back to the button that opened it', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: '登录' });
    opener.focus();
    fireEvent.click(opener);
    await settle();
    const close = screen.getByRole('button', { name: '关闭' });
    close.focus();
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves focus alone when it landed on an element after the close', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: '登录' });
    opener.focus();
    fireEvent.click(opener);
    await settle();
    const other = screen.getByRole('button', { name: '其他' });
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    other.focus();
    await settle();
    expect(document.activeElement).toBe(other);
  });
});

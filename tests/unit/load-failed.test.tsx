/** @jest-environment jsdom */
/**
 * The block a part of a page shows when its data could not be read: what failed, announced (role="alert"), and
 * 重试; while the new read is under way the button says 重试中…, ignores presses and keeps the keyboard focus.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { LoadFailed } from '@/components/ui/LoadFailed';

it('names what failed and 重试 reads it again', () => {
  const retry = jest.fn();
  render(<LoadFailed what="课程列表" onRetry={retry} />);
  expect(screen.getByRole('alert').textContent).toContain('课程列表加载失败，请稍后重试。');
  fireEvent.click(screen.getByRole('button', { name: '重试' }));
  expect(retry).toHaveBeenCalledTimes(1);
});

it('while retrying: 重试中…, a press does nothing, the focus stays on the button', () => {
  const retry = jest.fn();
  render(<LoadFailed what="课程列表" onRetry={retry} retrying />);
  const button = screen.getByRole('button', { name: '重试中…' });
  button.focus();
  fireEvent.click(button);
  expect(retry).not.toHaveBeenCalled();
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect(document.activeElement).toBe(button);
});

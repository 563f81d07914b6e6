/** @jest-environment jsdom */
/**
 * 提交审核 asks first (SPEC 5: a confirm prompt titled 提示 with 确定 and 取消, shown only once every requirement
 * passes); 取消 submits nothing, 确定 submits.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SubmitReviewButton } from '@/components/creation/SubmitReviewButton';

function setup(requirements: string[]) {
  const onSubmit = jest.fn();
  const onUnmet = jest.fn();
  render(<SubmitReviewButton busy={false} requirements={requirements} onUnmet={onUnmet} onSubmit={onSubmit} />);
  return { onSubmit, onUnmet };
}

it('asks 提示 / 确定 / 取消 before submitting; 取消 submits nothing', async () => {
  const { onSubmit } = setup([]);
  fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
  const box = await screen.findByRole('alertdialog', { name: '提示' });
  expect(box.textContent).toContain('确定提交审核吗');
  expect(within(box).getByRole('button', { name: '确定' })).toBeTruthy();
  fireEvent.click(within(box).getByRole('button', { name: '取消' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(onSubmit).not.toHaveBeenCalled();
});

it('确定 submits', async () => {
  const { onSubmit } = setup([]);
  fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
});

it('with a requirement unmet, reports it and asks nothing', () => {
  const { onSubmit, onUnmet } = setup(['请上传课程封面']);
  fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
  expect(onUnmet).toHaveBeenCalledWith(['请上传课程封面']);
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(onSubmit).not.toHaveBeenCalled();
});

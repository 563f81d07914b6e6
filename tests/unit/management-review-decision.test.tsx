/** @jest-environment jsdom */
/**
 * 课程审核's decision (issue 25, SPEC 4.5 and 5): 不通过 and 退回修改 need 审核意见 (请填写审核意见, nothing asked or sent);
 * then the 提示 prompt, where 取消 sends nothing and 确定 sends /api/course/audit with the outcome and the reason.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';

const request = jest.fn();
jest.mock('@/lib/api/browser', () => ({
  api: { request: (...args: unknown[]) => request(...args) },
  apiEvents: { emit: jest.fn(), subscribe: () => () => undefined },
}));

import { ReviewDecision } from '@/components/management/review/ReviewDecision';

beforeEach(() => request.mockReset().mockResolvedValue({ auditStatus: 1053, auditLabel: '审核不通过' }));

function setup() {
  const onDone = jest.fn();
  render(<ReviewDecision courseId={7} title="量子计算导论" onDone={onDone} />);
  return { onDone };
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交审核结果' }));

it('asks for a reason before rejecting, and neither prompts nor sends without one', async () => {
  setup();
  fireEvent.click(screen.getByRole('radio', { name: '不通过' }));
  submit();
  expect((await screen.findByRole('alert')).textContent).toBe('请填写审核意见');
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(request).not.toHaveBeenCalled();
});

it('取消 in the prompt sends nothing; 确定 sends the outcome and the reason', async () => {
  const { onDone } = setup();
  fireEvent.click(screen.getByRole('radio', { name: '不通过' }));
  fireEvent.change(screen.getByLabelText(/审核意见/), { target: { value: ' 简介过短 ' } });
  submit();
  let box = await screen.findByRole('alertdialog', { name: '提示' });
  expect(box.textContent).toContain('确定将课程“量子计算导论”审核为“不通过”吗？');
  fireEvent.click(within(box).getByRole('button', { name: '取消' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(request).not.toHaveBeenCalled();
  submit();
  box = await screen.findByRole('alertdialog', { name: '提示' });
  fireEvent.click(within(box).getByRole('button', { name: '确定' }));
  await waitFor(() => expect(onDone).toHaveBeenCalledWith(1053));
  expect(request).toHaveBeenCalledWith('/api/course/audit', { courseId: 7, auditStatus: 1053, reason: '简介过短' });
});

it('approves without a reason', async () => {
  const { onDone } = setup();
  fireEvent.click(screen.getByRole('radio', { name: '通过' }));
  submit();
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
  await waitFor(() => expect(onDone).toHaveBeenCalledWith(1052));
  expect(request).toHaveBeenCalledWith('/api/course/audit', { courseId: 7, auditStatus: 1052, reason: '' });
});

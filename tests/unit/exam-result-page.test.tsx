/** @jest-environment jsdom */
/**
 * The exam result page (view=result) for a signed-out visitor: the message and a 登录 button that opens the exam
 * login (type 17), as the paper does; a transport failure is told in Chinese, not as the client's English text.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import ExamPage from '@/app/[variant]/(portal)/exam/page';
import { ApiError, TransportError } from '@/lib/api/core';
import { openLogin } from '@/lib/ui/events';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn() }),
  notFound: () => {
    throw new Error('not found');
  },
}));
jest.mock('@/lib/ui/events', () => ({ ...jest.requireActual<object>('@/lib/ui/events'), openLogin: jest.fn() }));
let failure: Error;
jest.mock('@/lib/api/visitor', () => ({
  userApi: async () => ({ api: { request: async () => Promise.reject(failure) }, token: null }),
}));

const renderResult = async () =>
  render(
    await ExamPage({
      params: Promise.resolve({ variant: 'main' }),
      searchParams: Promise.resolve({ examId: '1', view: 'result' }),
    }),
  );

describe('exam result page', () => {
  it('offers a signed-out visitor 登录, which opens the exam login', async () => {
    failure = new ApiError('/api/examReply/result', 2002, '账号未登录，请登录', null);
    await renderResult();
    expect(screen.getByText(/账号未登录，请登录/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(openLogin).toHaveBeenCalledWith(17);
  });

  it('says a failed load in Chinese, and offers no 登录 for other errors', async () => {
    failure = new TransportError('network', 'fetch failed');
    await renderResult();
    expect(screen.getByText('成绩加载失败，请稍后刷新重试')).toBeTruthy();
    expect(screen.queryByText(/fetch failed/)).toBeNull();
    expect(screen.queryByRole('button', { name: '登录' })).toBeNull();
  });
});

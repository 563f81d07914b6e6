/** @jest-environment jsdom */
/**
 * /assess in the browser: the list is the server's (projects the learner took part in that have started);
 * `?trainId=N` (the link of a project's page) shows that project only, or says plainly that it cannot be assessed.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AssessList } from '@/components/newEmployee/AssessList';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import type { AssessItem } from '@/lib/contract/spaces';
import { envelopeResponse } from '../fixtures/http';

let search = '';
jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(search),
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));

const item = (trainId: number, title: string): AssessItem => ({
  trainId,
  title,
  type: 5001,
  startAt: '2026-05-28T01:00:00Z',
  endAt: '2026-05-29T09:00:00Z',
  assessed: false,
  scores: null,
  comment: '',
});
const list = [item(3, '党的二十大精神专题报告会'), item(1, '纳米科技专题学术报告会')];

let failNext = 0;
beforeAll(() => {
  global.fetch = jest.fn(async () => {
    if (failNext > 0) {
      failNext--;
      throw new TypeError('Failed to fetch');
    }
    const env = { code: 0, msg: 'success', data: list };
    return envelopeResponse(env);
  }) as typeof fetch;
  document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
});

function show(query: string) {
  search = query;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AssessList />
    </QueryClientProvider>,
  );
}

describe('training assessment list', () => {
  it('without trainId: every project the server offers', async () => {
    show('');
    expect(await screen.findByRole('heading', { name: '党的二十大精神专题报告会' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '纳米科技专题学术报告会' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '提交评估' })).toHaveLength(2);
  });

  it('?trainId=1: that project only, with the way back to all', async () => {
    show('?trainId=1');
    expect(await screen.findByRole('heading', { name: '纳米科技专题学术报告会' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '党的二十大精神专题报告会' })).toBeNull();
    expect(screen.getAllByRole('button', { name: '提交评估' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: '查看全部可评估的培训项目' }).getAttribute('href')).toBe('/assess');
  });

  it('?trainId= of a project the learner cannot assess: a clear message, no form', async () => {
    show('?trainId=99');
    expect((await screen.findByRole('status')).textContent).toMatch(
      '该培训项目暂不能评估：只能评估您参加过且已开始的培训项目。',
    );
    expect(screen.queryByRole('button', { name: '提交评估' })).toBeNull();
  });

  it('a list that could not be read says so and offers 重试, which shows it', async () => {
    failNext = 1;
    show('');
    expect((await screen.findByRole('alert')).textContent).toContain('可评估的培训项目加载失败，请稍后重试。');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(await screen.findByRole('heading', { name: '党的二十大精神专题报告会' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/** @jest-environment jsdom */
/**
 * Defect: 提交自测 with nothing answered graded 答对 0 / 3 题, revealed the answers and locked the test. Unanswered
 * questions are now marked (as a questionnaire's) and the first one takes the focus; nothing is sent or revealed
 * until every question is answered.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SelfTestPanel } from '@/components/player/SelfTestPanel';
import type { SelfTest, SelfTestResult } from '@/lib/contract/learning';
import { envelopeResponse } from '../fixtures/http';

const test: SelfTest = {
  chapterId: 7,
  questions: [
    { id: 1, type: 'judge', stem: '本讲的主题是“导论”。', options: ['正确', '错误'] },
    { id: 2, type: 'single', stem: '本讲属于哪门课程？', options: ['党史概论', '数据结构', '大学英语'] },
    { id: 3, type: 'judge', stem: '学完一讲后应结合工作实际进行思考与总结。', options: ['正确', '错误'] },
  ],
};
const result: SelfTestResult = {
  chapterId: 7,
  total: 3,
  correct: 2,
  results: [
    { id: 1, correct: true, answer: 0 },
    { id: 2, correct: false, answer: 0 },
    { id: 3, correct: true, answer: 0 },
  ],
};

const sent: { path: string; body: unknown }[] = [];
let failNext = 0;
beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (failNext > 0) {
      failNext--;
      throw new TypeError('Failed to fetch');
    }
    const env = { code: 0, msg: 'success', data: path.endsWith('selfTestSubmit') ? result : test };
    return envelopeResponse(env);
  }) as typeof fetch;
});
beforeEach(() => {
  sent.length = 0;
});

function show() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <SelfTestPanel chapterId={7} onNext={() => undefined} />
    </QueryClientProvider>,
  );
}
async function renderTest() {
  show();
  await screen.findByRole('button', { name: '提交自测' });
}
const submits = () => sent.filter((r) => r.path.endsWith('selfTestSubmit'));
const group = (n: number) => screen.getByRole('group', { name: new RegExp(`^${n}\\.`) });

it('a blank submission marks every question, focuses the first, and sends and reveals nothing', async () => {
  await renderTest();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交自测' })));
  expect(screen.getByRole('alert').textContent).toBe('还有3道题需要填写，请查看标红的题目');
  for (const n of [1, 2, 3]) {
    expect(group(n).getAttribute('aria-invalid')).toBe('true');
    expect(within(group(n)).getByText(`第${n}题为必答题，请作答`)).toBeTruthy();
  }
  expect(document.activeElement).toBe(group(1));
  expect(submits()).toHaveLength(0);
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.queryByText(/正确答案/)).toBeNull();
  expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).disabled)).toBe(true);
});

it('answering clears a mark; the one left unanswered is named and focused; once complete the test is scored', async () => {
  await renderTest();
  fireEvent.click(within(group(1)).getByLabelText('正确'));
  fireEvent.click(within(group(3)).getByLabelText('正确'));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交自测' })));
  expect(screen.getByRole('alert').textContent).toBe('第2题为必答题，请作答');
  expect(group(1).getAttribute('aria-invalid')).toBe('false');
  expect(group(2).getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(group(2));
  expect(submits()).toHaveLength(0);

  fireEvent.click(within(group(2)).getByLabelText('数据结构'));
  expect(screen.queryByRole('alert')).toBeNull();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交自测' })));
  expect(submits()).toEqual([
    {
      path: expect.stringContaining('/api/course/selfTestSubmit'),
      body: { chapterId: 7, answers: { '1': 0, '2': 1, '3': 0 } },
    },
  ]);
  expect((await screen.findByRole('status')).textContent).toContain('答对 2 / 3 题');
  expect(within(group(2)).getByText('回答错误，正确答案：党史概论')).toBeTruthy();
});

it('questions that could not be read: the panel says so and 重试 shows them', async () => {
  failNext = 1;
  show();
  expect((await screen.findByRole('alert')).textContent).toContain('自测题加载失败，请稍后重试。');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
  expect(await screen.findByRole('button', { name: '提交自测' })).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});

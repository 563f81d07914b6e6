/** @jest-environment jsdom */
/**
 * SPEC 9: an exam's time is shown in hours, minutes (and days for long ones), never as 10080分钟; a countdown of
 * more than a day as days, hours and minutes instead of 145小时15分32秒. One formatter each, used by the exam
 * list and the paper.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { formatCountdown, formatDuration } from '@/lib/format';
import { ExamPaper } from '@/components/exam/ExamPaper';
import ExamPage from '@/app/[variant]/(portal)/exam/page';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import type { ExamRow } from '@/lib/learning/exam-status';
import { envelopeResponse } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
  notFound: () => {
    throw new Error('not found');
  },
}));
const row = (id: number, title: string, durationMinutes: number) =>
  ({
    id,
    title,
    trainId: null,
    examType: 0,
    examStyle: 1,
    startAt: '2026-11-20T00:00:00Z',
    endAt: '2026-11-30T00:00:00Z',
    durationMinutes,
    requireLogin: false,
    status: -2,
    paperScore: null,
    canTake: true,
  }) as unknown as ExamRow;
jest.mock('@/lib/api/visitor', () => ({
  userApi: async () => ({
    api: {
      request: async () => [
        row(7, '学习周测（7天内完成）', 10080),
        row(8, '保密知识专题考试', 90),
        row(9, '网络安全意识测试', 45),
      ],
    },
    token: null,
  }),
}));

describe('formatDuration (minutes)', () => {
  it.each([
    [45, '45分钟'],
    [60, '1小时'],
    [90, '1小时30分钟'],
    [1440, '1天'],
    [1500, '1天1小时'],
    [10080, '7天'],
    [0, '0分钟'],
    [Number.NaN, '0分钟'],
  ])('%d -> %s', (m, text) => expect(formatDuration(m)).toBe(text));
});

describe('formatCountdown (seconds)', () => {
  it('keeps hours, minutes and seconds under a day; days, hours and minutes beyond', () => {
    expect(formatCountdown(125)).toBe('2分5秒');
    expect(formatCountdown(3725)).toBe('1小时2分5秒');
    expect(formatCountdown(86_399)).toBe('23小时59分59秒');
    expect(formatCountdown(86_400)).toBe('1天0小时0分');
    expect(formatCountdown(145 * 3600 + 15 * 60 + 32)).toBe('6天1小时15分');
    expect(formatCountdown(-3)).toBe('0分0秒');
  });
});

describe('where exams show their time', () => {
  it('the exam list shows each duration readably', async () => {
    render(await ExamPage({ params: Promise.resolve({ variant: 'main' }), searchParams: Promise.resolve({}) }));
    const duration = (id: number) => within(screen.getByTestId(`exam-row-${id}`)).getAllByRole('cell')[4].textContent;
    expect(duration(7)).toBe('7天');
    expect(duration(8)).toBe('1小时30分钟');
    expect(duration(9)).toBe('45分钟');
    expect(screen.queryByText('10080分钟')).toBeNull();
  });

  it('the paper of a seven-day exam counts down in days', async () => {
    const now = Date.now();
    const paper = {
      replyId: 9,
      examId: 7,
      title: '学习周测（7天内完成）',
      serverNow: new Date(now).toISOString(),
      deadline: new Date(now + 7 * 86_400_000).toISOString(),
      submitted: false,
      answers: {},
      questions: [],
    };
    global.fetch = jest.fn(async (url: RequestInfo | URL) => {
      const env = { code: 0, msg: 'success', data: String(url) === '/api/examReply/start' ? paper : {} };
      return envelopeResponse(env);
    }) as typeof fetch;
    document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
    render(<ExamPaper examId={7} />);
    const timer = await screen.findByTestId('exam-timer');
    await waitFor(() => expect(timer.textContent).toMatch(/^剩余时间 (7天0小时0分|6天23小时59分)$/));
  });
});

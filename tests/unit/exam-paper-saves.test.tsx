/** @jest-environment jsdom */
/**
 * The exam paper when the network fails: an answer that could not be saved is kept (in memory and in localStorage
 * under the exam and attempt), offered 重试, sent again when the connection returns and restored after a reload;
 * 交卷 carries the unsaved answers and fails in Chinese. The timer warns at 5 and 1 minutes left, the automatic
 * 交卷 says so, and a short answer under its minimum length is refused before 交卷.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EXAM_RETRY_MS, ExamPaper, MSG_SUBMIT_FAILED } from '@/components/exam/ExamPaper';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import type { PaperView } from '@/lib/learning/exam-status';
import { envelopeResponse } from '../fixtures/http';

const KEY = 'exam-unsaved:5:9';
const basePaper: PaperView = {
  replyId: 9,
  examId: 5,
  title: '学习周测',
  serverNow: new Date().toISOString(),
  deadline: new Date(Date.now() + 3_600_000).toISOString(),
  submitted: false,
  answers: {},
  questions: [
    {
      id: 1,
      type: 'single',
      stem: '继续教育在线学习每年的网络学时要求至少为多少学时？',
      options: ['30学时', '50学时'],
      score: 50,
    },
    { id: 2, type: 'judge', stem: '学时可以跨年累计。', options: ['正确', '错误'], score: 40 },
    {
      id: 6,
      type: 'short',
      stem: '请简述参加继续教育学习的收获（不少于10字）。',
      options: [],
      score: 10,
      minLength: 10,
    },
  ],
};

let paper = basePaper;
/** While true, every call but loading the paper fails as an unreachable server does (fetch's TypeError). */
let offline = false;
let calls: { path: string; body: Record<string, unknown> }[] = [];
const sent = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    if (offline && path.startsWith('/api/examReply/') && path !== '/api/examReply/start')
      throw new TypeError('Failed to fetch');
    calls.push({ path, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
    const data =
      path === '/api/examReply/start'
        ? { ...paper, serverNow: new Date().toISOString() }
        : path === '/api/examReply/submit'
          ? { score: 50, totalScore: 100, overtime: false }
          : {};
    const env = { code: 0, msg: 'success', data };
    return envelopeResponse(env);
  }) as typeof fetch;
  Element.prototype.scrollIntoView = () => {};
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
});

beforeEach(() => {
  paper = basePaper;
  offline = false;
  calls = [];
  window.localStorage.clear();
});

const question = (n: number) => screen.getByRole('group', { name: new RegExp(`^${n}\\.`) });
const stored = () => JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as unknown;

async function submitConfirmed() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '交卷' })));
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: '确定' })));
}

describe('exam paper: answers that fail to save', () => {
  it('keeps a failed save, offers 重试, and sends it when the connection returns', async () => {
    render(<ExamPaper examId={5} />);
    offline = true;
    fireEvent.click(await screen.findByRole('radio', { name: /50学时/ }));
    await screen.findByText('保存失败，网络恢复后将自动重试');
    expect(stored()).toEqual({ '1': [1] });
    // 重试 while still offline: still kept.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    await screen.findByText('保存失败，网络恢复后将自动重试');
    offline = false;
    await act(async () => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(question(1).textContent).toContain('已保存'));
    expect(sent('/api/examReply/saveAnswer')).toEqual([{ replyId: 9, questionId: 1, answer: [1] }]);
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('tries again by itself every 20 seconds (the server was down, the browser online)', async () => {
    const every = jest.spyOn(window, 'setInterval');
    render(<ExamPaper examId={5} />);
    offline = true;
    fireEvent.click(await screen.findByRole('radio', { name: /30学时/ }));
    await screen.findByText('保存失败，网络恢复后将自动重试');
    offline = false;
    const retry = every.mock.calls.filter(([, ms]) => ms === EXAM_RETRY_MS).at(-1)![0] as () => void;
    every.mockRestore();
    await act(async () => retry());
    await waitFor(() => expect(question(1).textContent).toContain('已保存'));
    expect(sent('/api/examReply/saveAnswer')).toEqual([{ replyId: 9, questionId: 1, answer: [0] }]);
  });

  it('重试 sends the kept answer', async () => {
    render(<ExamPaper examId={5} />);
    offline = true;
    fireEvent.click(await screen.findByRole('radio', { name: /错误/ }));
    await screen.findByRole('button', { name: '重试' });
    offline = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    await waitFor(() => expect(question(2).textContent).toContain('已保存'));
    expect(sent('/api/examReply/saveAnswer')).toEqual([{ replyId: 9, questionId: 2, answer: [1] }]);
  });

  it('after a reload the unsaved answers are back in the form and sent', async () => {
    window.localStorage.setItem(KEY, JSON.stringify({ '2': [1], '6': ['通过这次培训收获很大，受益匪浅'] }));
    window.localStorage.setItem('exam-unsaved:5:8', JSON.stringify({ '1': [0] }));
    render(<ExamPaper examId={5} />);
    expect(((await screen.findByRole('radio', { name: /错误/ })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('通过这次培训收获很大，受益匪浅');
    await waitFor(() => expect(sent('/api/examReply/saveAnswer')).toHaveLength(2));
    expect(sent('/api/examReply/saveAnswer')).toContainEqual({ replyId: 9, questionId: 2, answer: [1] });
    await waitFor(() => expect(window.localStorage.getItem(KEY)).toBeNull());
    // An earlier attempt's leftovers are dropped.
    expect(window.localStorage.getItem('exam-unsaved:5:8')).toBeNull();
  });

  it('交卷 offline fails in Chinese only; the next 交卷 clears it and carries the unsaved answers', async () => {
    render(<ExamPaper examId={5} />);
    offline = true;
    fireEvent.click(await screen.findByRole('radio', { name: /50学时/ }));
    await submitConfirmed();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG_SUBMIT_FAILED);
    expect(document.body.textContent).not.toMatch(/Failed to fetch/);
    offline = false;
    await submitConfirmed();
    expect(await screen.findByTestId('exam-score')).toBeTruthy();
    expect(screen.queryByText(MSG_SUBMIT_FAILED)).toBeNull();
    expect(sent('/api/examReply/submit')).toEqual([{ replyId: 9, answers: { '1': [1] } }]);
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });
});

describe('exam paper: time and short answers', () => {
  it('warns (politely, and in red) at 5 minutes and at 1 minute left', async () => {
    paper = { ...basePaper, deadline: new Date(Date.now() + 290_000).toISOString() };
    const { unmount } = render(<ExamPaper examId={5} />);
    const warning = await screen.findByTestId('exam-time-warning');
    expect(warning.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(warning.textContent).toBe('距考试结束不足5分钟，请抓紧作答'));
    expect(screen.getByTestId('exam-timer').className).toMatch(/text-red-700/);
    unmount();
    paper = { ...basePaper, deadline: new Date(Date.now() + 50_000).toISOString() };
    render(<ExamPaper examId={5} />);
    await waitFor(() =>
      expect(screen.getByTestId('exam-time-warning').textContent).toBe('距考试结束不足1分钟，时间到将自动交卷'),
    );
  });

  it('the automatic 交卷 at the limit says so, even when the server was in time', async () => {
    paper = { ...basePaper, deadline: new Date(Date.now() - 1000).toISOString() };
    render(<ExamPaper examId={5} />);
    expect(await screen.findByText(/考试时间已到，已自动交卷/)).toBeTruthy();
    expect(sent('/api/examReply/submit')).toHaveLength(1);
  });

  it('an automatic 交卷 that failed offline is sent again when the connection returns', async () => {
    paper = { ...basePaper, deadline: new Date(Date.now() - 1000).toISOString() };
    offline = true;
    render(<ExamPaper examId={5} />);
    expect((await screen.findByRole('alert')).textContent).toBe(MSG_SUBMIT_FAILED);
    offline = false;
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText(/考试时间已到，已自动交卷/)).toBeTruthy();
  });

  it('refuses 交卷 while a short answer is under its minimum length, with the reason at the answer', async () => {
    render(<ExamPaper examId={5} />);
    const text = await screen.findByRole('textbox');
    fireEvent.change(text, { target: { value: '学习' } });
    expect(screen.getByText('本题不少于10字，已输入2字')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '交卷' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('字数不足：本题不少于10字，已输入2字');
    expect(document.activeElement).toBe(text);
    expect(text.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(text, { target: { value: '通过这次培训，我提高了业务能力' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '交卷' })));
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
  });
});

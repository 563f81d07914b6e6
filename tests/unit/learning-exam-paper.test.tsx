/** @jest-environment jsdom */
/**
 * The exam paper (view=paper) for keyboard and screen-reader users: 交卷 asks in an alertdialog described by its
 * message (a confirmation of what cannot be undone); after submitting, the score replaces the paper and its
 * heading takes the focus (described by the score) and is scrolled into view, instead of the focus falling to
 * <body> with nothing announced. Each question's legend is floated inside its card.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ExamPaper } from '@/components/exam/ExamPaper';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { envelopeResponse } from '../fixtures/http';

const paper = {
  replyId: 9,
  title: '学习周测',
  serverNow: new Date().toISOString(),
  deadline: new Date(Date.now() + 3_600_000).toISOString(),
  answers: {},
  questions: [
    {
      id: 1,
      type: 'single',
      stem: '继续教育在线学习每年的网络学时要求至少为多少学时？',
      options: ['30学时', '50学时'],
      score: 50,
    },
    { id: 2, type: 'judge', stem: '学时可以跨年累计。', options: ['正确', '错误'], score: 50 },
  ],
};
const answers: Record<string, unknown> = {
  '/api/examExaminfo/detail': {},
  '/api/examReply/start': paper,
  '/api/examReply/saveAnswer': {},
  '/api/examReply/submit': { score: 50, totalScore: 100, overtime: false },
};

const scrolled: Element[] = [];
beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const env = { code: 0, msg: 'success', data: answers[String(url)] ?? null };
    return envelopeResponse(env);
  }) as typeof fetch;
  // jsdom lays nothing out: record what was scrolled into view.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
});

/** Renders the paper, answers the first question and presses 交卷 (by keyboard: focus, then Enter = click). */
async function pressSubmit() {
  render(<ExamPaper examId={5} />);
  fireEvent.click(await screen.findByRole('radio', { name: /30学时/ }));
  const submit = screen.getByRole('button', { name: '交卷' });
  submit.focus();
  await act(async () => fireEvent.click(submit));
}

describe('exam paper', () => {
  it('floats each question’s legend inside its card, and keeps it as the group’s name', async () => {
    render(<ExamPaper examId={5} />);
    const legend = await screen.findByText(/继续教育在线学习每年/);
    expect(legend.tagName).toBe('LEGEND');
    expect(legend.className).toMatch(/float-left w-full/);
    expect(screen.getByRole('group', { name: /继续教育在线学习每年/ })).toBeTruthy();
  });

  it('asks before submitting in an alertdialog described by its message', async () => {
    await pressSubmit();
    const ask = await screen.findByRole('alertdialog', { name: '提示' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const described = ask.getAttribute('aria-describedby');
    expect(described && document.getElementById(described)?.textContent).toBe(
      '还有1道题未作答。确定交卷吗？交卷后不能修改答案。',
    );
  });

  it('after 确定 the result heading has the focus, is described by the score and scrolled into view', async () => {
    await pressSubmit();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '确定' })));
    const heading = await screen.findByRole('heading', { name: '学习周测' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.tabIndex).toBe(-1);
    const description = (heading.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(description).toBe('50 分 满分 100 分');
    expect(scrolled).toContain(heading.closest('section'));
  });
});

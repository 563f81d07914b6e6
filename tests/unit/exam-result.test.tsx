/** @jest-environment jsdom */
/**
 * The exam result (view=result) lets the learner review the content: each question with its options, the
 * learner's choice and the correct answer marked in words, true/false as 正确/错误, a short answer's own text.
 */
import { render, screen, within } from '@testing-library/react';
import { ExamResult, type ExamResultView } from '@/components/exam/ExamResult';

const result: ExamResultView = {
  examId: 5,
  title: '继续教育学习规定测验',
  score: 20,
  totalScore: 60,
  submittedAt: '2026-11-25T05:26:00Z',
  questions: [
    {
      id: 1,
      type: 'single',
      stem: '网络学时每年至少多少？',
      options: ['30学时', '50学时', '90学时'],
      score: 20,
      correct: false,
      answer: [1],
      given: [2],
    },
    {
      id: 3,
      type: 'multiple',
      stem: '平台提供的学习形式？',
      options: ['课程', '直播', '游戏', '培训'],
      score: 20,
      correct: true,
      answer: [0, 1, 3],
      given: [0, 1, 3],
    },
    {
      id: 5,
      type: 'judge',
      stem: '未选学的课程可以试看3分钟。',
      options: ['正确', '错误'],
      score: 10,
      correct: false,
      answer: [0],
      given: [1],
    },
    {
      id: 6,
      type: 'short',
      stem: '简述学习收获（不少于10字）。',
      options: [],
      score: 10,
      minLength: 10,
      correct: true,
      answer: [],
      given: ['学到了\n科研管理知识，收获很大'],
    },
    {
      id: 7,
      type: 'short',
      stem: '简述不足（不少于10字）。',
      options: [],
      score: 10,
      minLength: 10,
      correct: false,
      answer: [],
      given: ['学习'],
    },
  ],
};

const card = (id: number) => within(screen.getByTestId(`exam-result-q${id}`));
const option = (id: number, text: string) => card(id).getByText(text).closest('li')!;

describe('exam result', () => {
  beforeEach(() => render(<ExamResult result={result} />));

  it('lists each choice question’s options, the learner’s choice and the correct one marked in words', () => {
    expect(card(1).getByText(/【单选题】网络学时每年至少多少？/)).toBeTruthy();
    expect(card(1).getByText('回答错误')).toBeTruthy();
    expect(option(1, 'C. 90学时').textContent).toBe('C. 90学时您的选择');
    expect(option(1, 'B. 50学时').textContent).toBe('B. 50学时正确答案');
    expect(option(1, 'A. 30学时').textContent).toBe('A. 30学时');
    expect(card(1).getByText('您的答案：C；正确答案：B')).toBeTruthy();
    expect(card(3).getByText('回答正确')).toBeTruthy();
    expect(option(3, 'D. 培训').textContent).toBe('D. 培训您的选择正确答案');
    expect(option(3, 'C. 游戏').textContent).toBe('C. 游戏');
  });

  it('shows a true/false answer as 正确/错误, not a letter', () => {
    expect(card(5).getByText('您的答案：错误；正确答案：正确')).toBeTruthy();
    expect(option(5, '错误').textContent).toBe('错误您的选择');
    expect(option(5, '正确').textContent).toBe('正确正确答案');
    expect(card(5).queryByText(/A\./)).toBeNull();
  });

  it('shows a short answer’s text as written', () => {
    expect(card(6).getByText(/学到了/).textContent).toBe('学到了\n科研管理知识，收获很大');
    expect(card(6).queryByRole('list')).toBeNull();
  });

  it('says a short answer was answered (or too short), never right or wrong, and gives it no correct answer', () => {
    expect(card(6).getByText('已作答')).toBeTruthy();
    expect(card(7).getByText('字数不足（不少于10字）')).toBeTruthy();
    for (const id of [6, 7]) expect(card(id).queryByText(/回答正确|回答错误|正确答案/)).toBeNull();
  });
});

describe('exam result with the answers withheld (closed book, before the end time)', () => {
  // As the server sends it: no answers, and no rightness for the choices (short answers keep theirs).
  beforeEach(() =>
    render(
      <ExamResult
        result={{
          ...result,
          answersHidden: true,
          questions: result.questions.map((q) => ({
            ...q,
            answer: [],
            correct: q.type === 'short' ? q.correct : null,
          })),
        }}
      />,
    ),
  );

  it('tells when the answers come, and says of each choice only that it was answered', () => {
    expect(screen.getByText('正确答案及对错将在考试结束后公布')).toBeTruthy();
    expect(screen.queryByText(/正确答案：/)).toBeNull();
    expect(screen.queryByText(/回答正确|回答错误/)).toBeNull();
    expect(card(1).getByText('已作答')).toBeTruthy();
    expect(card(1).getByText('您的答案：C')).toBeTruthy();
    expect(option(3, 'D. 培训').textContent).toBe('D. 培训您的选择');
    for (const [n, text] of [
      [3, 'D. 培训'],
      [1, 'C. 90学时'],
    ] as const)
      expect(option(n, text).className).not.toMatch(/bg-green-50|bg-red-50/);
  });
});

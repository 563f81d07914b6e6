/**
 * QA: the exam's paper and result pages were titled 考试信息 like the list, so the title bar and a screen reader's
 * page announcement named neither the page nor the exam. Each view is now titled by what it shows.
 */
import { generateMetadata } from '@/app/[variant]/(portal)/exam/page';

jest.mock('server-only', () => ({}));
const request = jest.fn(async (_path: string, body: { examId: number }) => {
  if (body.examId === 5) return { id: 5, title: '继续教育学习规定测验' };
  throw new Error('考试不存在');
});
jest.mock('@/lib/api/visitor', () => ({ userApi: async () => ({ api: { request }, token: null }) }));

const title = async (search: Record<string, string>) =>
  (await generateMetadata({ params: Promise.resolve({ variant: 'student' }), searchParams: Promise.resolve(search) }))
    .title;

it('names the exam on its paper and its result', async () => {
  expect(await title({ examId: '5', view: 'paper' })).toBe('继续教育学习规定测验 - 在线考试');
  expect(await title({ examId: '5', view: 'result' })).toBe('继续教育学习规定测验 - 考试成绩');
});

it('says what the page is when the exam cannot be named, and names the lists', async () => {
  expect(await title({ examId: '999', view: 'paper' })).toBe('在线考试');
  expect(await title({ trainId: '3' })).toBe('培训项目考试');
  expect(await title({})).toBe('考试信息');
});

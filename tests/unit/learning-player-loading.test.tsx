/** @jest-environment jsdom */
/**
 * The player's page is cached per course and the learner's progress comes from one call after it: until it answers,
 * the course's heading and its chapter list (not yet playable), then the player resuming where the learner left off,
 * with the 收藏 state from the same answer (no call of its own); 重试 when the call failed.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CoursePlayer } from '@/components/player/CoursePlayer';
import { apiQueryKey } from '@/lib/api/query';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { playerChapter, playerCourse, playerProgress } from '../fixtures/course';
import { openPlayerAt } from '../fixtures/player';
import { envelopeResponse, stubMediaElement } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
}));

const course = playerCourse([playerChapter(1, '第一讲 导论'), playerChapter(2, '第二讲 方法')]);
let answer: (() => void) | null;
let fail = false;
let paths: string[];

beforeEach(() => {
  window.localStorage.clear();
  stubMediaElement();
  document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
  paths = [];
  answer = null;
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const path = String(url);
    paths.push(path);
    if (path.endsWith('/api/course/progress')) {
      await new Promise<void>((r) => (answer = r));
      if (fail) throw new TypeError('Failed to fetch');
      return envelopeResponse({ code: 0, msg: 'success', data: playerProgress({ lastChapterId: 2, favourite: true }) });
    }
    if (path.endsWith('/api/course/view')) return envelopeResponse({ code: 0, msg: 'success', data: course });
    return envelopeResponse({ code: 0, msg: 'success', data: { list: [], total: 0 } });
  }) as typeof fetch;
});
afterEach(() => {
  document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
  fail = false;
});

function mount() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  qc.setQueryData(apiQueryKey('/api/course/view', { courseId: course.id }), course);
  openPlayerAt(course.id, null);
  render(
    <QueryClientProvider client={qc}>
      <CoursePlayer courseId={course.id} batch={false} />
    </QueryClientProvider>,
  );
}

it('shows the course and its chapters while the progress loads, then resumes at the last chapter with its 收藏 state', async () => {
  mount();
  expect(screen.getByRole('heading', { name: course.title })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('正在加载学习进度…');
  const list = screen.getByRole('navigation', { name: '课程章节' });
  expect(
    within(list)
      .getAllByRole('button')
      .map((b) => (b as HTMLButtonElement).disabled),
  ).toEqual([true, true]);
  await act(async () => answer?.());
  await screen.findByTestId('course-video');
  const loaded = screen.getByRole('navigation', { name: '课程章节' });
  expect(
    within(loaded)
      .getByRole('button', { name: /第二讲 方法/ })
      .getAttribute('aria-current'),
  ).toBe('true');
  expect(
    within(loaded)
      .getByRole('button', { name: /第一讲 导论/ })
      .hasAttribute('disabled'),
  ).toBe(false);
  expect(await screen.findByRole('button', { name: '取消收藏' })).toBeTruthy();
  expect(paths.filter((p) => p.endsWith('/api/course/favouriteState'))).toHaveLength(0);
});

it('offers 重试 when the call failed', async () => {
  fail = true;
  mount();
  await act(async () => answer?.());
  expect((await screen.findByRole('alert')).textContent).toContain('学习进度加载失败，请稍后重试。');
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: '重试' }));
  await act(async () => answer?.());
  expect(await screen.findByRole('button', { name: '取消收藏' })).toBeTruthy();
});

/** @jest-environment jsdom */
/**
 * Accessibility defects of the player:
 * - an empty 课程评价 / 学习心得 showed a bare red line: the message is now the field's description (aria-describedby),
 *   the field is invalid (red border) and takes the focus, as in the sign-in forms;
 * - the self test opened below the video in silence: a chapter's end now says so (the page's messages), while the
 *   focus stays on the video; the test's heading can take the focus;
 * - a review's rating was bare ★ glyphs: the full 5-star scale is drawn and the score said in words.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Toaster } from '@/components/ui/Toaster';
import { playerChapter, playerCourse, playerProgress } from '../fixtures/course';
import { mountPlayer } from '../fixtures/player';
import { envelopeResponse } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
}));

const course = playerCourse([playerChapter(1, '第一讲 导论'), playerChapter(2, '第二讲 方法')]);
const reviews = [
  { id: 1, operatorName: '李*明', score: 3, content: '还可以', createdAt: '2026-04-01T02:00:00.000Z' },
  { id: 2, operatorName: '张*', score: 5, content: '很好', createdAt: '2026-04-02T02:00:00.000Z' },
];
const saves: string[] = [];

beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const path = String(url);
    if (/Save$/.test(path)) saves.push(path);
    const data = path.endsWith('/api/course/reviews')
      ? { list: reviews, total: reviews.length }
      : path.endsWith('/api/course/summaries')
        ? { list: [], total: 0 }
        : path.endsWith('/api/course/selfTest')
          ? {
              chapterId: 1,
              questions: [{ id: 1, type: 'judge', stem: '本讲的主题是“导论”。', options: ['正确', '错误'] }],
            }
          : null;
    const env = { code: 0, msg: 'success', data };
    return envelopeResponse(env);
  }) as typeof fetch;
});
beforeEach(() => {
  saves.length = 0;
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function openTab(name: '课程评价' | '学习心得') {
  mountPlayer(course, playerProgress());
  await act(async () => fireEvent.click(screen.getByRole('tab', { name })));
  return screen.getByRole('tabpanel', { name });
}

it.each([
  ['课程评价', '评价内容'],
  ['学习心得', '心得内容'],
] as const)(
  '%s submitted empty: the field is invalid, described by the message and focused; nothing is sent',
  async (tab, label) => {
    const panel = await openTab(tab);
    const field = within(panel).getByRole('textbox', { name: label });
    expect(field.getAttribute('aria-invalid')).toBe('false');
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: '提交' })));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(field.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('请填写内容');
    expect(document.activeElement).toBe(field);
    // The red border of an invalid field: the sign-in forms' field class.
    expect(field.className).toContain('aria-[invalid=true]:border-red-600');
    expect(saves).toHaveLength(0);
    // Typing clears the message.
    fireEvent.change(field, { target: { value: '有收获' } });
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(described?.textContent).toBe('');
  },
);

it('each form keeps its own text and errors across the tabs', async () => {
  const review = await openTab('课程评价');
  await act(async () => fireEvent.click(within(review).getByRole('button', { name: '提交' })));
  await act(async () => fireEvent.click(screen.getByRole('tab', { name: '学习心得' })));
  const notes = within(screen.getByRole('tabpanel', { name: '学习心得' })).getByRole('textbox', { name: '心得内容' });
  expect(notes.getAttribute('aria-invalid')).toBe('false');
  fireEvent.change(notes, { target: { value: '本讲的收获' } });
  await act(async () => fireEvent.click(screen.getByRole('tab', { name: '课程评价' })));
  const reviewField = within(screen.getByRole('tabpanel', { name: '课程评价' })).getByRole('textbox', {
    name: '评价内容',
  });
  expect(reviewField.getAttribute('aria-invalid')).toBe('true');
  expect((reviewField as HTMLTextAreaElement).value).toBe('');
  await act(async () => fireEvent.click(screen.getByRole('tab', { name: '学习心得' })));
  expect(
    (
      within(screen.getByRole('tabpanel', { name: '学习心得' })).getByRole('textbox', {
        name: '心得内容',
      }) as HTMLTextAreaElement
    ).value,
  ).toBe('本讲的收获');
});

it('review ratings show the full five-star scale and say the score in words', async () => {
  const panel = await openTab('课程评价');
  const [three, five] = await within(panel).findAllByRole('listitem');
  expect(within(three).getByText('3分（满分5分）').className).toContain('sr-only');
  expect(within(three).getByText('★★★☆☆').getAttribute('aria-hidden')).toBe('true');
  expect(within(five).getByText('5分（满分5分）')).toBeTruthy();
  expect(within(five).getByText('★★★★★')).toBeTruthy();
});

it("at a chapter's end the self test is announced, the focus stays on the video, and its heading can take the focus", async () => {
  render(<Toaster />);
  mountPlayer(course, playerProgress());
  await act(async () => {});
  const video = screen.getByTestId('course-video');
  act(() => video.focus());
  await act(async () => fireEvent(video, new Event('ended')));
  expect(screen.getByRole('status').textContent).toBe('本章已学完，请完成视频下方的本讲自测');
  expect(document.activeElement).toBe(video);
  const heading = within(screen.getByTestId('self-test')).getByRole('heading', { name: '本讲自测' });
  expect(heading.getAttribute('tabindex')).toBe('-1');
});

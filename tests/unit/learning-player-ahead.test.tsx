/** @jest-environment jsdom */
/**
 * QA: one press of → (5 s ahead) in an unfinished chapter silently stopped all credit for the rest of it: the
 * server counts nothing played past what was studied (the frontier), and the page said nothing. Now a seek past
 * the frontier says so and offers 回到…继续学习; back within it, or in a finished chapter, nothing is shown.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { playerChapter, playerCourse, playerProgress } from '../fixtures/course';
import { mountPlayer } from '../fixtures/player';
import { envelopeResponse, stubMediaElement } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
}));

const course = playerCourse([playerChapter(1, '第一讲 导论'), playerChapter(2, '第二讲 方法')]);

beforeAll(() => {
  global.fetch = jest.fn(async () => {
    const env = { code: 0, msg: 'success', data: { list: [], total: 0 } };
    return envelopeResponse(env);
  }) as typeof fetch;
});
beforeEach(() => {
  stubMediaElement();
});
afterEach(() => jest.restoreAllMocks());

/** The player with chapter 1 studied to 40 s (finished or not); the video's clock is the test's. */
async function player(finished: boolean) {
  mountPlayer(course, playerProgress({ chapters: [{ chapterId: 1, frontier: 40, position: 40, finished }] }));
  await act(async () => {});
  const video = screen.getByTestId('course-video') as HTMLVideoElement;
  let time = 0;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => 240 });
  Object.defineProperty(video, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (t: number) => void (time = t),
  });
  fireEvent.loadedMetadata(video);
  const seek = (t: number) => {
    time = t;
    fireEvent.seeked(video);
  };
  return { video, seek, time: () => time };
}

it('past the frontier of an unfinished chapter: the notice, and 回到 goes back to it', async () => {
  const { seek, time } = await player(false);
  seek(42); // within the frontier's slack: nothing to say
  expect(screen.queryByTestId('ahead-notice')).toBeNull();
  seek(47);
  const notice = screen.getByTestId('ahead-notice');
  expect(notice.getAttribute('role')).toBe('status');
  expect(notice.textContent).toContain('快进后观看的部分不计入学时');
  fireEvent.click(screen.getByRole('button', { name: '回到0分40秒继续学习' }));
  expect(time()).toBe(40);
  fireEvent.seeked(screen.getByTestId('course-video'));
  expect(screen.queryByTestId('ahead-notice')).toBeNull();
});

it('a finished chapter may be skipped through freely', async () => {
  const { seek } = await player(true);
  seek(200);
  expect(screen.queryByTestId('ahead-notice')).toBeNull();
});

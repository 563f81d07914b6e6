/** @jest-environment jsdom */
/**
 * QA: after studying a chapter the status said 学习进度已保存 and the course's percentage rose, but the chapter's own
 * row in the list kept showing its length until a reload. The row now shows what the server accepted: its
 * percentage, then 已学完 once the chapter's end is reached.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { playerChapter, playerCourse, playerProgress } from '../fixtures/course';
import { mountPlayer } from '../fixtures/player';
import { envelopeResponse, stubMediaElement } from '../fixtures/http';
import { HEARTBEAT_INTERVAL_S } from '@/lib/learning/heartbeat-rules';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
}));

const course = playerCourse([
  playerChapter(1, '第一讲 导论', { duration: 100 }),
  playerChapter(2, '第二讲 方法', { duration: 100 }),
]);

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
  stubMediaElement();
  // The server accepts every heartbeat; the chapter's frontier is where the segment ended.
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url).endsWith('/api/study/submit')) {
      const h = JSON.parse(String(init?.body));
      return envelopeResponse({
        code: 0,
        msg: 'success',
        data: {
          submitId: h.submitId,
          accepted: true,
          duplicate: false,
          credited: h.watched,
          progress: 10,
          frontier: Math.round(h.to),
          finished: false,
        },
      });
    }
    return envelopeResponse({ code: 0, msg: 'success', data: { list: [], total: 0 } });
  }) as typeof fetch;
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** Plays the first chapter from `from` to `to` seconds at normal speed, a second per tick of the page's clock. */
async function play(from: number, to: number) {
  const video = screen.getByTestId('course-video') as HTMLVideoElement;
  let time = from;
  let paused = false;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => 100 });
  Object.defineProperty(video, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (t: number) => void (time = t),
  });
  fireEvent.loadedMetadata(video);
  for (let t = from; t < to; t++) {
    time = t + 1;
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
  }
  paused = true;
  await act(async () => {
    fireEvent.pause(video);
  });
  await act(async () => {});
}

const chapterRow = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: '课程章节' })).getByRole('button', { name });

it('a studied chapter shows its new percentage as soon as the heartbeat is accepted', async () => {
  mountPlayer(course, playerProgress());
  await act(async () => {});
  expect(chapterRow(/第一讲/).textContent).not.toMatch(/%/);
  await play(0, HEARTBEAT_INTERVAL_S * 2 + 3);
  expect(screen.getByText(/学习进度已保存/)).toBeTruthy();
  const percent = Math.floor(((HEARTBEAT_INTERVAL_S * 2 + 3) * 100) / 100);
  expect(chapterRow(/第一讲/).textContent).toContain(`${percent}%`);
  // The other chapter is untouched.
  expect(chapterRow(/第二讲/).textContent).not.toMatch(/%/);
});

it('a chapter studied to its end shows 已学完 without a reload', async () => {
  mountPlayer(course, playerProgress({ chapters: [{ chapterId: 1, frontier: 90, position: 90, finished: false }] }));
  await act(async () => {});
  expect(chapterRow(/第一讲/).textContent).toContain('90%');
  await play(90, 99);
  expect(chapterRow(/第一讲/).textContent).toContain('已学完');
});

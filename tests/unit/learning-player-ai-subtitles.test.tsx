/** @jest-environment jsdom */
/**
 * AI subtitles in the player (a chapter without a WebVTT track, when the server has a subtitle service): 生成AI字幕
 * asks the server, and once the chapter has its track the button is gone, so the keyboard goes on at the video
 * (where C shows the subtitles) instead of falling to the page's body. When the server refuses, its message is shown,
 * the button stays and keeps the focus, so the learner can try again.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CoursePlayer } from '@/components/player/CoursePlayer';
import { openPlayerAt } from '../fixtures/player';
import { apiQueryKey } from '@/lib/api/query';
import { apiEvents } from '@/lib/api/browser';
import type { ChapterView, CourseProgressView, CourseView } from '@/lib/contract/learning';
import { envelopeResponse, stubMediaElement } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
}));
jest.mock('@/components/catalogue/CourseActions', () => ({ CourseActions: () => null }));
jest.mock('@/components/catalogue/ClearWindowNameOnLeave', () => ({ ClearWindowNameOnLeave: () => null }));

const chapter: ChapterView = {
  id: 7,
  sort: 1,
  title: '第一讲 科研伦理',
  kind: 'video',
  fileName: '',
  fileSize: 0,
  duration: 240,
  trialSeconds: 180,
  playable: true,
  mediaType: 'video/webm',
  hasSubtitle: false,
  subtitleByAi: false,
};
const course: CourseView = {
  id: 9,
  title: '科研诚信',
  summary: '',
  cover: '',
  teacherName: '叶斌',
  trialSeconds: 180,
  aiSubtitles: true,
  chapters: [chapter],
};
const progress: CourseProgressView = {
  courseId: 9,
  chosen: true,
  owner: false,
  progress: 0,
  lastChapterId: null,
  lastPosition: 0,
  studiedSeconds: 0,
  finished: false,
  chapters: [],
  myReview: null,
  favourite: false,
};

/**
 * The server's answers to /api/course/aiSubtitles, one per call (the last repeats): made (the chapter then has its
 * track), 处理中 (a job is making it: the player asks again), or refused.
 */
type Answer = { code: number; msg: string; state?: 'ready' | 'processing' };
let subtitles: Answer[];
let asked: unknown[] = [];
let made = false;
beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    let env: { code: number; msg: string; data: unknown } = { code: 0, msg: 'success', data: null };
    if (path.endsWith('/api/course/aiSubtitles')) {
      asked.push(JSON.parse(String(init?.body ?? '{}')));
      const a = subtitles.length > 1 ? subtitles.shift()! : subtitles[0];
      const ready = a.code === 0 && a.state !== 'processing';
      env = {
        code: a.code,
        msg: a.msg,
        data:
          a.code === 0
            ? { chapterId: 7, state: ready ? 'ready' : 'processing', hasSubtitle: ready, source: ready ? 'ai' : null }
            : null,
      };
      made = ready;
    } else if (path.endsWith('/api/course/view'))
      env.data = { ...course, chapters: [{ ...chapter, hasSubtitle: made, subtitleByAi: made }] };
    else if (path.endsWith('/api/course/progress')) env.data = progress;
    else env.data = { list: [], total: 0 };
    return envelopeResponse(env);
  }) as typeof fetch;
});

let notes: string[] = [];
let off: () => void;
beforeEach(() => {
  made = false;
  asked = [];
  notes = [];
  off = apiEvents.subscribe((e) => {
    if (e.type === 'notify') notes.push(e.message);
  });
  stubMediaElement();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined); // the client's log of a refused call
});
afterEach(() => {
  off();
  jest.restoreAllMocks();
});

async function pressMake() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(apiQueryKey('/api/course/view', { courseId: 9 }), course);
  qc.setQueryData(apiQueryKey('/api/course/progress', { courseId: 9 }), progress);
  openPlayerAt(9, 7);
  render(
    <QueryClientProvider client={qc}>
      <CoursePlayer courseId={9} batch={false} />
    </QueryClientProvider>,
  );
  await act(async () => {});
  const button = screen.getByRole('button', { name: '生成AI字幕' });
  button.focus();
  await act(async () => {
    fireEvent.click(button);
  });
  await act(async () => {});
}

it('once made, the chapter plays with its track labelled as AI-generated, the button is gone and the focus is on the video', async () => {
  subtitles = [{ code: 0, msg: 'success' }];
  await pressMake();
  expect(screen.queryByRole('button', { name: /AI字幕/ })).toBeNull();
  const video = screen.getByTestId('course-video');
  expect(video.querySelector('track[label="AI字幕（内容由AI生成）"]')).not.toBeNull();
  expect(screen.getByTestId('ai-subtitle-label').textContent).toContain('内容由AI生成');
  expect(document.activeElement).toBe(video);
  expect(notes).toContain('AI字幕已生成');
});

it("refused, the server's message is shown and the button keeps the focus for another try", async () => {
  subtitles = [{ code: 1, msg: 'AI字幕生成失败，请稍后再试' }];
  await pressMake();
  const button = screen.getByRole('button', { name: '生成AI字幕' });
  expect(document.activeElement).toBe(button);
  expect(notes).toContain('AI字幕生成失败，请稍后再试');
  expect(notes).not.toContain('AI字幕已生成');
});

it('while the job runs the button says 处理中 and the player asks again until the track is made', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    subtitles = [
      { code: 0, msg: 'success', state: 'processing' },
      { code: 0, msg: 'success', state: 'processing' },
      { code: 0, msg: 'success' },
    ];
    await pressMake();
    expect(screen.getByRole('button', { name: 'AI字幕处理中，请稍候…' })).toBeTruthy();
    expect(asked).toEqual([{ chapterId: 7 }]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(asked).toEqual([{ chapterId: 7 }, { chapterId: 7, poll: true }]);
    expect(screen.getByRole('button', { name: 'AI字幕处理中，请稍候…' })).toBeTruthy();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    await act(async () => {});
    expect(asked).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /AI字幕/ })).toBeNull();
    expect(screen.getByTestId('course-video').querySelector('track[label="AI字幕（内容由AI生成）"]')).not.toBeNull();
    expect(notes).toContain('AI字幕已生成');
  } finally {
    jest.useRealTimers();
  }
});

it('a job that failed is reported when the player asks again, and the button comes back', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    subtitles = [
      { code: 0, msg: 'success', state: 'processing' },
      { code: 1, msg: 'AI字幕生成失败，请稍后再试' },
    ];
    await pressMake();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    await act(async () => {});
    expect(notes).toContain('AI字幕生成失败，请稍后再试');
    expect(screen.getByRole('button', { name: '生成AI字幕' })).toBeTruthy();
  } finally {
    jest.useRealTimers();
  }
});

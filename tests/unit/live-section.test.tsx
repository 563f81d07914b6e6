/** @jest-environment jsdom */
/**
 * The live part of /live/detail (components/live/LiveSection): a countdown before the start; on air 直播中 with the
 * number watching, a visitor asked to sign in to watch; the class's teacher sees the stream settings with the key
 * hidden until 显示; after the end the replay, or 回放正在生成 while the recording is packaged.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LiveSection, type LivePaths } from '@/components/live/LiveSection';
import type { LiveStreamInfo, LiveWatchState } from '@/lib/contract/catalogue';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { onUi, type UiEvent } from '@/lib/ui/events';

const paths: LivePaths = {
  watch: '/api/live/watch',
  recordHours: '/api/live/recordHours',
  endClass: '/api/live/finish',
  streamInfo: '/api/live/streamInfo',
  streamKeyReset: '/api/live/streamKeyReset',
  state: '/api/live/replayState',
  start: '/api/live/replayStart',
  finish: '/api/live/replayFinish',
  totalTime: '/api/study/totalTime',
};
const base: LiveWatchState = {
  id: 7,
  status: 'upcoming',
  startsInMs: 90_500,
  onAir: false,
  hlsUrl: null,
  viewers: 0,
  canStream: false,
  recordHours: 2,
  watchedSeconds: 0,
  credited: false,
  creditAfterSeconds: 3600,
  replay: null,
  replayPending: false,
};
const info: LiveStreamInfo = {
  id: 7,
  rtmpUrl: 'rtmp://live.example.cn/live',
  streamKey: 'k'.repeat(32),
  publishFrom: '2026-11-27T01:00:00.000Z',
  publishUntil: '2026-11-27T04:00:00.000Z',
  onAir: false,
};
let state: LiveWatchState = base;
beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const env = { code: 0, msg: 'success', data: String(url).endsWith('/streamInfo') ? info : state };
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => env,
      text: async () => JSON.stringify(env),
    } as Response;
  }) as typeof fetch;
});
afterEach(() => {
  document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
});

const show = async (status: LiveWatchState['status'] = 'upcoming') => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <LiveSection
        liveId={7}
        paths={paths}
        initial={{
          status,
          startAt: '2026-11-27T02:00:00.000Z',
          endAt: '2026-11-27T03:30:00.000Z',
          recordHours: 2,
          replay: null,
          replayPending: false,
        }}
      />
    </QueryClientProvider>,
  );
  await act(async () => {});
  await act(async () => {
    await new Promise((r) => setTimeout(r, 1100));
  });
};

it('before the start: 即将开始 and a countdown', async () => {
  state = base;
  await show();
  expect(screen.getByTestId('live-status').textContent).toContain('即将开始');
  expect(screen.getByTestId('live-countdown').textContent).toMatch(/^距离开始还有 1分(29|30)秒$/);
});

it('on air: 直播中 with the number watching; a visitor is asked to sign in', async () => {
  const events: UiEvent[] = [];
  const off = onUi((e) => events.push(e));
  state = { ...base, status: 'live', startsInMs: 0, onAir: true, viewers: 3 };
  await show('live');
  expect(screen.getByTestId('live-status').textContent).toContain('直播中');
  expect(screen.getByTestId('live-viewers').textContent).toBe('3人正在观看');
  fireEvent.click(screen.getByRole('button', { name: '登录后观看直播' }));
  expect(events).toEqual([{ type: 'messageBox', mode: 1 }]);
  off();
});

it("the class's teacher sees the address and the key only when asked", async () => {
  document.cookie = `${IDENTITY_COOKIE}=signed`;
  state = { ...base, status: 'live', startsInMs: 0, canStream: true };
  await show('live');
  expect(screen.getByTestId('rtmp-url').textContent).toBe('rtmp://live.example.cn/live');
  expect(screen.getByTestId('stream-key').textContent).not.toContain('kkkk');
  fireEvent.click(screen.getByRole('button', { name: '显示' }));
  expect(screen.getByTestId('stream-key').textContent).toBe(info.streamKey);
  expect(screen.getByRole('button', { name: '结束直播' })).toBeTruthy();
});

it('after the end: 回放正在生成 while the recording is packaged', async () => {
  state = { ...base, status: 'ended', startsInMs: 0, replayPending: true };
  await show('ended');
  expect(screen.getByTestId('replay-pending').textContent).toContain('回放正在生成');
});

/** @jest-environment jsdom */
/**
 * The live class's 直播回放 (components/live/LiveReplay): a visitor is asked to sign in; a signed-in learner's
 * first play starts the replay and its end credits the hours, after which the header's year total is asked again
 * (QA: it kept the old total until a reload).
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LiveReplay } from '@/components/live/LiveReplay';
import { apiQueryKey } from '@/lib/api/query';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { onUi, type UiEvent } from '@/lib/ui/events';

const paths = {
  state: '/api/live/replayState',
  start: '/api/live/replayStart',
  finish: '/api/live/replayFinish',
  totalTime: '/api/study/totalTime',
} as const;
const calls: string[] = [];
/** As the server: credited from the replay's finish on. */
let credited = false;
beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const path = String(url);
    calls.push(path);
    if (path.endsWith('/replayFinish')) credited = true;
    const env = { code: 0, msg: 'success', data: { id: 15, recordHours: 2, duration: 360, started: true, credited } };
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => env,
      text: async () => JSON.stringify(env),
    } as Response;
  }) as typeof fetch;
});
beforeEach(() => {
  calls.length = 0;
  credited = false;
});
afterEach(() => {
  document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
});

const show = async () => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(apiQueryKey(paths.totalTime), { offLineAllTimeEffective: 0, onLineAllTimeEffective: 111600 });
  render(
    <QueryClientProvider client={qc}>
      <LiveReplay liveId={15} recordHours={2} duration={360} paths={paths} />
    </QueryClientProvider>,
  );
  await act(async () => {});
  return qc;
};

it('a visitor sees the length and hours, and 登录后观看回放 asks to sign in', async () => {
  const events: UiEvent[] = [];
  const off = onUi((e) => events.push(e));
  await show();
  expect(screen.getByText('回放时长6分0秒，完整观看后计入2学时。')).toBeTruthy();
  expect(screen.queryByLabelText('直播回放视频')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: '登录后观看回放' }));
  expect(events).toEqual([{ type: 'messageBox', mode: 1 }]);
  expect(calls).toEqual([]);
  off();
});

it('signed in: the first play starts the replay once; its end credits the hours and the header total is asked again', async () => {
  document.cookie = `${IDENTITY_COOKIE}=signed`;
  const qc = await show();
  const video = screen.getByLabelText('直播回放视频');
  expect(video.getAttribute('src')).toBe('/media/live/15');
  await act(async () => {
    fireEvent.play(video);
    fireEvent.play(video);
  });
  expect(calls.filter((c) => c.endsWith('/replayStart'))).toHaveLength(1);
  await act(async () => {
    fireEvent.ended(video);
  });
  await act(async () => {});
  await waitFor(() => expect(screen.getByTestId('replay-status').textContent).toBe('已观看回放，已计入2学时'));
  expect(qc.getQueryState(apiQueryKey(paths.totalTime))?.isInvalidated).toBe(true);
});

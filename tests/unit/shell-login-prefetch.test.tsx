/** @jest-environment jsdom */
/**
 * On a slow network the login dialog's code loaded only after 登录 was pressed (seconds without feedback): for a
 * visitor it is fetched when the browser is idle after the first sign of activity on the loaded page (not during
 * load, where its evaluation would be a long task), with the same import next/dynamic uses, so 登录 opens at once.
 * A signed-in user never fetches it.
 */
import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LazyDialogs } from '@/components/shell/LazyDialogs';
import { USER_INFO_KEY } from '@/lib/session/client';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));
// The dialogs never mount here: only the prefetch may load the login dialog's module.
jest.mock('next/dynamic', () => () => () => null);
jest.mock('@/components/account/management', () => ({ maybePromptStations: async () => undefined }));
const mockLoginDialogLoaded = jest.fn();
jest.mock('@/components/login/LoginDialog', () => {
  mockLoginDialogLoaded();
  return { LoginDialog: () => null };
});

let idle: (() => void)[] = [];
let readyState: DocumentReadyState = 'complete';
beforeAll(() => {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });
});
beforeEach(() => {
  jest.resetModules(); // the mocked module counts each load afresh
  mockLoginDialogLoaded.mockClear();
  idle = [];
  readyState = 'complete';
  window.requestIdleCallback = jest.fn((cb: IdleRequestCallback) =>
    idle.push(() => cb({ didTimeout: false, timeRemaining: () => 50 })),
  );
  window.cancelIdleCallback = jest.fn();
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

const shell = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LazyDialogs />
    </QueryClientProvider>,
  );
const runIdle = async () => {
  await act(async () => {
    idle.splice(0).forEach((run) => run());
    await new Promise((r) => setTimeout(r, 0));
  });
};

const move = () => act(() => void window.dispatchEvent(new Event('pointermove')));

it('a visitor fetches the login dialog when idle after the first activity on the loaded page, once', async () => {
  readyState = 'loading';
  shell();
  move(); // during load: not yet
  expect(window.requestIdleCallback).not.toHaveBeenCalled();
  readyState = 'complete';
  act(() => void window.dispatchEvent(new Event('load')));
  expect(window.requestIdleCallback).not.toHaveBeenCalled();
  move();
  move();
  expect(window.requestIdleCallback).toHaveBeenCalledTimes(1);
  expect(mockLoginDialogLoaded).not.toHaveBeenCalled();
  await runIdle();
  expect(mockLoginDialogLoaded).toHaveBeenCalledTimes(1);
});

it('without requestIdleCallback a short timeout does it', async () => {
  jest.useFakeTimers();
  // @ts-expect-error: a browser without it
  delete window.requestIdleCallback;
  shell();
  act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' })));
  expect(mockLoginDialogLoaded).not.toHaveBeenCalled();
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1_000);
  });
  expect(mockLoginDialogLoaded).toHaveBeenCalledTimes(1);
});

it('a signed-in user does not fetch it', async () => {
  localStorage.setItem(USER_INFO_KEY, JSON.stringify({ operatorID: 1, operatorName: '王晓明' }));
  shell();
  move();
  await runIdle();
  expect(window.requestIdleCallback).not.toHaveBeenCalled();
  expect(mockLoginDialogLoaded).not.toHaveBeenCalled();
});

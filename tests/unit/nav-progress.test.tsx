/** @jest-environment jsdom */
/**
 * The bar at the top of the window while a page opened by a link is on its way: it shows only after 150 ms (a fast
 * navigation does not flash), ends when the address changes, is not started by a link to the page itself, and gives
 * up after 15 s.
 */
import { act, render, screen } from '@testing-library/react';
import { NavProgress } from '@/components/shell/NavProgress';
import { currentNavigation, settleNavigation, startNavigation } from '@/lib/ui/nav-pending';

jest.mock('next/navigation', () => ({ usePathname: () => '/course/index' }));

const bar = () => screen.queryByTestId('nav-progress');
const moveTo = (address: string) =>
  act(() => {
    window.history.pushState(null, '', address);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });

beforeEach(() => {
  jest.useFakeTimers();
  window.history.replaceState(null, '', '/course/index');
});
afterEach(() => {
  act(() => settleNavigation(true));
  jest.useRealTimers();
});

it('a slow navigation shows the bar after 150 ms; the new address ends it', () => {
  render(<NavProgress />);
  act(() => startNavigation('/train/index'));
  act(() => jest.advanceTimersByTime(100));
  expect(bar()).toBeNull();
  act(() => jest.advanceTimersByTime(100));
  expect(bar()).not.toBeNull();
  moveTo('/train/index');
  expect(bar()).toBeNull();
  expect(currentNavigation()).toBe(0);
});

it('a fast navigation never shows it; the next slow one waits its own 150 ms', () => {
  render(<NavProgress />);
  act(() => startNavigation('/train/index'));
  act(() => jest.advanceTimersByTime(50));
  moveTo('/train/index');
  act(() => jest.advanceTimersByTime(500));
  expect(bar()).toBeNull();
  act(() => startNavigation('/series/index'));
  act(() => jest.advanceTimersByTime(100));
  expect(bar()).toBeNull();
  act(() => jest.advanceTimersByTime(60));
  expect(bar()).not.toBeNull();
});

it('a link to the page itself, or to another site, starts nothing', () => {
  render(<NavProgress />);
  act(() => startNavigation('/course/index'));
  act(() => startNavigation('/course/index#top'));
  act(() => startNavigation('https://example.com/train/index'));
  act(() => jest.advanceTimersByTime(1000));
  expect(bar()).toBeNull();
  expect(currentNavigation()).toBe(0);
});

it('a navigation that never arrives is given up after 15 s', () => {
  render(<NavProgress />);
  act(() => startNavigation('/train/index'));
  act(() => jest.advanceTimersByTime(14_000));
  expect(bar()).not.toBeNull();
  act(() => jest.advanceTimersByTime(1_100));
  expect(bar()).toBeNull();
});

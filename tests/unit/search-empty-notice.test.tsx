/** @jest-environment jsdom */
/**
 * SPEC 2.7 mode 5 belongs to the search that found nothing: when the visitor has already moved on to the next
 * search's results, a box still on its way (the message box loads on first use) is withdrawn.
 */
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LazyDialogs } from '@/components/shell/LazyDialogs';
import { EmptySearchNotice } from '@/components/search/EmptySearchNotice';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));
// Every lazily loaded dialog stands in as a marker carrying the message box's mode.
jest.mock(
  'next/dynamic',
  () => () =>
    function LazyDialog(props: { initial?: { mode?: number } }) {
      return <div data-testid="lazy-dialog">{props.initial?.mode}</div>;
    },
);
jest.mock('@/components/account/management', () => ({ maybePromptStations: async () => undefined }));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function page(withNotice: boolean) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <LazyDialogs />
      {withNotice && <EmptySearchNotice keyword="无结果词" />}
    </QueryClientProvider>
  );
}

it('opens mode 5 for the empty search, and withdraws it when the next results replace that page', () => {
  const view = render(page(true));
  act(() => jest.advanceTimersByTime(150));
  expect(screen.getByTestId('lazy-dialog').textContent).toBe('5');
  view.rerender(page(false));
  expect(screen.queryByTestId('lazy-dialog')).toBeNull();
});

it('never opens it when the visitor moved on before it was asked for', () => {
  const view = render(page(true));
  view.rerender(page(false));
  act(() => jest.advanceTimersByTime(1000));
  expect(screen.queryByTestId('lazy-dialog')).toBeNull();
});

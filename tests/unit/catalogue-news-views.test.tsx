/** @jest-environment jsdom */
/**
 * 浏览N次 on a news article (QA: it never changed): the cached page's count, then the count after this reading;
 * one reading per article in a browser session (a reload is not another reader), and back on it the count seen
 * last, not the older page's (QA: it seemed to go down); a failed count leaves the page's number and tells the
 * reader nothing.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { NewsViews } from '@/components/catalogue/NewsViews';

let answer: () => Promise<unknown>;
const fetchMock = jest.fn(async () => ({ json: answer }) as unknown as Response);
beforeAll(() => {
  global.fetch = fetchMock as unknown as typeof fetch;
});
beforeEach(() => {
  fetchMock.mockClear();
  sessionStorage.clear();
});

const show = async (id = 7) => {
  const view = render(<NewsViews id={id} initial={7816} path="/api/mtTrainnews/view" />);
  await act(async () => {});
  return view;
};

it('shows the page count, then the count after this reading', async () => {
  answer = async () => ({ code: 0, msg: 'success', data: { id: 7, views: 7820 } });
  await show();
  expect(screen.getByText('浏览7820次')).toBeTruthy();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0]).toEqual([
    '/api/mtTrainnews/view',
    expect.objectContaining({ method: 'POST', body: JSON.stringify({ id: 7 }) }),
  ]);
});

it('counts one reading per article in a browser session: a reload does not count again, another article does', async () => {
  answer = async () => ({ code: 0, msg: 'success', data: { id: 7, views: 7817 } });
  (await show()).unmount();
  await show();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  // the cached page still says 7816: the reader sees the 7817 they saw before
  expect(screen.getByText('浏览7817次')).toBeTruthy();
  cleanup();
  await show(8);
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

it('keeps the page count when the count cannot be sent or is refused', async () => {
  answer = async () => {
    throw new TypeError('Failed to fetch');
  };
  (await show(1)).unmount();
  answer = async () => ({ code: 1004, msg: '新闻不存在或已下线', data: null });
  await show(2);
  expect(screen.getByText('浏览7816次')).toBeTruthy();
});

it('an article nobody has read yet (0) is counted once too', async () => {
  answer = async () => ({ code: 0, msg: 'success', data: { id: 9, views: 1 } });
  render(<NewsViews id={9} initial={0} path="/api/mtTrainnews/view" />).unmount();
  await act(async () => {});
  render(<NewsViews id={9} initial={0} path="/api/mtTrainnews/view" />);
  await act(async () => {});
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(screen.getByText('浏览1次')).toBeTruthy();
});

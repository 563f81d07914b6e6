/** @jest-environment jsdom */
/** The shell tools of issue 6 point 3: dx mode hides feedback, favourite and the AI icon; the Ctrl+D message; the icon's conditions. */
import { act, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FAVOURITE_FAILED_MSG } from '@/lib/contract/messages';
import { Toaster } from '@/components/ui/Toaster';
import { addFavourite, ShellTools } from '@/components/shell/ShellTools';

let pathname = '/home';
jest.mock('next/navigation', () => ({ usePathname: () => pathname }));

function renderTools(dx: boolean) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    createElement(QueryClientProvider, { client: qc }, createElement(ShellTools, { dx }), createElement(Toaster)),
  );
}

afterEach(() => {
  document.cookie = 'ce-identity=; max-age=0';
  jest.restoreAllMocks();
});

it('dx mode hides feedback, favourite and the assistant icon', () => {
  const { container } = renderTools(true);
  expect(container.textContent).toBe('');
});

it('otherwise shows feedback and favourite; a visitor gets no assistant icon', () => {
  renderTools(false);
  expect(screen.getByRole('link', { name: '意见反馈' })).toBeTruthy();
  expect(screen.getByRole('button', { name: '加入收藏' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: '智能助手' })).toBeNull();
});

it('favourite: the Ctrl+D message when the browser cannot add a bookmark', () => {
  renderTools(false);
  act(() => addFavourite());
  expect(screen.getByText(FAVOURITE_FAILED_MSG)).toBeTruthy();
});

it('the icon asks isShowLLM only for a signed-in user on the home page, and shows when it says yes', async () => {
  const { IDENTITY_COOKIE } = await import('@/lib/session/identity-cookie');
  document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
  const body = { code: 0, msg: 'success', data: true };
  const fetchMock = jest.fn(async () => ({
    ok: true,
    status: 200,
    headers: new Headers({ 'content-type': 'application/json' }),
    json: async () => body,
    text: async () => JSON.stringify(body),
  }));
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  pathname = '/course/index';
  const other = renderTools(false);
  await act(async () => {});
  expect(fetchMock).not.toHaveBeenCalled();
  other.unmount();
  pathname = '/home';
  renderTools(false);
  expect(await screen.findByRole('button', { name: '智能助手' })).toBeTruthy();
  expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/api/conversation/isShowLLM');
  document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
});

/** @jest-environment jsdom */
/**
 * The player's 课程简介 / 课程评价 / 学习心得 follow the WAI-ARIA tabs pattern: one tab stop, arrow keys (wrapping),
 * Home and End move and select, every tab controls the panel and the panel is labelled by the selected tab.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NotesPanel } from '@/components/player/NotesPanel';

beforeAll(() => {
  global.fetch = jest.fn(async () => {
    const body = { code: 0, msg: 'success', data: { list: [], total: 0 } };
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => body,
    } as Response;
  }) as typeof fetch;
});

function renderPanel() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <NotesPanel courseId={3} chosen summary="课程的简介" />
    </QueryClientProvider>,
  );
}

const selected = () =>
  screen
    .getAllByRole('tab')
    .filter((t) => t.getAttribute('aria-selected') === 'true')
    .map((t) => t.textContent);

it('has the roles, the single tab stop and the labelled panel', () => {
  renderPanel();
  const tabs = within(screen.getByRole('tablist', { name: '课程信息' })).getAllByRole('tab');
  expect(tabs.map((t) => t.textContent)).toEqual(['课程简介', '课程评价', '学习心得']);
  expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  const panel = screen.getByRole('tabpanel', { name: '课程简介' });
  expect(tabs.every((t) => t.getAttribute('aria-controls') === panel.id)).toBe(true);
  expect(within(panel).getByText('课程的简介')).toBeTruthy();
});

it('moves and selects with ArrowRight, ArrowLeft (wrapping), Home and End', async () => {
  renderPanel();
  const intro = screen.getByRole('tab', { name: '课程简介' });
  act(() => intro.focus());
  fireEvent.keyDown(intro, { key: 'ArrowRight' });
  expect(selected()).toEqual(['课程评价']);
  expect(document.activeElement).toBe(screen.getByRole('tab', { name: '课程评价' }));
  expect(screen.getByRole('tab', { name: '课程评价' }).tabIndex).toBe(0);
  expect(await within(screen.getByRole('tabpanel', { name: '课程评价' })).findByText('暂无评价')).toBeTruthy();

  fireEvent.keyDown(document.activeElement!, { key: 'End' });
  expect(selected()).toEqual(['学习心得']);
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
  expect(selected()).toEqual(['课程简介']);
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
  expect(selected()).toEqual(['学习心得']);
  expect(document.activeElement).toBe(screen.getByRole('tab', { name: '学习心得' }));
  fireEvent.keyDown(document.activeElement!, { key: 'Home' });
  expect(selected()).toEqual(['课程简介']);
  expect(screen.getByRole('tabpanel', { name: '课程简介' })).toBeTruthy();
});

it('a click selects too', () => {
  renderPanel();
  fireEvent.click(screen.getByRole('tab', { name: '学习心得' }));
  expect(selected()).toEqual(['学习心得']);
  expect(screen.getByRole('tabpanel', { name: '学习心得' })).toBeTruthy();
});

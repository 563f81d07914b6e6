/** @jest-environment jsdom */
/**
 * The search results page's own box (SPEC 5): left empty it refuses in place with 请输入搜索内容, as the header's box
 * does, and the page (its results) stays; a keyword goes to its results page.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { SearchPageForm } from '@/components/search/SearchPageForm';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: jest.fn(), replace: jest.fn() }) }));
jest.mock('@/components/ui/Toaster', () => ({ toast: jest.fn() }));

beforeEach(() => push.mockReset());

it('an empty keyword is refused in place with SPEC 5 message and no navigation', () => {
  render(
    <>
      <SearchPageForm initialKey="党史" tab="course" />
      <ol>
        <li>党史学习教育</li>
      </ol>
    </>,
  );
  const box = screen.getByRole('searchbox', { name: '搜索内容' });
  fireEvent.change(box, { target: { value: '   ' } });
  fireEvent.submit(screen.getByRole('search', { name: '搜索结果页搜索' }));
  expect(push).not.toHaveBeenCalled();
  expect(screen.getByText('请输入搜索内容')).toBeTruthy();
  expect(box.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('党史学习教育')).toBeTruthy();
  const { toast } = jest.requireMock('@/components/ui/Toaster') as { toast: jest.Mock };
  expect(toast).toHaveBeenCalledWith('warning', '请输入搜索内容');
});

it('a keyword goes to its results, keeping the tab', () => {
  render(<SearchPageForm initialKey="" tab="course" />);
  fireEvent.change(screen.getByRole('searchbox', { name: '搜索内容' }), { target: { value: ' 人工智能 ' } });
  fireEvent.submit(screen.getByRole('search', { name: '搜索结果页搜索' }));
  expect(push).toHaveBeenCalledWith(`/search/index?key=${encodeURIComponent('人工智能')}&tab=course`);
});

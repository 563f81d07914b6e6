/** @jest-environment jsdom */
/**
 * Defect: after a page change through the pager (课程分页 "2") the focus fell to <body> and the next Tab landed
 * on the breadcrumb. Once the next page has rendered, its results heading (the nearest heading before the pager
 * that is not a list item's own) has the focus; a page reached otherwise (back, an address) leaves it alone.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Pagination } from '@/components/ui/Pagination';

jest.mock('next/link', () => ({
  __esModule: true,
  default: ({
    href,
    onClick,
    ...props
  }: { href: string; prefetch?: boolean } & React.AnchorHTMLAttributes<HTMLAnchorElement>) => {
    const rest = { ...props };
    delete rest.prefetch;
    // As next/link does, the click is handled here (the test renders the next page itself).
    return (
      <a
        href={href}
        {...rest}
        onClick={(e) => {
          onClick?.(e);
          e.preventDefault();
        }}
      />
    );
  },
}));

/** The course list's shape: page heading, list heading, items with their own headings, the pager. */
function ListPage({ page }: { page: number }) {
  return (
    <main id="main">
      <nav aria-label="面包屑">首页</nav>
      <section aria-labelledby="t">
        <h1 id="t">全部课程</h1>
        <h2 className="sr-only">课程列表</h2>
        <ul>
          {[1, 2].map((i) => (
            <li key={i}>
              <h3>课程{page * 10 + i}</h3>
            </li>
          ))}
        </ul>
        <Pagination path="/course/index" params={{}} pageNum={page} pageSize={2} total={6} label="课程分页" />
      </section>
    </main>
  );
}

/** A client navigation: the address changes, the page's segment mounts anew. */
function navigate(view: ReturnType<typeof render>, url: string, page: number) {
  window.history.pushState(null, '', url);
  act(() => view.rerender(<ListPage key={url} page={page} />));
}

beforeEach(() => window.history.replaceState(null, '', '/course/index'));

describe('pager focus', () => {
  it('after following page 2 the heading of the list (right before the results) has the focus', () => {
    const view = render(<ListPage key="1" page={1} />);
    const two = screen.getByRole('link', { name: '第2页' });
    two.focus();
    fireEvent.click(two);
    navigate(view, '/course/index?page=2', 2);
    const heading = screen.getByRole('heading', { name: '课程列表' });
    expect(document.activeElement).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
    expect(
      screen.getByRole('navigation', { name: '课程分页' }).querySelector('[aria-current="page"]')?.textContent,
    ).toBe('第2页');
  });

  it('leaves the focus alone when the page changed without the pager (back, forward, an address)', () => {
    const view = render(<ListPage key="1" page={1} />);
    navigate(view, '/course/index?page=3', 3);
    expect(document.activeElement).toBe(document.body);
  });

  it('a link opened in a new tab does not move the focus later', () => {
    const view = render(<ListPage key="1" page={1} />);
    fireEvent.click(screen.getByRole('link', { name: '第2页' }), { ctrlKey: true });
    navigate(view, '/course/index?page=2', 2);
    expect(document.activeElement).toBe(document.body);
  });
});

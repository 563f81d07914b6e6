/** @jest-environment jsdom */
/**
 * QA: /search/index?key=a%00b (a hand-made link) put the NUL into the page's title and sent it to the search
 * endpoints, which refuse control characters, so the page said 搜索暂时不可用. The page now searches for the keyword
 * with its control characters as spaces.
 */
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import SearchPageView, { generateMetadata } from '@/app/[variant]/(portal)/search/index/[[...q]]/page';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/search/index',
}));
jest.mock('@/lib/catalogue/server', () => ({
  siteOfParams: async () => ({
    site: { variant: 'main', dx: false },
    variant: { platform: false },
    origin: 'http://localhost',
    query: { key: 'a\u0000b' },
    path: (p: string) => p,
  }),
  publicApi: () => ({ api: {}, qc: new QueryClient() }),
}));
jest.mock('@/lib/api/prefetch', () => ({ load: async () => [] }));
const asked: unknown[] = [];
jest.mock('@/lib/api/server', () => ({
  serverApi: () => ({
    request: async (path: string, body: { key: string }) => {
      asked.push(body.key);
      return path.endsWith('/search/full')
        ? { counts: { course: 0, train: 0, project: 0, teacher: 0, news: 0, notice: 0 }, top: {}, terms: ['a', 'b'] }
        : null;
    },
  }),
}));
jest.mock('@/components/search/EmptySearchNotice', () => ({ EmptySearchNotice: () => null }));

it('searches for the keyword with its control characters as spaces, and titles it so', async () => {
  const title = (await generateMetadata({ params: Promise.resolve({}) as never })).title;
  expect(title).toBe('“a b”的搜索结果');
  render(await SearchPageView({ params: Promise.resolve({}) as never }));
  expect(asked).toEqual(['a b']);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('“a b”的搜索结果');
  expect(screen.queryByText(/搜索暂时不可用/)).toBeNull();
});

/** @jest-environment jsdom */
/**
 * Accessibility defects of the catalogue and personal pages:
 * - /course/index: the sidebar's h2 课程分类 came before the page's h1 in the document; then the list came first but
 *   narrow screens drew the categories above it, so a keyboard met them after the list. Now the document order is
 *   the order drawn on a phone (h1, categories, list, hot list), with no CSS reordering;
 * - links that open another window (the player's, a course detail's) now say so to screen readers;
 * - the personal centre's tabs each have their own title; /train/task of a project that does not exist is titled
 *   页面不存在, as its 404 body.
 */
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { VARIANTS } from '@/lib/variants';
import { ApiError } from '@/lib/api/core';
import { NamedWindowLink } from '@/components/personal/NamedWindowLink';
import { CourseActions } from '@/components/catalogue/CourseActions';
import { HotList } from '@/components/catalogue/Lists';
import { CourseCardView } from '@/components/cards/Cards';
import CourseIndexPage from '@/app/[variant]/(portal)/course/index/[[...q]]/page';
import { generateMetadata as personalMetadata } from '@/app/[variant]/(portal)/personal/index/[[...q]]/page';
import { querySegment } from '@/lib/variants/catalogue-paths';
import TrainTaskPage, { generateMetadata as taskMetadata } from '@/app/[variant]/(portal)/train/task/page';
import { generateMetadata as policyIndexMetadata } from '@/app/[variant]/(portal)/policy/index/page';
import { generateMetadata as policyDetailMetadata } from '@/app/[variant]/(portal)/policy/detail/page';
import { generateMetadata as trainIndexMetadata } from '@/app/[variant]/(portal)/train/index/[[...q]]/page';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/course/index',
  notFound: () => {
    throw new Error('NEXT_NOT_FOUND');
  },
  redirect: jest.fn(),
}));

/** /train/task's server: project 5 exists, any other id is refused as the backend refuses a missing record. */
const request = jest.fn(async (path: string, body: { id?: number; trainId?: number }) => {
  if (path.endsWith('/api/policy/detail')) {
    if (body.id !== 5) throw new ApiError(path, 1004, '文件不存在', null);
    return { id: 5, type: 1, title: '干部教育培训工作条例', content: '', publishedAt: '2026-01-01' };
  }
  if ((body.id ?? body.trainId) !== 5) throw new ApiError(path, 1004, '培训项目不存在', null);
  return path.endsWith('/applyStatus')
    ? { applyStatus: 7, label: '审核通过' }
    : { id: 5, title: '科研管理培训', schedule: [], assignments: [] };
});
jest.mock('@/lib/catalogue/server', () => ({
  siteOfParams: async () => ({
    site: { variant: 'main', dx: false },
    variant: VARIANTS.main,
    title: '继续教育网络学院',
    origin: 'http://localhost',
    query: {},
    path: (p: string) => p,
  }),
  publicApi: () => ({ api: {}, qc: new QueryClient() }),
  pageMetadata: (m: { title: string }) => ({ title: m.title }),
  pageNumber: () => 1,
}));
jest.mock('@/lib/api/prefetch', () => ({
  load: async (_qc: unknown, _api: unknown, path: string) =>
    path.endsWith('/api/course/list') ? { list: [], total: 0 } : [],
}));
jest.mock('@/lib/api/visitor', () => ({ userApi: async () => ({ api: { request } }) }));

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

describe('/course/index', () => {
  it('has its h1 first, then the categories, the list and the hot list, in the order a phone draws them', async () => {
    const page = await CourseIndexPage({ params: Promise.resolve({ variant: 'main' }) });
    const { container } = wrap(page);
    const headings = screen.getAllByRole('heading');
    expect(headings[0].tagName).toBe('H1');
    expect(headings[0].textContent).toBe('全部课程');
    const categories = screen.getByRole('complementary', { name: '课程分类' });
    const list = screen.getByRole('region', { name: '全部课程' });
    const hot = screen.getByRole('complementary', { name: '热门课程' });
    const follows = (a: Element, b: Element) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(headings[0], categories) && follows(categories, list) && follows(list, hot)).toBe(true);
    // Nothing is moved by CSS, so the keyboard's order is the order drawn at every width.
    expect(container.innerHTML).not.toMatch(/(^|[\s":])order-/);
    // Wide screens: the categories on the left, the heading and the list in the middle.
    expect(categories.className).toMatch(/(^| )lg:col-start-1( |$)/);
    expect(list.className).toMatch(/(^| )lg:col-start-2( |$)/);
  });
});

describe('links that open another window', () => {
  // The name's parts joined (the test's name computation puts a space between a link's text and its inner span).
  const named = (text: string) => new RegExp(`^${text} ?（在新窗口打开）$`);

  it("the personal centre's named-window link says so", () => {
    render(
      <NamedWindowLink href="/courseView?courseId=2" name="courseView">
        科研诚信与学术规范
      </NamedWindowLink>,
    );
    expect(screen.getByRole('link', { name: named('科研诚信与学术规范') }).getAttribute('target')).toBe('courseView');
  });

  it("the course detail's 试看 link to the player says so", () => {
    global.fetch = jest.fn(
      async () =>
        ({
          ok: true,
          status: 200,
          headers: new Headers({ 'content-type': 'application/json' }),
          json: async () => ({ code: 0, msg: 'success', data: { chosen: false, progress: 0, finished: false } }),
        }) as unknown as Response,
    ) as typeof fetch;
    wrap(<CourseActions courseId={2} />);
    expect(screen.getByRole('link', { name: named('试看3分钟') }).getAttribute('target')).toBe('courseView');
  });

  it("the hot list's course links (opened in the course detail window) say so", () => {
    const qc = new QueryClient();
    qc.setQueryData(['/api/course/hotList', { pageSize: 10 }], [{ id: 7, title: '数据科学导论' }]);
    render(
      <QueryClientProvider client={qc}>
        <HotList path="/api/course/hotList" body={{ pageSize: 10 }} />
      </QueryClientProvider>,
    );
    expect(within(screen.getByRole('list')).getByRole('link', { name: named('数据科学导论') })).toBeTruthy();
  });

  it('a course card says so only in lists that open it in the course detail window', () => {
    const course = {
      id: 7,
      title: '数据科学导论',
      cover: '',
      categoryCode: 301,
      categoryName: '学术前沿',
      teacherName: '李明',
      studyCount: 3,
      durationSeconds: 600,
    };
    const { unmount } = render(<CourseCardView course={course} newWindow />);
    expect(screen.getByRole('link', { name: named('数据科学导论') })).toBeTruthy();
    unmount();
    render(<CourseCardView course={course} />);
    expect(screen.getByRole('link', { name: '数据科学导论' })).toBeTruthy();
  });
});

describe('page titles', () => {
  // The tab reaches the cached page as the segment the proxy writes from the address's ?tab=.
  const personal = async (tab?: string, variant = 'main') => {
    const seg = querySegment('/personal/index', new URLSearchParams(tab ? { tab } : {}));
    return (await personalMetadata({ params: Promise.resolve({ variant, q: seg ? [seg] : undefined }) })).title;
  };

  it('each tab of the personal centre has its own', async () => {
    expect(await personal()).toBe('学习档案 - 个人中心');
    expect(await personal('courses')).toBe('我的课程 - 个人中心');
    expect(await personal('trains')).toBe('培训项目 - 个人中心');
    expect(await personal('exams')).toBe('我的考试 - 个人中心');
    expect(await personal('certificates')).toBe('我的证书 - 个人中心');
    expect(await personal('favourites')).toBe('我的收藏 - 个人中心');
    expect(await personal('settings')).toBe('账号设置 - 个人中心');
    expect(await personal('nonsense')).toBe('学习档案 - 个人中心');
  });

  // QA: on the student site the heading says 科教个人空间 (SPEC 2.1's science personal area) and the title said 个人中心.
  it('on the student site, the science personal area, as its heading says', async () => {
    expect(await personal(undefined, 'student')).toBe('学习档案 - 科教个人空间');
    expect(await personal('exams', 'student')).toBe('我的考试 - 科教个人空间');
  });

  // QA: /policy/index?t=2 was headed 工作流程 and a document by its own title, both titled 政策制度.
  it('the policy pages are titled as headed: the kind chosen, the document', async () => {
    const list = async (t?: string) =>
      (await policyIndexMetadata({ searchParams: Promise.resolve(t ? { t } : {}) })).title;
    expect(await list()).toBe('政策制度');
    expect(await list('1')).toBe('政策文件');
    expect(await list('2')).toBe('工作流程');
    const doc = async (id: string) =>
      (
        await policyDetailMetadata({
          params: Promise.resolve({ variant: 'main' }),
          searchParams: Promise.resolve({ id }),
        })
      ).title;
    expect(await doc('5')).toBe('干部教育培训工作条例');
    expect(await doc('999')).toBe('页面不存在');
    expect(await doc('abc')).toBe('页面不存在');
  });

  // QA: the list was titled 2026年11月培训项目 and headed 培训项目与学术报告, the two kinds it lists.
  it('the train list is titled as headed, with the month shown', async () => {
    const parts = new Intl.DateTimeFormat('en', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: 'numeric',
    }).formatToParts(new Date());
    const [year, month] = ['year', 'month'].map((k) => parts.find((p) => p.type === k)!.value);
    const meta = await trainIndexMetadata({ params: Promise.resolve({ variant: 'main' }) });
    expect(meta.title).toBe(`${year}年${month}月培训项目与学术报告`);
  });

  it('/train/task is titled 页面不存在 for a project that does not exist or no valid id', async () => {
    const task = async (id?: string) =>
      (
        await taskMetadata({
          params: Promise.resolve({ variant: 'main' }),
          searchParams: Promise.resolve(id ? { id } : {}),
        })
      ).title;
    expect(await task('5')).toBe('培训任务');
    expect(await task('999999')).toBe('页面不存在');
    expect(await task('abc')).toBe('页面不存在');
    expect(await task()).toBe('页面不存在');
    // The page agrees: the same project is a 404, or its tasks.
    const page = (id: string) =>
      TrainTaskPage({ params: Promise.resolve({ variant: 'main' }), searchParams: Promise.resolve({ id }) });
    await expect(page('999999')).rejects.toThrow('NEXT_NOT_FOUND');
    // The page's hand-in and marking parts load in the browser, inside the shell's query client.
    render(<QueryClientProvider client={new QueryClient()}>{await page('5')}</QueryClientProvider>);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('科研管理培训 · 培训任务');
  });
});

import { decide, type ProxyInput } from '@/lib/variants/decide';

const visitor = (host: string, pathname: string, search = ''): ProxyInput => ({
  host,
  pathname,
  search,
  hasSession: false,
  identity: null,
});
const user = (pathname: string, search: string, operatorID = 7, tchrId: number | null = 3): ProxyInput => ({
  host: 'localhost:3000',
  pathname,
  search,
  hasSession: true,
  identity: { operatorID, tchrId },
});

describe('proxy decisions (SPEC 2.1, 2.3; docs/design.md §3)', () => {
  it('serves the benchmark pages only with PORTAL_TEST_HOOKS=1: a production site answers 404', () => {
    const saved = process.env.PORTAL_TEST_HOOKS;
    try {
      delete process.env.PORTAL_TEST_HOOKS;
      for (const page of ['/bench/baseline', '/bench/dyn', '/bench/shell']) {
        expect(decide(visitor('localhost:3000', page))).toEqual({ kind: 'notFound', path: '/main/page-not-found' });
      }
      process.env.PORTAL_TEST_HOOKS = '1';
      expect(decide(visitor('localhost:3000', '/bench/baseline'))).toEqual({
        kind: 'rewrite',
        path: '/main/bench/baseline',
      });
    } finally {
      if (saved === undefined) delete process.env.PORTAL_TEST_HOOKS;
      else process.env.PORTAL_TEST_HOOKS = saved;
    }
  });

  it('rewrites a page under the variant segment, keeping the query', () => {
    expect(decide(visitor('localhost:3000', '/home'))).toEqual({ kind: 'rewrite', path: '/main/home' });
    expect(decide(visitor('party.localhost:3000', '/questionaire', '?id=3&from=x'))).toEqual({
      kind: 'rewrite',
      path: '/party/questionaire?id=3&from=x',
    });
    // The player: cached per course (its learner's progress loads in the browser); the batch word selects the batch player.
    expect(decide(visitor('party.localhost:3000', '/courseView', '?id=3&chapterId=2'))).toEqual({
      kind: 'rewrite',
      path: '/party/courseView/id-3',
    });
    expect(decide(visitor('party.localhost:3000', '/courseView', '?courseId=3&type=Batch'))).toEqual({
      kind: 'rewrite',
      path: '/party/courseView/courseId-3_batch-1',
    });
    expect(decide(visitor('party.localhost:3000', '/courseViewBatch', '?courseId=3&batch=1'))).toEqual({
      kind: 'rewrite',
      path: '/party/courseViewBatch/courseId-3',
    });
    // ... or the search query as a segment too (each query cached per site)
    expect(decide(visitor('party.localhost:3000', '/search/index', '?key=x'))).toEqual({
      kind: 'rewrite',
      path: '/party/search/index/key-78',
    });
    // docs/design.md §3: the parameters that select a public list become a path segment (lib/variants/catalogue-paths).
    expect(decide(visitor('party.localhost:3000', '/course/index', '?t=301'))).toEqual({
      kind: 'rewrite',
      path: '/party/course/index/t-301',
    });
    expect(decide(visitor('dangxiao.localhost', '/home'))).toEqual({ kind: 'rewrite', path: '/partySchool.dx/home' });
  });

  it.each([
    ['/', '', '/home'],
    ['/', '?a=1', '/home?a=1'],
    ['/notice', '', '/notice/news'],
    ['/course', '?t=302&page=2', '/course/index?t=302&page=2'],
    ['/train', '?t=5002', '/train/index?t=5002'],
    ['/live', '', '/live/index'],
    ['/course/', '?t=301', '/course/index?t=301'],
  ])('redirects %s%s -> %s keeping the query', (path, search, location) => {
    expect(decide(visitor('localhost', path, search))).toEqual({ kind: 'redirect', location });
  });

  it('the student host sends / to /course/index', () => {
    expect(decide(visitor('stu.localhost', '/', '?x=1'))).toEqual({ kind: 'redirect', location: '/course/index?x=1' });
  });

  it('a path outside the route set is a 404 of that variant', () => {
    expect(decide(visitor('stu.localhost', '/live/index'))).toEqual({
      kind: 'notFound',
      path: '/student/page-not-found',
    });
    // a section redirect leads only into the variant's own routes: no redirect into that 404
    expect(decide(visitor('stu.localhost', '/live'))).toEqual({ kind: 'notFound', path: '/student/page-not-found' });
    expect(decide(visitor('dangxiao.localhost', '/live'))).toEqual(
      decide(visitor('dangxiao.localhost', '/live/index')),
    );
    expect(decide(visitor('dangxiao.localhost', '/exam'))).toEqual({
      kind: 'notFound',
      path: '/partySchool.dx/page-not-found',
    });
    expect(decide(visitor('localhost', '/no-such-page'))).toEqual({ kind: 'notFound', path: '/main/page-not-found' });
    // internal paths are not reachable from outside
    expect(decide(visitor('localhost', '/main/home')).kind).toBe('notFound');
  });

  it('a login-required route sends a visitor to /home with the login dialog', () => {
    const d = decide(visitor('localhost', '/personal/index'));
    expect(d.kind).toBe('redirect');
    expect(d.kind === 'redirect' && d.location.startsWith('/home?login=1')).toBe(true);
    expect(decide(visitor('localhost', '/policy/index', '?t=1')).kind).toBe('redirect');
    expect(decide(user('/personal/index', ''))).toEqual({ kind: 'rewrite', path: '/main/personal/index' });
  });

  it("the personal centre: its tab and year become the cached page's segment, for a signed-in visitor only", () => {
    expect(decide(user('/personal/index', '?tab=archive&year=2025&x=1'))).toEqual({
      kind: 'rewrite',
      path: '/main/personal/index/tab-archive_year-2025',
    });
    expect(decide(user('/personal/index', '?tab=../../x'))).toEqual({ kind: 'rewrite', path: '/main/personal/index' });
    const visitor_ = decide(visitor('localhost', '/personal/index', '?tab=courses'));
    expect(visitor_).toEqual({
      kind: 'redirect',
      location: `/home?login=1&redirect=${encodeURIComponent('/personal/index?tab=courses')}`,
    });
  });

  it('/space/creation: own operatorID or tchrId passes, any other id goes to the teacher space', () => {
    expect(decide(user('/space/creation', '?id=7'))).toEqual({ kind: 'rewrite', path: '/main/space/creation?id=7' });
    expect(decide(user('/space/creation', '?id=3&tab=videoSubmit'))).toEqual({
      kind: 'rewrite',
      path: '/main/space/creation?id=3&tab=videoSubmit',
    });
    expect(decide(user('/space/creation', '?id=9&tab=videoSubmit'))).toEqual({
      kind: 'redirect',
      location: '/space/teacher?id=9&tab=videoSubmit',
    });
    expect(decide(user('/space/creation', '?id=3', 7, null))).toEqual({
      kind: 'redirect',
      location: '/space/teacher?id=3',
    });
    // a session whose identity cookie is missing or forged cannot claim an id
    expect(decide({ ...user('/space/creation', '?id=7'), identity: null })).toEqual({
      kind: 'redirect',
      location: '/space/teacher?id=7',
    });
  });

  it('/space/creation with an id sends a visitor to the teacher space; without an id to /home', () => {
    expect(decide(visitor('localhost', '/space/creation', '?id=5'))).toEqual({
      kind: 'redirect',
      location: '/space/teacher?id=5',
    });
    const d = decide(visitor('localhost', '/space/creation'));
    expect(d.kind === 'redirect' && d.location.startsWith('/home')).toBe(true);
  });

  it('sitemap.xml and robots.txt are served per host', () => {
    expect(decide(visitor('party.localhost', '/robots.txt'))).toEqual({ kind: 'rewrite', path: '/party/robots.txt' });
  });

  it('favicon.ico is served per host, as its variant icon', () => {
    expect(decide(visitor('stu.localhost', '/favicon.ico'))).toEqual({ kind: 'rewrite', path: '/student/favicon.ico' });
    expect(decide(visitor('dangxiao.localhost', '/favicon.ico'))).toEqual({
      kind: 'rewrite',
      path: '/partySchool.dx/favicon.ico',
    });
  });
});

describe('/favicon.ico (app/[variant]/favicon.ico)', () => {
  const get = async (variant: string) => {
    const { GET } = await import('@/app/[variant]/favicon.ico/route');
    return GET(new Request('http://localhost/favicon.ico'), { params: Promise.resolve({ variant }) });
  };
  it.each(['main', 'party', 'student', 'partySchool.dx', 'column'])('%s: an ICO image', async (variant) => {
    const res = await get(variant);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes[4]).toBeGreaterThanOrEqual(1);
  });
  it('each site its own icon', async () => {
    const body = async (v: string) => Buffer.from(await (await get(v)).arrayBuffer()).toString('base64');
    expect(await body('party')).not.toBe(await body('main'));
    expect(await body('student')).not.toBe(await body('main'));
    expect((await get('nosuch')).status).toBe(404);
  });
});

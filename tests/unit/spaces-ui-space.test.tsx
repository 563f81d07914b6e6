/** @jest-environment jsdom */
/**
 * Space pages in the browser: the fans count follows the server after every toggle (the cached page is not
 * re-read); hidden counts say 不公开, never 0, and the owner sees their own; the pin manager lists every
 * pinned item with 取消置顶; the creation-centre link carries the tchrId; 查看更多 pages a long course list.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FollowButton } from '@/components/spaces/FollowButton';
import { SpaceCounts } from '@/components/spaces/SpaceCounts';
import { SpaceCourses } from '@/components/spaces/SpaceCourses';
import { SpaceSeries } from '@/components/spaces/SpaceSeries';
import { OwnerTools } from '@/components/spaces/OwnerTools';
import { Comments } from '@/components/spaces/Comments';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import type { FollowState, SpaceComment, SpaceDetail, SpaceTopItem } from '@/lib/contract/spaces';
import type { CourseCard, SeriesCard } from '@/lib/contract/home';
import { creationHref } from '@/components/creation/links';
import { decide } from '@/lib/variants/decide';
import { envelopeResponse } from '../fixtures/http';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh, push: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/space/teacher',
}));

const ref = { kind: 'teacher' as const, id: 1 };
const course = (id: number, title = `课程${id}`): CourseCard =>
  ({
    id,
    title,
    cover: '',
    categoryName: '学术前沿',
    teacherName: '张老师',
    durationSeconds: 600,
    studyCount: 3,
  }) as unknown as CourseCard;

/** A tiny server: who follows, the privacy of the space, the pins; every answer is its state after the write. */
let server: {
  fans: number;
  followed: boolean;
  isOwner: boolean;
  showFans: boolean;
  showCreated: boolean;
  created: number;
  pins: string[];
  /** Pins in a list the owner keeps private (/api/space/tops marks them hidden). */
  hiddenPins?: string[];
  /** Pinned courses that are neither in the created nor the studied list. */
  pinCourses?: CourseCard[];
  courses: CourseCard[];
  comments?: SpaceComment[];
};
const requests: { path: string; body: Record<string, unknown> }[] = [];
const followState = (): FollowState => ({
  followed: server.followed,
  isOwner: server.isOwner,
  loggedIn: true,
  counts: {
    fans: server.showFans || server.isOwner ? server.fans : null,
    follows: 3,
    created: server.showCreated || server.isOwner ? server.created : null,
  },
});
function answer(path: string, body: Record<string, unknown>): unknown {
  switch (path) {
    case '/api/space/followState':
      return followState();
    case '/api/space/follow':
    case '/api/space/unfollow': {
      const on = path === '/api/space/follow';
      if (on !== server.followed) server.fans += on ? 1 : -1;
      server.followed = on;
      return followState();
    }
    case '/api/space/top/save': {
      const key = `${body.itemType}:${body.itemId}`;
      server.pins = body.top ? [key, ...server.pins.filter((k) => k !== key)] : server.pins.filter((k) => k !== key);
      return { top: body.top };
    }
    case '/api/space/tops':
      return server.pins.map((key): SpaceTopItem => {
        const id = Number(key.split(':')[1]);
        return {
          itemType: 'course',
          course: [...server.courses, ...(server.pinCourses ?? [])].find((c) => c.id === id) ?? course(id),
          ...(server.hiddenPins?.includes(key) ? { hidden: true } : {}),
        };
      });
    case '/api/comment/list': {
      const list = server.comments ?? [];
      return { list, total: list.length, pageNum: 1, pageSize: 20 };
    }
    case '/api/comment/remove':
      server.comments = (server.comments ?? []).filter((c) => c.id !== body.id);
      return { removed: true };
    case '/api/space/courses': {
      const size = Number(body.pageSize ?? 12);
      const page = Number(body.pageNum ?? 1);
      return {
        list: server.courses.slice((page - 1) * size, page * size),
        total: server.courses.length,
        pageNum: page,
        pageSize: size,
      };
    }
    case '/api/space/series':
      return server.isOwner || server.showCreated
        ? [{ id: 4, title: '我的系列甲', cover: '', summary: '', courseCount: 2, studyCount: 1 } as SeriesCard]
        : null;
    case '/api/space/privacy/detail':
      return { showCreated: true, showStudied: true, showFollows: true, showFans: true };
    case '/api/eosoperator/myInfo':
      return {
        operatorID: 2,
        tchrId: 1,
        operatorName: '教师',
        orgName: '',
        userID: 'teacher',
        remark: '',
        headPic: '',
      };
    default:
      return null;
  }
}

beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    requests.push({ path, body });
    const env = { code: 0, msg: 'success', data: answer(path, body) };
    return envelopeResponse(env);
  }) as typeof fetch;
});
beforeEach(() => {
  requests.length = 0;
  refresh.mockClear();
  server = {
    fans: 6,
    followed: false,
    isOwner: false,
    showFans: true,
    showCreated: true,
    created: 5,
    pins: [],
    courses: [],
  };
  document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
});
afterEach(() => {
  document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
});

const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );
const counts = (c: Partial<SpaceDetail['counts']> = {}): SpaceDetail['counts'] => ({
  fans: 6,
  follows: 3,
  created: 5,
  studied: 2,
  comments: 0,
  ...c,
});

describe('fans count', () => {
  it('matches the server after every follow and unfollow, even when the cached page says otherwise', async () => {
    // The cached page is one write behind (7 while the server has 6): the count shown is the server's.
    wrap(
      <>
        <SpaceCounts spaceRef={ref} counts={counts({ fans: 7 })} />
        <FollowButton spaceRef={ref} name="张老师" />
      </>,
    );
    const fans = screen.getByTestId('fans-count');
    await waitFor(() => expect(fans.textContent).toBe('6'));
    for (const expected of [7, 6, 7, 6, 7]) {
      const button = await screen.findByRole('button', { name: /^(关注|已关注)/ });
      await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
      await act(async () => fireEvent.click(button));
      await waitFor(() => expect(fans.textContent).toBe(String(expected)));
      expect(server.fans).toBe(expected);
    }
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a visitor sees the cached page’s counts and asks nothing', async () => {
    document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
    wrap(<SpaceCounts spaceRef={ref} counts={counts({ fans: 9 })} />);
    expect(screen.getByTestId('fans-count').textContent).toBe('9');
    await act(async () => {});
    expect(requests).toEqual([]);
  });
});

describe('privacy', () => {
  it('hidden counts read 不公开, never 0', async () => {
    document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
    wrap(<SpaceCounts spaceRef={ref} counts={counts({ fans: null, created: null })} />);
    expect(screen.getByTestId('fans-count').textContent).toBe('不公开');
    expect(screen.getByTestId('created-count').textContent).toBe('不公开');
    expect(document.body.textContent).not.toMatch(/粉丝0|课程0/);
  });

  it('for others a hidden list says so; the owner sees their own counts and courses', async () => {
    server = {
      ...server,
      showFans: false,
      showCreated: false,
      isOwner: true,
      courses: [course(1, '我的课程甲'), course(2, '我的课程乙')],
    };
    wrap(
      <>
        <SpaceCounts spaceRef={ref} counts={counts({ fans: null, created: null })} />
        <SpaceCourses spaceRef={ref} list="created" initial={null} total={null} emptyText="暂无课程" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('fans-count').textContent).toBe('6'));
    expect(screen.getByTestId('created-count').textContent).toBe('5');
    expect(await screen.findByText('我的课程甲')).toBeTruthy();
    expect(screen.getByText('已设置为不公开，仅您自己可见。')).toBeTruthy();
  });

  it('another signed-in user gets 空间主人已设置为不公开', async () => {
    server = { ...server, showCreated: false };
    wrap(
      <>
        <SpaceCourses spaceRef={ref} list="created" initial={null} total={null} emptyText="暂无课程" />
        <SpaceSeries spaceRef={ref} initial={null} />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('空间主人已设置为不公开')).toHaveLength(2));
    await act(async () => {});
    expect(requests.some((r) => r.path === '/api/space/courses' || r.path === '/api/space/series')).toBe(false);
  });

  it('private series: the owner sees theirs, marked as visible to them alone', async () => {
    server = { ...server, showCreated: false, isOwner: true };
    wrap(<SpaceSeries spaceRef={ref} initial={null} />);
    expect(await screen.findByText('我的系列甲')).toBeTruthy();
    expect(screen.getByText('已设置为不公开，仅您自己可见。')).toBeTruthy();
    expect(screen.queryByText('空间主人已设置为不公开')).toBeNull();
  });
});

describe('查看更多', () => {
  it('loads the next pages of a long list until all are shown', async () => {
    server.courses = Array.from({ length: 38 }, (_, i) => course(i + 1));
    wrap(
      <SpaceCourses
        spaceRef={{ kind: 'org', id: 3 }}
        list="created"
        initial={server.courses.slice(0, 12)}
        total={38}
        emptyText="暂无课程"
      />,
    );
    expect(screen.getAllByRole('article')).toHaveLength(12);
    for (const shown of [24, 36, 38]) {
      const button = screen.getByRole('button', { name: /查看更多/ });
      button.focus();
      fireEvent.click(button);
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(shown));
      // The keyboard goes on at the first course loaded, also after the last page, when the button is gone.
      const firstNew = screen.getAllByRole('article')[shown === 38 ? 36 : shown - 12];
      await waitFor(() => expect(firstNew.contains(document.activeElement)).toBe(true));
    }
    expect(screen.queryByRole('button', { name: /查看更多/ })).toBeNull();
    expect(requests.filter((r) => r.path === '/api/space/courses').map((r) => r.body.pageNum)).toEqual([2, 3, 4]);
    expect(requests.find((r) => r.path === '/api/space/courses')?.body).toMatchObject({
      kind: 'org',
      id: 3,
      list: 'created',
      pageSize: 12,
    });
  });
});

describe('owner tools', () => {
  it('list a pinned course that is neither created nor studied, with 取消置顶; the creation link carries the tchrId', async () => {
    const tops = [{ itemType: 'course' as const, course: course(99, '如何做好知识产权保护与运营') }];
    server = {
      ...server,
      isOwner: true,
      pins: ['course:99'],
      pinCourses: [tops[0].course],
      courses: [course(1, '我讲的课')],
    };
    wrap(<OwnerTools spaceRef={ref} tops={tops} />);
    const link = await screen.findByRole('link', { name: '进入创作中心' });
    expect(link.getAttribute('href')).toBe('/space/creation?tab=videoSubmit&id=1');
    (screen.getByText('置顶课程', { selector: 'summary' }).parentElement as HTMLDetailsElement).open = true;
    const list = screen.getByRole('list', { name: '置顶课程' });
    await within(list).findByRole('button', { name: /^置顶\s*我讲的课$/ });
    fireEvent.click(within(list).getByRole('button', { name: /^取消置顶\s*如何做好知识产权保护与运营$/ }));
    await waitFor(() => expect(server.pins).toEqual([]));
    expect(requests.find((r) => r.path === '/api/space/top/save')?.body).toEqual({
      itemType: 'course',
      itemId: 99,
      top: false,
    });
    // Shown as unpinned at once, from the server's answer; it is no longer one of the owner's candidates.
    await waitFor(() => expect(within(list).queryByRole('button', { name: /如何做好知识产权保护与运营/ })).toBeNull());
    fireEvent.click(within(list).getByRole('button', { name: /^置顶\s*我讲的课$/ }));
    await waitFor(() => expect(server.pins).toEqual(['course:1']));
    expect(await within(list).findByRole('button', { name: /^取消置顶\s*我讲的课$/ })).toBeTruthy();
  });
});

describe('owner tools: pins of a private list', () => {
  it('the owner’s list has the pin the page leaves out for others, marked as visible to them alone', async () => {
    server = {
      ...server,
      isOwner: true,
      pins: ['course:7'],
      hiddenPins: ['course:7'],
      courses: [course(7, '我讲的隐私课')],
    };
    // The cached page (a visitor's view) has no pins: the course is in the private created list.
    wrap(<OwnerTools spaceRef={ref} tops={[]} />);
    await screen.findByRole('link', { name: '进入创作中心' });
    const list = screen.getByRole('list', { name: '置顶课程' });
    const row = (await within(list).findByRole('button', { name: /^取消置顶\s*我讲的隐私课$/ })).closest('li')!;
    expect(row.textContent).toContain('不公开，仅您自己可见');
    expect(within(list).queryByRole('button', { name: /^置顶\s*我讲的隐私课$/ })).toBeNull();
  });
});

describe('comments', () => {
  const comment = (id: number, content: string): SpaceComment => ({
    id,
    content,
    createdAt: '2026-03-01T02:00:00.000Z',
    author: { kind: 'student', id: 5, name: '王晓明', avatar: '', subtitle: '' },
    canRemove: true,
  });

  it('删除 asks in the app’s box first (取消 keeps the comment), then the keyboard goes on at the next comment’s 删除, and after the last at the heading', async () => {
    const native = jest.spyOn(window, 'confirm').mockImplementation(() => true);
    server = { ...server, isOwner: true, comments: [comment(1, '第一条评论'), comment(2, '第二条评论')] };
    wrap(<Comments spaceRef={ref} />);
    const removeButtons = async () =>
      within(await screen.findByRole('list', { name: '评论列表' })).getAllByRole('button', { name: /删除/ });
    const [first] = await removeButtons();
    act(() => first.focus());
    fireEvent.click(first);
    let box = await screen.findByRole('alertdialog');
    expect(within(box).getByText('提示')).toBeTruthy();
    expect(box.textContent).toContain('确定删除这条评论吗？');
    fireEvent.click(within(box).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((r) => r.path === '/api/comment/remove')).toBe(false);
    expect(screen.getByText('第一条评论')).toBeTruthy();

    fireEvent.click((await removeButtons())[0]);
    box = await screen.findByRole('alertdialog');
    fireEvent.click(within(box).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByText('第一条评论')).toBeNull());
    expect(requests.find((r) => r.path === '/api/comment/remove')?.body).toEqual({ id: 1 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /删除/ })));
    expect(document.activeElement!.closest('li')!.textContent).toContain('第二条评论');

    fireEvent.click(screen.getByRole('button', { name: /删除/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await screen.findByText('暂无评论，快来发表第一条评论吧');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^评论/ })));
    expect(native).not.toHaveBeenCalled();
    native.mockRestore();
  });
});

describe('creation-centre links', () => {
  it('carry the id of the same person on /space/teacher: the tchrId for a teacher, the operatorID otherwise; the proxy lets the owner in', () => {
    const teacher = { operatorID: 2, tchrId: 1 };
    const href = creationHref(teacher, 'videoSubmit');
    expect(href).toBe('/space/creation?tab=videoSubmit&id=1');
    expect(creationHref({ operatorID: 9, tchrId: null })).toBe('/space/creation?id=9');
    const search = href.slice(href.indexOf('?'));
    const asOwner = decide({
      host: 'localhost',
      pathname: '/space/creation',
      search,
      hasSession: true,
      identity: teacher,
    });
    expect(asOwner.kind).toBe('rewrite');
    // the old operatorID link is still accepted from its owner
    expect(
      decide({ host: 'localhost', pathname: '/space/creation', search: '?id=2', hasSession: true, identity: teacher })
        .kind,
    ).toBe('rewrite');
    // someone else opening the shared link lands on this teacher's own space
    expect(
      decide({ host: 'localhost', pathname: '/space/creation', search, hasSession: false, identity: null }),
    ).toEqual({ kind: 'redirect', location: `/space/teacher${search}` });
  });
});

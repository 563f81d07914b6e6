/** @jest-environment jsdom */
/**
 * The personal centre's tabs load the learner's own data in the browser (the page around them is cached and the
 * same for every learner, issue 5 point 7): a placeholder until the archive call answers, the tab's content after,
 * 重试 when the call failed, and the list read again after 取消收藏 or 申请证书.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PersonalSections } from '@/components/personal/PersonalSections';
import type { Archive } from '@/lib/contract/archive';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { envelopeResponse } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/personal/index',
}));

const YEAR = new Date().getFullYear();
const archive = (over: Partial<Archive> = {}): Archive => ({
  year: YEAR,
  years: [YEAR, YEAR - 1],
  positionLevel: 4,
  required: { online: 50, offline: 110 },
  onLineAllTimeEffective: 3 * 3600 + 20 * 60,
  offLineAllTimeEffective: 0,
  months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, online: i === 2 ? 12000 : 0, offline: 0 })),
  courses: [],
  trains: [],
  certificates: [],
  exams: [],
  favourites: [],
  ...over,
});

let answers: Record<string, () => unknown>;
let calls: { path: string; body: unknown }[];
let failNext = 0;

beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (failNext > 0) {
      failNext--;
      throw new TypeError('Failed to fetch');
    }
    const env = { code: 0, msg: 'success', data: answers[path]?.() ?? {} };
    return envelopeResponse(env);
  }) as typeof fetch;
});
beforeEach(() => {
  calls = [];
  failNext = 0;
  answers = { '/api/personal/archive': () => archive() };
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
const archiveCalls = () => calls.filter((c) => c.path === '/api/personal/archive');

describe("the personal centre's tabs", () => {
  it("archive: a placeholder, then the year's hours against the requirement of the learner's level", async () => {
    wrap(<PersonalSections tab="archive" examPages />);
    expect(screen.getByRole('status').textContent).toContain('正在加载');
    expect(await screen.findByRole('heading', { name: `${YEAR}年学习档案` })).toBeTruthy();
    expect(screen.getByTestId('online-total').textContent).toBe('网络学时 3小时20分钟');
    expect(screen.getByText(/每年网络学时不少于50学时，线下学时不少于110学时/)).toBeTruthy();
    expect(screen.getByRole('link', { name: `${YEAR - 1}年` }).getAttribute('href')).toBe(
      `/personal/index?tab=archive&year=${YEAR - 1}`,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(archiveCalls()[0].body).toEqual({ section: 'archive' });
  });

  it("asks for the year chosen and only the shown tab's part", async () => {
    answers['/api/personal/archive'] = () => archive({ year: YEAR - 1 });
    wrap(<PersonalSections tab="archive" year={YEAR - 1} examPages />);
    expect(await screen.findByRole('heading', { name: `${YEAR - 1}年学习档案` })).toBeTruthy();
    expect(archiveCalls()[0].body).toEqual({ year: YEAR - 1, section: 'archive' });
  });

  it('courses: in progress and finished, each with its progress bar and a link to the player', async () => {
    answers['/api/personal/archive'] = () =>
      archive({
        courses: [
          {
            courseId: 3,
            title: '新时代党的建设',
            cover: '',
            progress: 40,
            studiedSeconds: 600,
            finishedAt: null,
            chosenAt: '2026-01-01T00:00:00Z',
            onSite: true,
          },
          {
            courseId: 4,
            title: '数据结构',
            cover: '',
            progress: 100,
            studiedSeconds: 3600,
            finishedAt: '2026-02-01T00:00:00Z',
            chosenAt: '2026-01-01T00:00:00Z',
            onSite: false,
          },
        ],
      });
    wrap(<PersonalSections tab="courses" examPages />);
    expect(await screen.findByRole('heading', { name: '学习中（1）' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '已学完（1）' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /新时代党的建设/ }).getAttribute('href')).toBe('/courseView?courseId=3');
    expect(screen.getByRole('progressbar', { name: '新时代党的建设 学习进度' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );
    expect(screen.getByText('（本站未发布）')).toBeTruthy();
  });

  it('a call that fails offers 重试, which loads the tab', async () => {
    failNext = 1;
    wrap(<PersonalSections tab="archive" examPages />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('学习档案加载失败，请稍后重试。');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(await screen.findByRole('heading', { name: `${YEAR}年学习档案` })).toBeTruthy();
  });

  it('我的收藏: 取消收藏 reads the list again, and the course has left it', async () => {
    let favourites: Archive['favourites'] = [
      { courseId: 7, title: '大学英语', cover: '', createdAt: '2026-03-01T00:00:00Z', onSite: true },
    ];
    answers['/api/personal/archive'] = () => archive({ favourites });
    answers['/api/course/favourite'] = () => {
      favourites = [];
      return {};
    };
    wrap(<PersonalSections tab="favourites" examPages />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '取消收藏' })));
    expect(await screen.findByText('还没有收藏课程')).toBeTruthy();
    expect(archiveCalls()).toHaveLength(2);
  });

  it('账号设置 reads no archive', async () => {
    answers['/modules/eosoperator/getUserInfo'] = () => ({});
    wrap(<PersonalSections tab="settings" examPages />);
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(0));
    expect(archiveCalls()).toHaveLength(0);
  });
});

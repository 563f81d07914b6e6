/** @jest-environment jsdom */
/**
 * Defect: a document chapter (a PDF uploaded in the creation centre) showed only 该章节暂无视频 in the player, and the
 * player and the course page listed it as 0分0秒. The player shows the document (name, size, 查看文档 in a new tab,
 * 下载) to a learner who chose the course and to its teacher, asks anyone else to 选学 (mode 4, as a video does),
 * counts the chapter as studied when it is opened, and both chapter lists say 文档.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CoursePlayer } from '@/components/player/CoursePlayer';
import { openPlayerAt } from '../fixtures/player';
import { CourseDetailView } from '@/components/catalogue/CourseDetailView';
import { apiQueryKey } from '@/lib/api/query';
import { formatChapterLength } from '@/lib/format';
import { onUi, type UiEvent } from '@/lib/ui/events';
import type { CourseDetail } from '@/lib/contract/catalogue';
import type { ChapterView, CourseProgressView, CourseView } from '@/lib/contract/learning';
import { envelopeResponse } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
}));
jest.mock('@/components/catalogue/CourseActions', () => ({ CourseActions: () => null }));
jest.mock('@/components/catalogue/ClearWindowNameOnLeave', () => ({ ClearWindowNameOnLeave: () => null }));

const video: ChapterView = {
  id: 1,
  sort: 1,
  title: '第一讲 数据采集',
  kind: 'video',
  fileName: '',
  fileSize: 0,
  duration: 240,
  trialSeconds: 180,
  playable: true,
  mediaType: 'video/webm',
  hasSubtitle: false,
  subtitleByAi: false,
};
const doc: ChapterView = {
  id: 2,
  sort: 2,
  title: '第三讲 参考讲义',
  kind: 'document',
  fileName: '讲义.pdf',
  fileSize: 1536,
  duration: 0,
  trialSeconds: 0,
  playable: false,
  mediaType: '',
  hasSubtitle: false,
  subtitleByAi: false,
};
const course: CourseView = {
  id: 241,
  title: 'QA测试课程',
  summary: '',
  cover: '',
  teacherName: '叶斌',
  trialSeconds: 180,
  aiSubtitles: false,
  chapters: [video, doc],
};
const base: CourseProgressView = {
  courseId: 241,
  chosen: true,
  owner: false,
  progress: 0,
  lastChapterId: null,
  lastPosition: 0,
  studiedSeconds: 0,
  finished: false,
  chapters: [],
  myReview: null,
  favourite: false,
};

let submits: Record<string, unknown>[] = [];
beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    let data: unknown = { list: [], total: 0 };
    // After a heartbeat the player reloads the learner's progress: the server then has the document studied.
    if (path.endsWith('/api/course/progress'))
      data = { ...base, chapters: submits.length ? [{ chapterId: 2, frontier: 0, position: 0, finished: true }] : [] };
    if (path.endsWith('/api/study/submit')) {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      submits.push(body);
      data = {
        submitId: body.submitId,
        accepted: true,
        duplicate: false,
        credited: 0,
        progress: 0,
        frontier: 0,
        finished: false,
      };
    }
    const env = { code: 0, msg: 'success', data };
    return envelopeResponse(env);
  }) as typeof fetch;
});
const noNavigation = (e: Event) => e.preventDefault();
beforeEach(() => {
  submits = [];
  window.localStorage.clear();
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  // jsdom does not navigate: the links' own handlers still run.
  document.addEventListener('click', noNavigation);
});
afterEach(() => {
  document.removeEventListener('click', noNavigation);
  jest.restoreAllMocks();
});

async function renderPlayer(progress: CourseProgressView, chapterId = doc.id) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(apiQueryKey('/api/course/view', { courseId: 241 }), course);
  qc.setQueryData(apiQueryKey('/api/course/progress', { courseId: 241 }), progress);
  openPlayerAt(241, chapterId);
  render(
    <QueryClientProvider client={qc}>
      <CoursePlayer courseId={241} batch={false} />
    </QueryClientProvider>,
  );
  await act(async () => {});
}
const documentRegion = () => screen.getByRole('region', { name: '文档' });

it('a learner who chose the course sees the document: name, size, 查看文档 in a new tab and 下载; opening it counts it as studied', async () => {
  await renderPlayer(base);
  const panel = documentRegion();
  expect(screen.queryByText('该章节暂无视频')).toBeNull();
  expect(panel.textContent).toContain('讲义.pdf');
  expect(panel.textContent).toContain('1.50 KB');
  const view = within(panel).getByRole('link', { name: /查看文档/ });
  expect(view.getAttribute('href')).toBe('/media/chapter/2');
  expect(view.getAttribute('target')).toBe('_blank');
  const download = within(panel).getByRole('link', { name: '下载' });
  expect(download.getAttribute('href')).toBe('/media/chapter/2');
  expect(download.getAttribute('download')).toBe('讲义.pdf');

  await act(async () => fireEvent.click(view));
  expect(submits).toHaveLength(1);
  expect(submits[0]).toMatchObject({ courseId: 241, chapterId: 2, position: 0, from: 0, to: 0, watched: 0 });
});

it('a document already studied is not reported again', async () => {
  await renderPlayer({ ...base, chapters: [{ chapterId: 2, frontier: 0, position: 0, finished: true }] });
  const panel = documentRegion();
  await act(async () => fireEvent.click(within(panel).getByRole('link', { name: '下载' })));
  expect(submits).toHaveLength(0);
});

it('anyone who has not chosen the course gets the 选学 prompt (mode 4) instead of the file', async () => {
  const seen: UiEvent[] = [];
  const off = onUi((e) => seen.push(e));
  // On trial only the first chapter opens: a document that is first shows its panel, without links.
  const first: CourseView = { ...course, chapters: [doc, video] };
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(apiQueryKey('/api/course/view', { courseId: 241 }), first);
  qc.setQueryData(apiQueryKey('/api/course/progress', { courseId: 241 }), { ...base, chosen: false });
  openPlayerAt(241, null);
  render(
    <QueryClientProvider client={qc}>
      <CoursePlayer courseId={241} batch={false} />
    </QueryClientProvider>,
  );
  await act(async () => {});
  const panel = documentRegion();
  expect(within(panel).queryByRole('link')).toBeNull();
  expect(panel.innerHTML).not.toContain('/media/chapter/');
  fireEvent.click(within(panel).getByRole('button', { name: '查看文档' }));
  fireEvent.click(within(panel).getByRole('button', { name: '下载' }));
  expect(seen).toEqual([
    { type: 'messageBox', mode: 4 },
    { type: 'messageBox', mode: 4 },
  ]);
  expect(submits).toHaveLength(0);
  off();
});

it("the course's teacher opens its documents without 选学, and is not reported as studying", async () => {
  await renderPlayer({ ...base, chosen: false, owner: true }, video.id);
  expect(screen.queryByRole('region', { name: '文档' })).toBeNull();
  // From the video chapter to the document: not refused as it would be on trial.
  await act(async () => fireEvent.click(screen.getByRole('button', { name: /参考讲义/ })));
  await act(async () => fireEvent.click(within(documentRegion()).getByRole('link', { name: /查看文档/ })));
  expect(submits).toHaveLength(0);
});

it('both chapter lists label a document 文档, not 0分0秒', async () => {
  expect(formatChapterLength('document', 0)).toBe('文档');
  expect(formatChapterLength('video', 240)).toBe('4分0秒');
  await renderPlayer(base);
  const list = screen.getByRole('navigation', { name: '课程章节' });
  expect(within(list).getByRole('button', { name: /参考讲义/ }).textContent).toContain('文档');
  expect(within(list).getByRole('button', { name: /数据采集/ }).textContent).toContain('4分0秒');
  expect(list.textContent).not.toContain('0分0秒');

  const detail: CourseDetail = {
    id: 241,
    title: 'QA测试课程',
    categoryCode: 301,
    categoryName: '科研技能',
    courseTypeId: null,
    courseTypeName: '',
    cover: '',
    summaryHtml: '',
    summaryText: '',
    durationSeconds: 240,
    chapterCount: 2,
    studyCount: 0,
    score: 0,
    publishedAt: '2026-01-01T00:00:00.000Z',
    teacher: null,
    chapters: [
      { id: 1, sort: 1, title: '第一讲 数据采集', durationSeconds: 240, kind: 'video' },
      { id: 2, sort: 2, title: '第三讲 参考讲义', durationSeconds: 0, kind: 'document' },
    ],
    reviewCount: 0,
    reviewScore: 0,
  };
  document.body.innerHTML = renderToStaticMarkup(
    <CourseDetailView
      course={detail}
      reviews={{ list: [], total: 0, pageNum: 1, pageSize: 10 }}
      origin="http://localhost"
      siteName="继续教育网络学院"
    />,
  );
  const items = within(screen.getByRole('region', { name: '课程章节' })).getAllByRole('listitem');
  expect(items.map((li) => li.lastElementChild!.textContent)).toEqual(['4分0秒', '文档']);
});

/** @jest-environment jsdom */
/**
 * The creation centre in the browser: files refused by type and size before hashing, with the limits in the
 * label; a warning before leaving during an upload; the app's own 确定/取消 box for deletions (and what a
 * change does to a published course); every unmet submission requirement at once; the 岗位推荐 修改岗位 action.
 * From QA: nothing wider than a phone (the label's list of types, the table's hidden names); 保存章节 waits for an
 * upload in progress and says why; 取消上传; an upload interrupted by the network goes on when the browser is back
 * online or by 继续上传; every invalid basic field is described by its message and the first one takes the focus.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FileUploader, FILE_LABEL, MSG_STILL_OFFLINE, MSG_UPLOAD_PAUSED } from '@/components/creation/FileUploader';
import { CreationCentre, MSG_WAIT_UPLOAD } from '@/components/creation/CreationCentre';
import { ApiError, TransportError } from '@/lib/api/core';
import { uploadCourseFile } from '@/components/creation/upload-client';
import { StationRecommend } from '@/components/stations/StationRecommend';
import { StationDialog } from '@/components/account/StationDialog';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { onUi, type UiEvent } from '@/lib/ui/events';
import { SUMMARY_MIN_CHARS } from '@/lib/validation/spaces';
import type { CreationCourse } from '@/lib/contract/spaces';
import { envelopeResponse } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/space/creation',
}));
jest.mock('@/components/creation/upload-client', () => ({
  uploadCourseFile: jest.fn(() => new Promise(() => {})),
  uploadSmallFile: jest.fn(),
}));

const GiB = 1024 ** 3;
let basic: CreationCourse;
const requests: { path: string; body: Record<string, unknown> }[] = [];
/** Courses removed through removeCourse: the next myCourses leaves them out. */
const removedCourses = new Set<number>();
function answer(path: string, body: Record<string, unknown>): unknown {
  switch (path) {
    case '/api/resourceFile/removeCourse':
      removedCourses.add(Number(body.courseId));
      return { removed: true };
    case '/api/resourceFile/removeChapter':
      basic = { ...basic, chapters: basic.chapters.filter((c) => c.id !== body.chapterId) };
      return { removed: true };
    case '/api/resourceFile/pending':
      return [];
    case '/api/resourceFile/myCourses':
      return {
        list: [
          {
            courseId: 7,
            title: '已发布的课',
            categoryCode: 301,
            cover: '',
            auditStatus: 1052,
            auditLabel: '审核通过',
            submitted: true,
            chapterCount: 2,
          },
          {
            courseId: 8,
            title: '草稿课',
            categoryCode: 301,
            cover: '',
            auditStatus: 1051,
            auditLabel: '未审核',
            submitted: false,
            chapterCount: 0,
          },
        ].filter((c) => !removedCourses.has(c.courseId)),
        total: 2 - removedCourses.size,
        pageNum: 1,
        pageSize: 50,
      };
    case '/api/resourceFile/getBasic':
      return basic;
    case '/api/station/list':
      return [{ stationId: 1, stationName: '科研管理岗', summary: '', stationImgUrl: '', bound: true }];
    case '/api/station/recommend':
      return { stations: [{ stationId: 1, stationName: '科研管理岗' }], courses: [] };
    default:
      return { removed: true };
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
  removedCourses.clear();
  (uploadCourseFile as jest.Mock).mockClear();
  basic = {
    courseId: 5,
    title: '课',
    categoryCode: 301,
    cover: '',
    summary: '短',
    audiences: ['general'],
    auditStatus: 1051,
    auditLabel: '未审核',
    submitted: false,
    auditReason: '',
    chapters: [],
    audits: [],
    updatedAt: '2026-01-01T00:00:00Z',
  };
});

const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );
const fileOf = (name: string, size: number) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('course file', () => {
  it('the label gives the accepted types and the size limit of the server', () => {
    wrap(<FileUploader onUploaded={() => {}} />);
    const input = screen.getByLabelText(FILE_LABEL);
    expect(FILE_LABEL).toContain('MP4');
    expect(FILE_LABEL).toContain('PDF');
    expect(FILE_LABEL).toContain('不超过2 GB');
    expect(input.getAttribute('accept')).toContain('.webm');
  });

  it.each([
    ['an oversized file', fileOf('lecture.mp4', 2.15 * GiB), '文件过大，不能超过2.00 GB'],
    ['a wrong type', fileOf('setup.exe', 1000), '不支持的文件类型'],
    ['no extension', fileOf('video', 1000), '不支持的文件类型'],
  ])('%s is refused at once, before any hashing', async (_what, file, msg) => {
    wrap(<FileUploader onUploaded={() => {}} />);
    fireEvent.change(screen.getByLabelText(FILE_LABEL), { target: { files: [file] } });
    expect(await screen.findByText(new RegExp(msg))).toBeTruthy();
    expect(uploadCourseFile).not.toHaveBeenCalled();
  });

  it('the list of accepted types can wrap: no long unbroken run that would widen a phone’s page', () => {
    // "MP4/M4V/MOV/…" is one word to the line breaker: the label was 470 px wide and the page with it.
    expect(FILE_LABEL).not.toMatch(/[!-~]{12,}/);
  });

  it('an upload in progress can be cancelled: the signal stops it and the field is empty again', async () => {
    wrap(<FileUploader onUploaded={() => {}} />);
    fireEvent.change(screen.getByLabelText(FILE_LABEL), {
      target: { files: [fileOf('lecture.mp4', 10 * 1024 * 1024)] },
    });
    fireEvent.click(await screen.findByRole('button', { name: '取消上传' }));
    const signal = (uploadCourseFile as jest.Mock).mock.calls[0][2] as AbortSignal;
    expect(signal.aborted).toBe(true);
    expect(screen.queryByText(/lecture\.mp4/)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: '取消上传' })).toBeNull();
    expect(screen.getByText('已取消上传')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(FILE_LABEL));
  });

  it('an upload interrupted by the network goes on by itself when the browser is back online, or by 继续上传', async () => {
    const upload = uploadCourseFile as jest.Mock;
    upload
      .mockRejectedValueOnce(new TransportError('network', '网络连接异常'))
      .mockRejectedValueOnce(new TransportError('network', '网络连接异常'));
    wrap(<FileUploader onUploaded={() => {}} />);
    const file = fileOf('lecture.mp4', 10 * 1024 * 1024);
    fireEvent.change(screen.getByLabelText(FILE_LABEL), { target: { files: [file] } });
    expect(await screen.findByText(MSG_UPLOAD_PAUSED)).toBeTruthy();
    expect(screen.getByRole('button', { name: '继续上传' })).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    expect(upload.mock.calls[1][0]).toBe(file);
    // down again: the button goes on too
    fireEvent.click(await screen.findByRole('button', { name: '继续上传' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(3));
    expect(upload.mock.calls[2][0]).toBe(file);
    expect(screen.queryByRole('button', { name: '继续上传' })).toBeNull();
    expect(screen.getByRole('button', { name: '取消上传' })).toBeTruthy();
  });

  it('going offline during an upload pauses it at once: the request is aborted, the paused message shows, back online goes on', async () => {
    const upload = uploadCourseFile as jest.Mock;
    // A chunk in flight: some bytes sent, then nothing until aborted.
    upload.mockImplementationOnce((_f: File, ev: { onUpload(b: number, t: number): void }, signal: AbortSignal) => {
      ev.onUpload(1024, 10 * 1024 * 1024);
      return new Promise((_r, reject) =>
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    wrap(<FileUploader onUploaded={() => {}} />);
    const file = fileOf('lecture.mp4', 10 * 1024 * 1024);
    fireEvent.change(screen.getByLabelText(FILE_LABEL), { target: { files: [file] } });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const signal = upload.mock.calls[0][2] as AbortSignal;
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(signal.aborted).toBe(true);
      expect(await screen.findByText(MSG_UPLOAD_PAUSED)).toBeTruthy();
      // 继续上传 while still offline says so instead of doing nothing visible
      fireEvent.click(screen.getByRole('button', { name: '继续上传' }));
      expect(await screen.findByText(new RegExp(MSG_STILL_OFFLINE))).toBeTruthy();
      expect(upload).toHaveBeenCalledTimes(1);
    } finally {
      onLine.mockRestore();
    }
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    expect(upload.mock.calls[1][0]).toBe(file);
  });

  it('a paused upload can be cancelled too; after 取消上传 the keyboard stays on the file chooser', async () => {
    (uploadCourseFile as jest.Mock).mockRejectedValueOnce(new TransportError('network', '网络连接异常'));
    wrap(<FileUploader onUploaded={() => {}} />);
    const input = screen.getByLabelText(FILE_LABEL);
    fireEvent.change(input, { target: { files: [fileOf('lecture.mp4', 10 * 1024 * 1024)] } });
    expect(await screen.findByText(MSG_UPLOAD_PAUSED)).toBeTruthy();
    expect(screen.getByRole('button', { name: '继续上传' })).toBeTruthy();
    const cancel = screen.getByRole('button', { name: '取消上传' });
    cancel.focus();
    fireEvent.click(cancel);
    expect(screen.getByText('已取消上传')).toBeTruthy();
    expect(screen.queryByText(/lecture\.mp4/)).toBeNull();
    expect(screen.queryByRole('button', { name: '继续上传' })).toBeNull();
    expect(screen.queryByRole('button', { name: '取消上传' })).toBeNull();
    expect(document.activeElement).toBe(input);
    // going online afterwards does not bring the dropped file back
    act(() => void window.dispatchEvent(new Event('online')));
    await act(async () => {});
    expect(uploadCourseFile).toHaveBeenCalledTimes(1);
  });

  it('a refusal by the server is not offered again, and going online does not resend it', async () => {
    const upload = uploadCourseFile as jest.Mock;
    upload.mockRejectedValueOnce(
      new ApiError('/api/resourceFile/uploadCourseWareFile', 1001, '不支持的文件类型（按文件内容识别）', null),
    );
    wrap(<FileUploader onUploaded={() => {}} />);
    fireEvent.change(screen.getByLabelText(FILE_LABEL), { target: { files: [fileOf('lecture.mp4', 1000)] } });
    expect(await screen.findByText(/不支持的文件类型/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '继续上传' })).toBeNull();
    act(() => void window.dispatchEvent(new Event('online')));
    await act(async () => {});
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('leaving the page during an upload asks first; not before it starts', async () => {
    wrap(<FileUploader onUploaded={() => {}} />);
    const idle = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(idle);
    expect(idle.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByLabelText(FILE_LABEL), {
      target: { files: [fileOf('lecture.mp4', 10 * 1024 * 1024)] },
    });
    await waitFor(() => expect(uploadCourseFile).toHaveBeenCalled());
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
  });
});

describe('my courses', () => {
  it('deleting asks in the app’s box with 确定/取消, says a published course leaves the catalogue, and never uses window.confirm', async () => {
    const native = jest.spyOn(window, 'confirm').mockImplementation(() => true);
    wrap(<CreationCentre ownerId="1" tab="myCourse" courseId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: /删除\s*已发布的课/ }));
    let box = await screen.findByRole('alertdialog');
    expect(box.textContent).toContain('已发布的课');
    expect(box.textContent).toContain('从课程目录中移除');
    fireEvent.click(within(box).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((r) => r.path === '/api/resourceFile/removeCourse')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /删除\s*草稿课/ }));
    box = await screen.findByRole('alertdialog');
    expect(box.textContent).not.toContain('课程目录');
    fireEvent.click(within(box).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/resourceFile/removeCourse')?.body).toEqual({ courseId: 8 }),
    );
    expect(native).not.toHaveBeenCalled();
    native.mockRestore();
  });

  it('after a deletion the keyboard goes on at the next course’s 删除, and after the last one at 上传第一门课程', async () => {
    wrap(<CreationCentre ownerId="1" tab="myCourse" courseId={null} />);
    const remove = async (name: RegExp) => {
      const button = await screen.findByRole('button', { name });
      act(() => button.focus());
      fireEvent.click(button);
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
      await waitFor(() => expect(screen.queryByRole('button', { name })).toBeNull());
    };
    await remove(/删除\s*已发布的课/);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /删除\s*草稿课/ })));
    await remove(/删除\s*草稿课/);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: '上传第一门课程' })));
  });

  it('status and chapter cells do not wrap on a phone', async () => {
    wrap(<CreationCentre ownerId="1" tab="myCourse" courseId={null} />);
    const row = (await screen.findByText('已发布的课', { selector: 'td' })).closest('tr')!;
    const cells = [...row.querySelectorAll('td')].slice(1);
    for (const td of cells) expect(td.className).toContain('whitespace-nowrap');
    for (const th of document.querySelectorAll('th')) expect(th.className).toContain('whitespace-nowrap');
  });

  it('the rows’ hidden action names are positioned inside the scrolling table, not past the page’s edge', async () => {
    wrap(<CreationCentre ownerId="1" tab="myCourse" courseId={null} />);
    const region = await screen.findByRole('region', { name: '我的课程列表' });
    await within(region).findByText('已发布的课', { selector: 'td' });
    const hidden = region.querySelectorAll('.sr-only');
    expect(hidden.length).toBeGreaterThan(0);
    // position: absolute is placed by its nearest positioned ancestor; outside the scroller it widened the page
    for (const el of hidden)
      expect(region.contains(el.parentElement!.closest('.relative, .absolute, .fixed, .sticky'))).toBe(true);
  });
});

describe('course editor', () => {
  it('the form’s column is never wider than the page (its grid track may shrink below its content)', async () => {
    wrap(<CreationCentre ownerId="1" tab="videoSubmit" courseId={5} />);
    const form = await screen.findByRole('form', { name: '基本信息' });
    expect(form.parentElement!.className).toMatch(/(^| )grid-cols-1( |$)/);
  });

  it('保存基本信息 with invalid fields: each is described by its message, and the first one takes the focus', async () => {
    wrap(<CreationCentre ownerId="1" tab="videoSubmit" courseId={null} />);
    const save = screen.getByRole('button', { name: '保存基本信息' });
    act(() => save.focus());
    fireEvent.click(save);
    const described = (el: HTMLElement) =>
      (el.getAttribute('aria-describedby') ?? '').split(' ').map((x) => document.getElementById(x)?.textContent);
    const title = screen.getByLabelText('课程名称');
    const category = screen.getByLabelText('课程分类');
    await waitFor(() => expect(category.getAttribute('aria-invalid')).toBe('true'));
    expect(described(category)).toContain('请选择课程分类');
    expect(described(title)).toContain('请填写课程名称');
    expect(document.activeElement).toBe(title);
    // the title given, the category is the first invalid field
    fireEvent.change(title, { target: { value: '新课程' } });
    act(() => save.focus());
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(category));
    expect(title.getAttribute('aria-invalid')).toBe('false');
    expect(title.getAttribute('aria-describedby')).toBeNull();
    expect(requests.some((r) => r.path === '/api/resourceFile/updateBasic')).toBe(false);
  });

  it('保存章节 during an upload waits and says why, instead of asking for the file being uploaded', async () => {
    wrap(<CreationCentre ownerId="1" tab="videoSubmit" courseId={5} />);
    fireEvent.change(await screen.findByLabelText('章节名称'), { target: { value: '第一讲' } });
    fireEvent.change(screen.getByLabelText(FILE_LABEL), {
      target: { files: [fileOf('lecture.mp4', 10 * 1024 * 1024)] },
    });
    await waitFor(() => expect(uploadCourseFile).toHaveBeenCalled());
    const save = screen.getByRole('button', { name: '保存章节' });
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    expect(document.getElementById(save.getAttribute('aria-describedby')!)?.textContent).toBe(MSG_WAIT_UPLOAD);
    fireEvent.click(save);
    await act(async () => {});
    expect(screen.queryByText(/请先/)).toBeNull();
    expect(requests.some((r) => r.path === '/api/resourceFile/saveChapter')).toBe(false);
    // cancelled: the button is free again and asks for a file
    fireEvent.click(screen.getByRole('button', { name: '取消上传' }));
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBeNull());
    expect(screen.queryByText(MSG_WAIT_UPLOAD)).toBeNull();
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('请先选择并上传章节文件');
  });

  it('保存章节 without a name asks for it; once a name is typed the message and the invalid mark are gone', async () => {
    wrap(<CreationCentre ownerId="1" tab="videoSubmit" courseId={5} />);
    const title = await screen.findByLabelText('章节名称');
    fireEvent.click(screen.getByRole('button', { name: '保存章节' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请填写章节名称');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(title);
    fireEvent.change(title, { target: { value: '第一讲 绪论' } });
    expect(screen.queryByText('请填写章节名称')).toBeNull();
    expect(title.getAttribute('aria-invalid')).toBe('false');
    expect(title.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows the submission requirements by the fields, and lists every unmet one at once', async () => {
    wrap(<CreationCentre ownerId="1" tab="videoSubmit" courseId={5} />);
    expect(await screen.findByText(/提交审核时必须有封面/)).toBeTruthy();
    expect(screen.getByText(new RegExp(`提交审核时不少于${SUMMARY_MIN_CHARS}个字`))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '请至少添加一个章节',
      '请上传课程封面',
      `课程简介不少于${SUMMARY_MIN_CHARS}个字`,
    ]);
    expect(requests.some((r) => r.path === '/api/resourceFile/submit')).toBe(false);
  });

  it('deleting a chapter of a published course warns that it goes back to review and leaves the catalogue', async () => {
    basic = {
      ...basic,
      auditStatus: 1052,
      auditLabel: '审核通过',
      submitted: true,
      chapters: [
        { id: 31, sort: 1, title: '第一讲', media: '', durationSeconds: 60, fileName: 'a.mp4', fileSize: 100 },
      ],
    };
    wrap(<CreationCentre ownerId="1" tab="videoSubmit" courseId={5} />);
    expect(await screen.findByRole('note')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /删除\s*第一讲/ }));
    const box = await screen.findByRole('alertdialog');
    expect(box.textContent).toMatch(/退回“未审核”状态并从课程目录下架/);
    fireEvent.click(within(box).getByRole('button', { name: '取消' }));
    await act(async () => {});
    expect(requests.some((r) => r.path === '/api/resourceFile/removeChapter')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /删除\s*第一讲/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/resourceFile/removeChapter')?.body).toEqual({ chapterId: 31 }),
    );
  });
});

describe('deleting chapters', () => {
  it('the keyboard goes on at the next chapter’s 删除, then at the heading 课程章节 when none is left', async () => {
    const chapter = (id: number, title: string) => ({
      id,
      sort: id,
      title,
      media: '',
      durationSeconds: 60,
      fileName: 'a.mp4',
      fileSize: 100,
    });
    basic = { ...basic, chapters: [chapter(31, '第一讲'), chapter(32, '第二讲')] };
    wrap(<CreationCentre ownerId="1" tab="videoSubmit" courseId={5} />);
    for (const [name, next] of [
      [/删除\s*第一讲/, () => screen.getByRole('button', { name: /删除\s*第二讲/ })],
      [/删除\s*第二讲/, () => screen.getByRole('heading', { name: '课程章节' })],
    ] as const) {
      const button = await screen.findByRole('button', { name });
      act(() => button.focus());
      fireEvent.click(button);
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
      await waitFor(() => expect(screen.queryByRole('button', { name })).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(next()));
    }
  });
});

describe('岗位推荐', () => {
  it('offers 修改岗位 to a signed-in user with stations, which opens the post-station dialog', async () => {
    document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
    const events: UiEvent[] = [];
    const off = onUi((e) => events.push(e));
    wrap(<StationRecommend />);
    fireEvent.click(await screen.findByRole('button', { name: '修改岗位' }));
    expect(events).toContainEqual({ type: 'postStation' });
    expect(screen.getByText('暂无新的推荐课程。')).toBeTruthy();
    off();
    document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
  });
});

it('saving the post-station dialog (opened with the bound stations ticked) reloads the recommendations', async () => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = jest.spyOn(qc, 'invalidateQueries');
  const onClose = jest.fn();
  render(
    <QueryClientProvider client={qc}>
      <StationDialog operatorID={2} open onClose={onClose} />
    </QueryClientProvider>,
  );
  const box = await screen.findByRole('checkbox', { name: /科研管理岗/ });
  expect((box as HTMLInputElement).checked).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: '确定' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/station/recommend'] });
});

/** @jest-environment jsdom */
/**
 * The creation centre shows the user's upload space (issue 22): stored bytes against their role's cap and the scratch
 * space of unfinished uploads against its cap, each as 已用 X / 共 Y with a bar; a refused upload refreshes them.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CreationCentre } from '@/components/creation/CreationCentre';
import { FileUploader, FILE_LABEL } from '@/components/creation/FileUploader';
import { UploadQuotaMeter } from '@/components/creation/UploadQuotaMeter';
import { ApiError } from '@/lib/api/core';
import { uploadCourseFile } from '@/components/creation/upload-client';
import type { UploadQuota } from '@/lib/contract/spaces';
import { envelopeResponse } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/space/creation',
}));
jest.mock('@/components/creation/upload-client', () => ({ uploadCourseFile: jest.fn(), uploadSmallFile: jest.fn() }));

const GiB = 1024 ** 3;
let usage: UploadQuota;
const paths: string[] = [];
beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const path = String(url);
    paths.push(path);
    const data =
      path === '/api/resourceFile/quota'
        ? usage
        : path === '/api/resourceFile/myCourses'
          ? { list: [], total: 0, pageNum: 1, pageSize: 50 }
          : [];
    const env = { code: 0, msg: 'success', data };
    return envelopeResponse(env);
  }) as typeof fetch;
});
beforeEach(() => {
  paths.length = 0;
  usage = { storedUsed: 1.5 * GiB, storedLimit: 50 * GiB, scratchUsed: 3.8 * GiB, scratchLimit: 4 * GiB };
});
const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );

it('shows stored and scratch usage against their caps, with a bar each', async () => {
  wrap(<CreationCentre ownerId="" tab="myCourse" courseId={null} />);
  const region = await screen.findByRole('region', { name: '上传空间' });
  expect(within(region).getByText('已用 1.50 GB / 共 50.00 GB')).toBeTruthy();
  expect(within(region).getByText('已用 3.80 GB / 共 4.00 GB')).toBeTruthy();
  const stored = within(region).getByRole('meter', { name: '存储空间' });
  expect(stored.getAttribute('aria-valuetext')).toBe('已用 1.50 GB / 共 50.00 GB');
  expect((stored.firstChild as HTMLElement).style.width).toBe('3%');
  const scratch = within(region).getByRole('meter', { name: '未完成上传的临时空间' });
  expect((scratch.firstChild as HTMLElement).style.width).toBe('95%');
});

it('an upload refused for lack of space asks for the figures again', async () => {
  (uploadCourseFile as jest.Mock).mockRejectedValueOnce(
    new ApiError(
      '/api/resourceFile/progress',
      1014,
      '您的存储空间不足，无法保存该文件（已用1.50 GB，共1.50 GB）',
      null,
    ),
  );
  wrap(
    <>
      <UploadQuotaMeter />
      <FileUploader onUploaded={() => {}} />
    </>,
  );
  await screen.findByText('已用 1.50 GB / 共 50.00 GB');
  usage = { ...usage, storedLimit: 1.5 * GiB };
  const file = new File(['x'], 'lecture.mp4');
  fireEvent.change(screen.getByLabelText(FILE_LABEL), { target: { files: [file] } });
  expect(await screen.findByText(/您的存储空间不足/)).toBeTruthy();
  expect(await screen.findByText('已用 1.50 GB / 共 1.50 GB')).toBeTruthy();
  expect(paths.filter((p) => p === '/api/resourceFile/quota')).toHaveLength(2);
});

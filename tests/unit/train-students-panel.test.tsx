/** @jest-environment jsdom */
/**
 * A training's enrolled learners (issue 22) are for managers: the cached detail page no longer carries them, a
 * visitor's browser never asks for them, and a manager's browser shows what the server answers it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG_STUDENTS_MANAGERS_ONLY } from '@/lib/contract/catalogue';
import { TrainStudentsPanel } from '@/components/catalogue/TrainStudentsPanel';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { USER_INFO_KEY } from '@/lib/session/client';

const fetchMock = jest.fn(async () => {
  const env = {
    code: 0,
    msg: 'success',
    data: { list: [{ operatorName: '王晓明', orgName: '物理研究所' }], total: 1, pageNum: 1, pageSize: 30 },
  };
  return { ok: true, status: 200, json: async () => env } as Response;
});
beforeAll(() => {
  global.fetch = fetchMock as unknown as typeof fetch;
});
beforeEach(() => {
  fetchMock.mockClear();
  document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
  localStorage.clear();
});
const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );

it('the train detail page does not load the list on the server (it is cached for visitors)', () => {
  const page = readFileSync(path.join(process.cwd(), 'app/[variant]/(portal)/train/detail/[[...q]]/page.tsx'), 'utf8');
  expect(page).not.toContain("'/api/train/students'");
  expect(page).toContain('<TrainStudentsPanel');
});

it('a visitor’s browser does not ask for it', async () => {
  wrap(<TrainStudentsPanel trainId={3} />);
  expect(screen.getByText(MSG_STUDENTS_MANAGERS_ONLY)).toBeTruthy();
  await new Promise((r) => setTimeout(r, 20));
  expect(fetchMock).not.toHaveBeenCalled();
});

it('nor does a signed-in learner’s (no management role)', async () => {
  document.cookie = `${IDENTITY_COOKIE}=x`;
  localStorage.setItem(USER_INFO_KEY, JSON.stringify({ cmsRoleCount: 0 }));
  wrap(<TrainStudentsPanel trainId={3} />);
  await new Promise((r) => setTimeout(r, 20));
  expect(fetchMock).not.toHaveBeenCalled();
});

it('a manager sees the names and organisations', async () => {
  document.cookie = `${IDENTITY_COOKIE}=x`;
  localStorage.setItem(USER_INFO_KEY, JSON.stringify({ cmsRoleCount: 2 }));
  wrap(<TrainStudentsPanel trainId={3} />);
  expect(await screen.findByText('王晓明')).toBeTruthy();
  expect(screen.getByText('物理研究所')).toBeTruthy();
  expect(fetchMock).toHaveBeenCalledWith(
    '/api/train/students',
    expect.objectContaining({ body: JSON.stringify({ trainId: 3, pageNum: 1, pageSize: 30 }) }),
  );
});

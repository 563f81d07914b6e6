/** @jest-environment jsdom */
/**
 * 本单位 (issue 25) in the browser: a placeholder while the report loads, the totals and the learners (short of the
 * requirement first, as the server answers), the filters sent as the call's body, the empty state, and the refusal
 * a learner sees (1003).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { UnitReport } from '@/components/management/unit-report/UnitReport';
import type { UnitLearnerRow, UnitReport as Report } from '@/lib/contract/management';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { envelopeResponse } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/personal/unit',
}));

const YEAR = new Date().getFullYear();
const row = (over: Partial<UnitLearnerRow>): UnitLearnerRow => ({
  operatorId: 1,
  userId: 'u1',
  name: '韩志远',
  orgName: '凝聚态物理研究室',
  positionLevel: 1,
  partyMember: true,
  onlineHours: 60,
  offlineHours: 100,
  totalHours: 160,
  requiredOnline: 50,
  requiredOffline: 110,
  met: false,
  coursesCompleted: 2,
  trainsCompleted: 0,
  examsPassed: 1,
  ...over,
});
const report = (list: UnitLearnerRow[]): Report => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 20,
  year: YEAR,
  totals: {
    learners: list.length,
    met: list.filter((r) => r.met).length,
    onlineHours: 112,
    offlineHours: 195,
    coursesCompleted: 2,
    trainsCompleted: 0,
    examsPassed: 1,
  },
  months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, onlineHours: i, offlineHours: 0, metLearners: 0 })),
  orgs: [
    { id: 3, name: '物理研究所', parentId: null },
    { id: 21, name: '凝聚态物理研究室', parentId: 3 },
  ],
});

let answer: () => { code: number; msg: string; data: unknown };
let bodies: unknown[];

beforeAll(() => {
  global.fetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(init?.body ? JSON.parse(String(init.body)) : undefined);
    const env = answer();
    return envelopeResponse(env);
  }) as typeof fetch;
});
beforeEach(() => {
  bodies = [];
  document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
});

const wrap = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UnitReport />
    </QueryClientProvider>,
  );

describe('the unit report screen', () => {
  it('shows a placeholder, then the totals, the chart and the learners, with export links', async () => {
    answer = () => ({
      code: 0,
      msg: 'success',
      data: report([row({}), row({ operatorId: 2, name: '沈佳怡', met: true, positionLevel: 0, requiredOffline: 90 })]),
    });
    wrap();
    expect(screen.getByLabelText('本单位学时报表加载中')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: `${YEAR}年合计` })).toBeTruthy();
    expect(screen.getByText('1人（50%）')).toBeTruthy();
    const table = screen.getByRole('region', { name: '学员学时表' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['韩志远', '沈佳怡']);
    expect(screen.getByText('100 / 110')).toBeTruthy();
    expect(screen.getByRole('link', { name: '导出学员学时 CSV' }).getAttribute('href')).toBe(
      `/api/manage/export?table=learners&format=csv&year=${YEAR}`,
    );
  });

  it('sends the filters, and says so when no learner matches', async () => {
    answer = () => ({ code: 0, msg: 'success', data: report([row({})]) });
    wrap();
    await screen.findByRole('heading', { name: `${YEAR}年合计` });
    answer = () => ({ code: 0, msg: 'success', data: report([]) });
    fireEvent.change(screen.getByLabelText('达标情况'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('单位'), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('没有符合条件的学员')).toBeTruthy();
    await waitFor(() => expect(bodies.at(-1)).toEqual({ met: true, orgId: 21, pageNum: 1, pageSize: 20 }));
    expect(screen.getByRole('link', { name: '导出学员学时 Excel' }).getAttribute('href')).toBe(
      `/api/manage/export?table=learners&format=xlsx&met=1&orgId=21&year=${YEAR}`,
    );
  });

  it('tells a learner that the report is for the unit’s managers', async () => {
    answer = () => ({ code: 1003, msg: '没有管理权限', data: null });
    wrap();
    expect(await screen.findByText('没有管理权限：本单位学时报表仅对本单位的管理员开放。')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

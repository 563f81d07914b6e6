/** @jest-environment jsdom */
/**
 * QA: after 报名加入 the toast said 已加入系列专题 but the page still said 0人报名 (the cached page's count) until a
 * reload. The counts now follow the signed-in viewer's state, which the enrolment answers with the new counts.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SeriesActions, SeriesCounts } from '@/components/catalogue/SeriesActions';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { envelopeResponse } from '../fixtures/http';

let enrolled = false;
beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const path = String(url);
    if (path.endsWith('/api/recommendseries/enrol')) enrolled = true;
    const counts = { studyCount: enrolled ? 6 : 5, enrolCount: enrolled ? 1 : 0 };
    return envelopeResponse({
      code: 0,
      msg: 'success',
      data: { seriesId: 44, enrolled, finishedCount: 0, certificateId: null, counts },
    });
  }) as typeof fetch;
});
beforeEach(() => {
  enrolled = false;
  document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
});
afterEach(() => {
  document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
});

it('joining a series counts the learner at once', async () => {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SeriesCounts seriesId={44} courseCount={3} studyCount={5} enrolCount={0} />
      <SeriesActions seriesId={44} courseCount={3} />
    </QueryClientProvider>,
  );
  expect(screen.getByText('共3门课程 · 5人学习 · 0人报名')).toBeTruthy();
  const join = await screen.findByRole('button', { name: /报名加入/ });
  await act(async () => fireEvent.click(join));
  expect(await screen.findByText('共3门课程 · 6人学习 · 1人报名')).toBeTruthy();
});

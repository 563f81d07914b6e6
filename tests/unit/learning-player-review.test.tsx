/** @jest-environment jsdom */
/**
 * Defect: the 课程评价 form was still offered after the learner had reviewed, and a second submit failed with
 * 您已评价过该课程. The server tells the player the learner's own review (with the course's progress, so after a
 * reload too): the form gives way to a note, and the review is in the list.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { CourseProgressView } from '@/lib/contract/learning';
import { playerChapter, playerCourse, playerProgress } from '../fixtures/course';
import { mountPlayer } from '../fixtures/player';
import { envelopeResponse, stubMediaElement } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
}));

const course = playerCourse([playerChapter(1, '第一讲 导论')]);
const mine = { id: 77, score: 4, content: '讲解清楚，案例丰富', createdAt: '2026-03-01T02:00:00.000Z' };
const others = Array.from({ length: 10 }, (_, i) => ({
  id: 100 + i,
  operatorName: `李*${i}`,
  score: 5,
  content: `其他学员的评价${i}`,
  createdAt: '2026-04-01T02:00:00.000Z',
}));
const noReview = playerProgress();

/** The server: its state changes when a review is saved. */
let server: { myReview: CourseProgressView['myReview']; reviews: typeof others; saves: number };
beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const path = String(url);
    let env: { code: number; msg: string; data: unknown } = { code: 0, msg: 'success', data: null };
    if (path.endsWith('/api/course/progress')) env.data = { ...noReview, myReview: server.myReview };
    else if (path.endsWith('/api/course/reviews')) env.data = { list: server.reviews, total: server.reviews.length };
    else if (path.endsWith('/api/course/reviewSave')) {
      server.saves++;
      if (server.myReview) env = { code: 1, msg: '您已评价过该课程', data: null };
      else {
        server.myReview = mine;
        server.reviews = [{ ...mine, operatorName: '王*明' }, ...server.reviews];
        env.data = { id: mine.id };
      }
    }
    return envelopeResponse(env);
  }) as typeof fetch;
});
beforeEach(() => {
  stubMediaElement();
});
afterEach(() => jest.restoreAllMocks());

/** The player as the server page hands it over (progress prefetched), on its 课程评价 tab. */
async function openReviews(progress: CourseProgressView) {
  mountPlayer(course, progress);
  await act(async () => fireEvent.click(screen.getByRole('tab', { name: '课程评价' })));
  return screen.getByRole('tabpanel', { name: '课程评价' });
}

it('a learner who has reviewed (known from the server on load) gets a note, not the form, and sees their review', async () => {
  server = { myReview: mine, reviews: others, saves: 0 };
  const panel = await openReviews({ ...noReview, myReview: mine });
  expect(within(panel).getByRole('status').textContent).toBe('您已评价过该课程，感谢您的评价');
  expect(within(panel).queryByRole('textbox')).toBeNull();
  expect(within(panel).queryByRole('button', { name: '提交' })).toBeNull();
  // Ten newer reviews fill the first page: theirs is listed all the same, first.
  expect(await within(panel).findByText('其他学员的评价0')).toBeTruthy();
  const items = within(panel).getAllByRole('listitem');
  expect(items).toHaveLength(11);
  expect(items[0].textContent).toContain('讲解清楚，案例丰富');
});

it('after reviewing, the form gives way to the note (which takes the focus) and the review is listed once', async () => {
  server = { myReview: null, reviews: others.slice(0, 2), saves: 0 };
  const panel = await openReviews(noReview);
  fireEvent.change(within(panel).getByRole('textbox'), { target: { value: mine.content } });
  await act(async () => fireEvent.click(within(panel).getByRole('button', { name: '提交' })));
  expect(server.saves).toBe(1);
  const note = await within(panel).findByRole('status');
  expect(note.textContent).toBe('您已评价过该课程，感谢您的评价');
  expect(document.activeElement).toBe(note);
  expect(within(panel).queryByRole('textbox')).toBeNull();
  expect(await within(panel).findByText(mine.content)).toBeTruthy();
  expect(within(panel).getAllByText(mine.content)).toHaveLength(1);
});

it('reviewed meanwhile in another window: the refused second review makes the form give way too', async () => {
  server = { myReview: mine, reviews: [{ ...mine, operatorName: '王*明' }], saves: 0 };
  jest.spyOn(console, 'warn').mockImplementation(() => undefined); // the client's log of the refusal
  const panel = await openReviews(noReview);
  fireEvent.change(within(panel).getByRole('textbox'), { target: { value: '再评一次' } });
  await act(async () => fireEvent.click(within(panel).getByRole('button', { name: '提交' })));
  expect(server.saves).toBe(1);
  expect((await within(panel).findByRole('status')).textContent).toBe('您已评价过该课程，感谢您的评价');
  expect(within(panel).queryByRole('textbox')).toBeNull();
});

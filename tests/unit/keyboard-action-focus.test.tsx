/** @jest-environment jsdom */
/**
 * Defect: a keyboard user who pressed 收藏, 选学, 关注 or 立即报名 lost the focus to <body> (the button was
 * `disabled` while its request ran, or replaced by another element once it succeeded), so the next Tab started
 * at the top of the page. The button stays the focused element throughout, aria-disabled while busy, and its
 * new state is in its aria-pressed (关注) or its name (收藏 / 取消收藏, 已选学).
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CourseFavourite } from '@/components/personal/CourseFavourite';
import { CourseActions } from '@/components/catalogue/CourseActions';
import { TrainApplyPanel } from '@/components/catalogue/TrainApplyPanel';
import { FollowButton } from '@/components/spaces/FollowButton';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { envelopeResponse } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
}));

/** Answers by path; a write waits until the test lets it go, so the busy state can be looked at. */
let state: Record<string, unknown>;
let release: (() => void) | null = null;
const WRITES: Record<string, () => unknown> = {
  '/api/course/favourite': () => ({}),
  '/api/course/choose': () => ({ chosen: true, progress: 0, finished: false }),
  '/api/train/apply': () => ({ applyStatus: 6 }),
  '/api/space/follow': () => ({
    followed: true,
    isOwner: false,
    loggedIn: true,
    counts: { fans: 1, follows: 0, created: 0 },
  }),
};

beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const path = String(url);
    let data: unknown = state[path];
    if (WRITES[path]) {
      await new Promise<void>((r) => (release = r));
      data = WRITES[path]();
    }
    const env = { code: 0, msg: 'success', data };
    return envelopeResponse(env);
  }) as typeof fetch;
});
beforeEach(() => {
  release = null;
  state = {
    '/api/course/favouriteState': { favourite: false },
    '/api/course/state': { chosen: false, progress: 0, finished: false },
    '/api/train/applyStatus': { applyStatus: 4 },
    '/api/space/followState': {
      followed: false,
      isOwner: false,
      loggedIn: true,
      counts: { fans: 0, follows: 0, created: 0 },
    },
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

/** Focus the button, press it (Enter on a button is a click), and check the focus while busy and after. */
async function pressAndKeepFocus(button: HTMLElement) {
  button.focus();
  await act(async () => fireEvent.click(button));
  await waitFor(() => expect(release).not.toBeNull());
  // Busy: not `disabled` (which drops the focus), announced as unavailable, and a second press does nothing.
  expect((button as HTMLButtonElement).disabled).toBe(false);
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect(document.activeElement).toBe(button);
  const writes = (global.fetch as jest.Mock).mock.calls.length;
  await act(async () => fireEvent.click(button));
  expect((global.fetch as jest.Mock).mock.calls.length).toBe(writes);
  await act(async () => release!());
  await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
  expect(button.isConnected).toBe(true);
  expect(document.activeElement).toBe(button);
}

describe('the focus stays on the action button', () => {
  // Its name is the action, so it carries no aria-pressed (QA: "取消收藏, pressed" read as if un-favouriting were on).
  it('收藏 -> 取消收藏: the same button, named by the action, without aria-pressed', async () => {
    wrap(<CourseFavourite courseId={5} />);
    const button = await screen.findByRole('button', { name: '收藏' });
    expect(button.hasAttribute('aria-pressed')).toBe(false);
    await pressAndKeepFocus(button);
    expect(button.textContent).toBe('取消收藏');
    expect(button.hasAttribute('aria-pressed')).toBe(false);
  });

  it('选学 on the course detail becomes 已选学 on the same button', async () => {
    wrap(<CourseActions courseId={239} />);
    const button = await screen.findByRole('button', { name: '选学' });
    await pressAndKeepFocus(button);
    await waitFor(() => expect(button.textContent).toBe('已选学'));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
  });

  it('关注 -> 已关注: the same button, aria-pressed true', async () => {
    wrap(<FollowButton spaceRef={{ kind: 'teacher', id: 3 }} name="张老师" />);
    const button = await screen.findByRole('button', { name: /^关注/ });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    await pressAndKeepFocus(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.textContent).toMatch(/^已关注/);
  });

  it('立即报名 becomes 等待审核 on the same button', async () => {
    wrap(<TrainApplyPanel trainId={33} visitorStatus={4} applyStartAt={null} applyEndAt={null} />);
    const button = await screen.findByRole('button', { name: '立即报名' });
    await pressAndKeepFocus(button);
    await waitFor(() => expect(button.textContent).toBe('等待审核'));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
  });
});

/**
 * SPEC 2.1: course detail links open in the named window (plain links otherwise), and leaving the course
 * detail route clears the window name.
 */
import { jest } from '@jest/globals';
import { clearWindowNameOnLeave, COURSE_DETAIL_WINDOW, openCourseInNamedWindow } from '@/lib/ui/named-window';

function fakeWindow(name: string) {
  const listeners = new Map<string, Set<() => void>>();
  return {
    name,
    addEventListener: (type: string, fn: () => void) =>
      void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(fn),
    removeEventListener: (type: string, fn: () => void) => void listeners.get(type)?.delete(fn),
    fire: (type: string) => listeners.get(type)?.forEach((fn) => fn()),
    count: (type: string) => listeners.get(type)?.size ?? 0,
  };
}

describe('clearWindowNameOnLeave', () => {
  it('clears the window name when the page is hidden (leaving for another address)', () => {
    const w = fakeWindow(COURSE_DETAIL_WINDOW);
    clearWindowNameOnLeave(w as unknown as Window);
    expect(w.name).toBe(COURSE_DETAIL_WINDOW);
    w.fire('pagehide');
    expect(w.name).toBe('');
  });

  it('clears it and stops listening when the route unmounts (client navigation away)', () => {
    const w = fakeWindow(COURSE_DETAIL_WINDOW);
    const cleanup = clearWindowNameOnLeave(w as unknown as Window);
    expect(w.count('pagehide')).toBe(1);
    cleanup();
    expect(w.name).toBe('');
    expect(w.count('pagehide')).toBe(0);
  });
});

describe('openCourseInNamedWindow', () => {
  const link = (href: string) => ({ closest: () => ({ getAttribute: () => href }) });
  const click = (href: string, extra: Partial<{ button: number; ctrlKey: boolean }> = {}) => {
    const preventDefault = jest.fn();
    return {
      e: {
        button: 0,
        metaKey: false,
        ctrlKey: false,
        shiftKey: false,
        altKey: false,
        target: link(href) as unknown as EventTarget,
        preventDefault,
        ...extra,
      },
      preventDefault,
    };
  };
  const open = jest.fn(() => ({ closed: false, close: jest.fn() }));

  beforeAll(() => {
    (globalThis as unknown as { window: unknown }).window = { open };
  });
  afterAll(() => {
    delete (globalThis as unknown as { window?: unknown }).window;
  });
  beforeEach(() => open.mockClear());

  it('opens /course/detail with its query in the named window', () => {
    const { e, preventDefault } = click('/course/detail?id=5');
    openCourseInNamedWindow(e);
    expect(preventDefault).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith('/course/detail?id=5', COURSE_DETAIL_WINDOW);
  });

  it('leaves other links, modifier keys and other buttons to the browser', () => {
    for (const { e, preventDefault } of [
      click('/course/index?t=302'),
      click('/course/detail?id=5', { ctrlKey: true }),
      click('/course/detail?id=5', { button: 1 }),
    ]) {
      openCourseInNamedWindow(e);
      expect(preventDefault).not.toHaveBeenCalled();
    }
    expect(open).not.toHaveBeenCalled();
  });
});

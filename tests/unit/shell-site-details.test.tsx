/** @jest-environment jsdom */
/**
 * Details of the site's shell that SPEC 3, 5 and 9 name: covers given as a JSON string with a url; the phone and
 * mobile patterns; the lazy chunk-load timeout; the "previous time" key written on every answer; a missing record's
 * 404 metadata; the student site's logo and its platform link.
 */
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { imageUrl } from '@/lib/format';
import { isMobile, isPhone } from '@/lib/validation/patterns';
import { ChunkLoadTimeoutError, loadWithTimeout } from '@/lib/ui/lazy-load';
import { CHUNK_LOAD_TIMEOUT_MS } from '@/lib/constants';
import { PREVIOUS_TIME_KEY } from '@/lib/session/previous-time';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import { CourseCardView } from '@/components/cards/Cards';
import { MISSING_RECORD_METADATA } from '@/lib/catalogue/not-found-metadata';
import { NOT_FOUND_TITLE } from '@/components/shell/NotFoundContent';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/home',
}));

describe('covers and imgUrl as a JSON string with a url (SPEC 3)', () => {
  it('extracts the url; a plain address stays; anything else is empty', () => {
    expect(imageUrl('{"url":"/covers/cover-03.svg"}')).toBe('/covers/cover-03.svg');
    expect(imageUrl('[{"url":"https://cdn.example.cn/a.png","name":"a"}]')).toBe('https://cdn.example.cn/a.png');
    expect(imageUrl('/covers/cover-04.svg')).toBe('/covers/cover-04.svg');
    expect(imageUrl('{"name":"x"}')).toBe('');
    expect(imageUrl('{not json')).toBe('');
    expect(imageUrl(null)).toBe('');
  });
  it('a card shows the extracted cover', () => {
    render(
      <CourseCardView
        course={
          {
            id: 1,
            title: '课',
            cover: '{"url":"/covers/cover-07.svg"}',
            categoryName: '学术前沿',
            teacherName: '张老师',
            durationSeconds: 600,
            studyCount: 3,
          } as never
        }
      />,
    );
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/covers/cover-07.svg');
  });
});

describe('SPEC 5 helper patterns', () => {
  it('phone: a landline with area code and hyphen, or a mobile of 11-12 digits by 1[34578]', () => {
    for (const ok of ['010-62597114', '0755-1234567', '13812345678', '17712345678', '138123456789', '138 1234 5678'])
      expect(isPhone(ok)).toBe(true);
    for (const bad of ['62597114', '01062597114', '16612345678', '19912345678', '1381234567', '010-123456'])
      expect(isPhone(bad)).toBe(false);
  });
  it('mobile: 11 digits, 1 then 3 to 9', () => {
    expect(isMobile('19912345678')).toBe(true);
    expect(isMobile('12912345678')).toBe(false);
    expect(isMobile('1991234567')).toBe(false);
  });
});

describe('SPEC 9 lazy chunk-load timeout', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  it('a chunk that has not arrived after 120000 ms fails; one that arrives in time loads', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const stuck = loadWithTimeout(() => new Promise<never>(() => undefined));
    const caught = stuck.catch((e: unknown) => e);
    jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    jest.advanceTimersByTime(1);
    expect(await caught).toBeInstanceOf(ChunkLoadTimeoutError);
    await expect(loadWithTimeout(async () => 'module')).resolves.toBe('module');
  });
});

describe('SPEC 3 "previous time"', () => {
  it('every answer from the server writes the key', async () => {
    const { api } = await import('@/lib/api/browser');
    global.fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => ({ code: 0, msg: 'success', data: true }),
    })) as unknown as typeof fetch;
    localStorage.removeItem(PREVIOUS_TIME_KEY);
    const before = Date.now();
    await api.request('/api/conversation/isShowLLM', {});
    expect(Number(localStorage.getItem(PREVIOUS_TIME_KEY))).toBeGreaterThanOrEqual(before);
  });
});

describe('a missing record’s 404 metadata', () => {
  it('is the 404 page’s own title, with no robots entry of its own', () => {
    expect(MISSING_RECORD_METADATA).toEqual({ title: NOT_FOUND_TITLE });
  });
});

describe('the student site’s logo (SPEC 3 stuLogo)', () => {
  it('is asked for on the student site and replaces the variant’s own', async () => {
    const { waitFor } = await import('@testing-library/react');
    const { SiteLogo } = await import('@/components/shell/SiteLogo');
    const paths: string[] = [];
    global.fetch = jest.fn(async (url: RequestInfo | URL) => {
      paths.push(String(url));
      return {
        ok: true,
        status: 200,
        headers: new Headers({ 'content-type': 'application/json' }),
        json: async () => ({ code: 0, msg: 'success', data: { stuLogo: '{"url":"/logos/stu-2026.svg"}' } }),
      } as Response;
    }) as typeof fetch;
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <SiteLogo fallback="/logos/student.svg" student />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(view.container.querySelector('img')?.getAttribute('src')).toBe('/logos/stu-2026.svg'));
    expect(paths).toEqual(['/api/site/getStuLogo']);
    paths.length = 0;
    const other = render(
      <QueryClientProvider client={new QueryClient()}>
        <SiteLogo fallback="/logos/main.svg" student={false} />
      </QueryClientProvider>,
    );
    expect(other.container.querySelector('img')?.getAttribute('src')).toBe('/logos/main.svg');
    expect(paths).toEqual([]);
  });
});

describe('the student platform link (SPEC 3 stuUrl)', () => {
  afterEach(() => {
    document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
    localStorage.removeItem('stuUrl');
  });
  it('shows the address the sign-in answered, to a signed-in user only', async () => {
    const { StuLink } = await import('@/components/shell/StuLink');
    localStorage.setItem('stuUrl', 'https://stu.example.cn/');
    const visitor = render(<StuLink />);
    expect(visitor.container.textContent).toBe('');
    visitor.unmount();
    document.cookie = `${IDENTITY_COOKIE}=x`;
    render(<StuLink />);
    expect(screen.getByRole('link', { name: '研究生科学教育平台' }).getAttribute('href')).toBe(
      'https://stu.example.cn/',
    );
  });
});

/** @jest-environment jsdom */
/** The browser transport: SPEC 7 headers, the fetch call, timeouts, the event bus. */
import { TransportError } from '@/lib/api/core';
import { SESSION_NONE_MSG, TIMEOUT_MSG } from '@/lib/contract/messages';
import { HTTP_TIMEOUT_MS, MESSAGE_DURATION_MS } from '@/lib/constants';
import { act, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { Toaster, toast } from '@/components/ui/Toaster';
import {
  api,
  apiEvents,
  browserDownload,
  browserHeaders,
  browserInfo,
  browserTransport,
  type ApiEvent,
} from '@/lib/api/browser';

const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

function jsonResponse(body: unknown, init: ResponseInit = {}) {
  return {
    ok: (init.status ?? 200) < 400,
    status: init.status ?? 200,
    headers: new Headers({ 'content-type': 'application/json', ...(init.headers as Record<string, string>) }),
    json: async () => body,
    text: async () => JSON.stringify(body),
    blob: async () => new Blob([JSON.stringify(body)], { type: 'application/json' }),
  } as unknown as Response;
}

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  delete process.env.NEXT_PUBLIC_API_BASE_URL;
  jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_UA);
  jest.spyOn(navigator, 'platform', 'get').mockReturnValue('Win32');
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('headers (SPEC 7)', () => {
  it('carries every x-access header, the token left to the HttpOnly cookie', () => {
    expect(browserHeaders()).toEqual({
      'x-access-token': '',
      'x-access-origin': encodeURIComponent(window.location.origin),
      'x-access-device-mac': '',
      'x-access-device-type': 'WEB',
      'x-access-device-name': '',
      'x-access-device-system': 'Win32',
      'x-access-browser-info': 'Chrome 120.0.0.0',
      'x-access-location-info': '',
    });
    expect(browserHeaders()['x-access-origin']).toBe('http%3A%2F%2Flocalhost');
  });

  it.each([
    [CHROME_UA, 'Chrome 120.0.0.0'],
    [`${CHROME_UA} Edg/120.0.2210.91`, 'Edge 120.0.2210.91'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox 121.0'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      'Safari 17.2',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko', 'IE 11.0'],
  ])('browser info of %s', (ua, expected) => expect(browserInfo(ua)).toBe(expected));
});

describe('fetch transport', () => {
  it('POSTs JSON with credentials and the headers to the base URL', async () => {
    process.env.NEXT_PUBLIC_API_BASE_URL = 'https://api.example.cn';
    fetchMock.mockResolvedValue(jsonResponse({ code: 0, msg: '', data: [1] }));
    await expect(api.request('/api/banner', { position: 1 })).resolves.toEqual([1]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('https://api.example.cn/api/banner');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify({ position: 1 }) });
    expect(init.headers).toMatchObject({
      'content-type': 'application/json',
      'x-access-device-type': 'WEB',
      'x-access-token': '',
    });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('defaults to the same origin', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 0, msg: '', data: null }));
    await api.request('/api/banner');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/banner');
  });

  it('returns non-zero envelopes whatever the HTTP status', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 2002, msg: '', data: null }, { status: 401 }));
    const req = { path: '/api/x', body: {}, headers: {}, timeoutMs: null };
    await expect(browserTransport(req)).resolves.toMatchObject({ code: 2002 });
  });

  it('turns a reply without an envelope into an http TransportError', async () => {
    fetchMock.mockResolvedValue({
      ok: false,
      status: 502,
      json: async () => Promise.reject(new SyntaxError('<html>')),
    } as unknown as Response);
    await expect(browserTransport({ path: '/api/x', body: {}, headers: {}, timeoutMs: null })).rejects.toMatchObject({
      kind: 'http',
      status: 502,
    });
  });

  it("turns fetch's TypeError into a network TransportError, so rule 7 still shows it", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(browserTransport({ path: '/api/x', body: {}, headers: {}, timeoutMs: null })).rejects.toMatchObject({
      kind: 'network',
    });
  });

  describe('timeout via AbortController', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    // A fetch that never answers until its signal aborts, like a stalled server.
    const hangingFetch = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () =>
          reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
        ),
      );

    it('aborts after HTTP_TIMEOUT_MS and rejects with a timeout error shown as TIMEOUT_MSG', async () => {
      fetchMock.mockImplementation(hangingFetch);
      const events: ApiEvent[] = [];
      const unsubscribe = apiEvents.subscribe((e) => events.push(e));
      const result = api.request('/api/slow').catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
      expect(fetchMock.mock.calls[0][1].signal?.aborted).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const error = await result;
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ kind: 'timeout' });
      expect(events).toEqual([
        { type: 'notify', kind: 'error', message: TIMEOUT_MSG, durationMs: MESSAGE_DURATION_MS },
      ]);
      unsubscribe();
    });

    it('never aborts when timeoutMs is null', async () => {
      let answer: (r: Response) => void = () => {};
      fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
      const result = api.request('/api/resourceFile/uploadCourseWareFile', {}, { timeoutMs: null });
      await jest.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS * 10);
      expect(fetchMock.mock.calls[0][1].signal?.aborted).toBe(false);
      answer(jsonResponse({ code: 0, msg: '', data: 'done' }));
      await expect(result).resolves.toBe('done');
    });

    it("forwards the caller's abort silently", async () => {
      fetchMock.mockImplementation(hangingFetch);
      const listener = jest.fn();
      const unsubscribe = apiEvents.subscribe(listener);
      const controller = new AbortController();
      const result = api.request('/api/x', {}, { signal: controller.signal }).catch((e: unknown) => e);
      controller.abort();
      await expect(result).resolves.toMatchObject({ name: 'AbortError' });
      expect(listener).not.toHaveBeenCalled();
      unsubscribe();
    });
  });
});

describe('download transport', () => {
  it('hands over the file', async () => {
    const file = new Blob(['x']);
    fetchMock.mockResolvedValue({
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'text/csv' }),
      blob: async () => file,
    } as unknown as Response);
    await expect(api.download('/api/export')).resolves.toBe(file);
  });

  it('parses a JSON reply so the client can reject it', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 500, msg: 'no', data: null }));
    const reply = await browserDownload({ path: '/api/export', body: {}, headers: {}, timeoutMs: null });
    expect(reply.json).toEqual({ code: 500, msg: 'no', data: null });
  });
});

describe('event bus', () => {
  it('carries session errors and messages to subscribers until they unsubscribe', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 2002, msg: '', data: null }));
    const events: ApiEvent[] = [];
    const unsubscribe = apiEvents.subscribe((e) => events.push(e));
    await api.request('/api/eosoperator/myInfo').catch(() => undefined);
    expect(events).toEqual([
      { type: 'notify', kind: 'warning', message: SESSION_NONE_MSG, durationMs: MESSAGE_DURATION_MS },
      { type: 'session', code: 2002, forced: false },
    ]);
    unsubscribe();
    await api.request('/api/eosoperator/myInfo').catch(() => undefined);
    expect(events).toHaveLength(2);
  });
});

describe('Toaster', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows API messages and toast() calls for their duration, errors as alerts', async () => {
    render(createElement(Toaster));
    fetchMock.mockResolvedValue(jsonResponse({ code: 500, msg: '课程不存在', data: null }));
    await act(async () => {
      await api.request('/api/course/detail').catch(() => undefined);
      toast('info', '已保存', 1000);
    });
    expect(screen.getByRole('alert').textContent).toBe('课程不存在');
    expect(screen.getByRole('status').textContent).toBe('已保存');
    await act(async () => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => jest.advanceTimersByTime(MESSAGE_DURATION_MS - 1000));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

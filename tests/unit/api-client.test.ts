/** The client's rules (SPEC 8), one test per rule, against a fake transport. */
import {
  ApiError,
  failureText,
  SILENT_PATHS,
  TOKEN_CHECK_PATH,
  TransportError,
  createApiClient,
  platformPath,
  type ClientHooks,
  type DownloadTransport,
  type TransportRequest,
} from '@/lib/api/core';
import {
  DOWNLOAD_FAILED_MSG,
  NETWORK_ERROR_MSG,
  SERVER_BUSY_MSG,
  SESSION_ELSEWHERE_MSG,
  SESSION_IDLE_MSG,
  SESSION_MESSAGES,
  SESSION_NONE_MSG,
  TIMEOUT_MSG,
} from '@/lib/contract/messages';
import type { Envelope } from '@/lib/contract/home';
import { HTTP_TIMEOUT_MS, MESSAGE_DURATION_MS, TOKEN_CHECK_CALLBACK_DELAY_MS } from '@/lib/constants';

type Reply = Envelope | Error;

function setup(replies: Reply[] = [], download?: DownloadTransport) {
  const requests: TransportRequest[] = [];
  const transport = jest.fn(async (req: TransportRequest): Promise<Envelope> => {
    requests.push(req);
    const reply = replies.shift() ?? ok(null);
    if (reply instanceof Error) throw reply;
    return reply;
  });
  const hooks = {
    notify: jest.fn<void, Parameters<ClientHooks['notify']>>(),
    onSessionError: jest.fn<void, Parameters<ClientHooks['onSessionError']>>(),
    log: jest.fn<void, Parameters<NonNullable<ClientHooks['log']>>>(),
  };
  const headers = { 'x-access-token': 'secret-token', 'x-access-device-type': 'WEB' };
  const client = createApiClient({ transport, download, hooks, headers: () => headers });
  return { client, hooks, requests, transport };
}

const ok = (data: unknown): Envelope => ({ code: 0, msg: '', data });
const fail = (code: number, msg = '', data: unknown = null): Envelope => ({ code, msg, data });

describe('rule 1: code 0', () => {
  it('resolves with data, sends path, body and headers, and tells nobody', async () => {
    const { client, hooks, requests } = setup([ok({ list: [1, 2] })]);
    await expect(client.request('/api/course/homeList', { pageSize: 8 })).resolves.toEqual({ list: [1, 2] });
    expect(requests[0]).toMatchObject({
      path: '/api/course/homeList',
      body: { pageSize: 8 },
      headers: { 'x-access-token': 'secret-token' },
    });
    expect(hooks.notify).not.toHaveBeenCalled();
    expect(hooks.log).not.toHaveBeenCalled();
  });

  it('sends an empty object when there is no body', async () => {
    const { client, requests } = setup([ok(1)]);
    await client.request('/api/banner');
    expect(requests[0].body).toEqual({});
  });

  it('resets the once-only warning latch', async () => {
    const { client, hooks } = setup([fail(2002), ok(1), fail(2002)]);
    await expect(client.request('/api/a')).rejects.toBeInstanceOf(ApiError);
    await client.request('/api/b');
    await expect(client.request('/api/c')).rejects.toBeInstanceOf(ApiError);
    expect(hooks.notify).toHaveBeenCalledTimes(2);
  });
});

describe('rule 2: session codes', () => {
  it.each([
    [2000, SESSION_IDLE_MSG],
    [2001, SESSION_ELSEWHERE_MSG],
    [2002, SESSION_NONE_MSG],
  ] as const)('%i warns with its message for 3 s, starts the re-login flow and rejects', async (code, message) => {
    const { client, hooks } = setup([fail(code, 'server text', { x: 1 })]);
    const error = await client.request('/api/eosoperator/myInfo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code, message: 'server text', data: { x: 1 }, path: '/api/eosoperator/myInfo' });
    expect(SESSION_MESSAGES[code]).toBe(message);
    expect(hooks.notify).toHaveBeenCalledWith('warning', message, MESSAGE_DURATION_MS);
    expect(hooks.onSessionError).toHaveBeenCalledWith(code, { forced: false });
  });

  it('warns once for a burst of the same code, but runs the re-login flow every time', async () => {
    const { client, hooks } = setup([fail(2002), fail(2002), fail(2002)]);
    await Promise.allSettled([client.request('/api/a'), client.request('/api/b'), client.request('/api/c')]);
    expect(hooks.notify).toHaveBeenCalledTimes(1);
    expect(hooks.onSessionError).toHaveBeenCalledTimes(3);
  });

  it('warns again after a different error response', async () => {
    const { client, hooks } = setup([fail(2000), fail(500, '课程不存在'), fail(2000)]);
    for (const path of ['/api/a', '/api/b', '/api/c']) await client.request(path).catch(() => undefined);
    expect(hooks.notify.mock.calls).toEqual([
      ['warning', SESSION_IDLE_MSG, MESSAGE_DURATION_MS],
      ['error', '课程不存在', MESSAGE_DURATION_MS],
      ['warning', SESSION_IDLE_MSG, MESSAGE_DURATION_MS],
    ]);
  });

  it('warns again when a different session code follows', async () => {
    const { client, hooks } = setup([fail(2000), fail(2001)]);
    for (const path of ['/api/a', '/api/b']) await client.request(path).catch(() => undefined);
    expect(hooks.notify.mock.calls.map((c) => c[1])).toEqual([SESSION_IDLE_MSG, SESSION_ELSEWHERE_MSG]);
  });

  it('keeps the latch across network errors and silent paths', async () => {
    const { client, hooks } = setup([fail(2002), new TransportError('network', 'down'), fail(7, 'x'), fail(2002)]);
    await client.request('/api/a').catch(() => undefined);
    await client.request('/api/b').catch(() => undefined);
    await client.request('/api/study/submit').catch(() => undefined);
    await client.request('/api/c').catch(() => undefined);
    expect(hooks.notify.mock.calls.filter((c) => c[0] === 'warning')).toHaveLength(1);
  });
});

describe('rule 3: the token check', () => {
  it('treats 2002 as silent and forced', async () => {
    const { client, hooks } = setup([fail(2002)]);
    await expect(client.request(TOKEN_CHECK_PATH)).rejects.toMatchObject({ code: 2002 });
    expect(hooks.notify).not.toHaveBeenCalled();
    expect(hooks.onSessionError).toHaveBeenCalledWith(2002, { forced: true });
  });

  it('treats 2000 and 2001 like any other call', async () => {
    const { client, hooks } = setup([fail(2001)]);
    await expect(client.request(TOKEN_CHECK_PATH)).rejects.toBeInstanceOf(ApiError);
    expect(hooks.notify).toHaveBeenCalledWith('warning', SESSION_ELSEWHERE_MSG, MESSAGE_DURATION_MS);
    expect(hooks.onSessionError).toHaveBeenCalledWith(2001, { forced: false });
  });
});

describe('rule 4: the nine silent paths', () => {
  it('lists nine', () => expect(SILENT_PATHS).toHaveLength(9));

  const paths = SILENT_PATHS.flatMap((suffix) =>
    ['/api', '/api/platform', '/modules'].map((prefix) => prefix + suffix),
  );
  it.each(paths)('%s: no message, no session handling, rejects with code, msg and data', async (path) => {
    for (const code of [2002, 500]) {
      const { client, hooks } = setup([fail(code, '验证失败', { field: 'email' })]);
      await expect(client.request(path)).rejects.toMatchObject({ code, message: '验证失败', data: { field: 'email' } });
      expect(hooks.notify).not.toHaveBeenCalled();
      expect(hooks.onSessionError).not.toHaveBeenCalled();
    }
  });

  it('matches suffixes only', async () => {
    const { client, hooks } = setup([fail(500, 'x')]);
    await client.request('/api/study/submitAll').catch(() => undefined);
    expect(hooks.notify).toHaveBeenCalledWith('error', 'x', MESSAGE_DURATION_MS);
  });
});

describe('rule 5: any other code', () => {
  it("shows the server's msg as an error for 3 s and rejects", async () => {
    const { client, hooks } = setup([fail(1001, '报名已结束', { id: 3 })]);
    await expect(client.request('/api/train/apply')).rejects.toMatchObject({
      code: 1001,
      message: '报名已结束',
      data: { id: 3 },
    });
    expect(hooks.notify).toHaveBeenCalledWith('error', '报名已结束', MESSAGE_DURATION_MS);
    expect(hooks.onSessionError).not.toHaveBeenCalled();
  });

  it('shownInline: a form that shows the msg itself still gets it shown, but not announced a second time', async () => {
    const { client, hooks } = setup([fail(1000, '验证码错误或已过期，请重新输入'), fail(2002)]);
    await expect(client.request('/modules/eosoperator/login', {}, { shownInline: true })).rejects.toMatchObject({
      message: '验证码错误或已过期，请重新输入',
    });
    expect(hooks.notify).toHaveBeenCalledWith('error', '验证码错误或已过期，请重新输入', MESSAGE_DURATION_MS, {
      announce: false,
    });
    // Session warnings are not the form's to show.
    await client.request('/api/x', {}, { shownInline: true }).catch(() => undefined);
    expect(hooks.notify).toHaveBeenLastCalledWith('warning', SESSION_NONE_MSG, MESSAGE_DURATION_MS);
  });

  it('shownInline: a failed connection is shown once too, and the form gets the same text from failureText', async () => {
    const down = new TransportError('network', 'down');
    const { client, hooks } = setup([down]);
    const err = await client.request('/modules/eosoperator/login', {}, { shownInline: true }).catch((e: unknown) => e);
    expect(hooks.notify).toHaveBeenCalledWith('error', NETWORK_ERROR_MSG, MESSAGE_DURATION_MS, { announce: false });
    expect(failureText(err, '登录失败，请稍后重试')).toBe(NETWORK_ERROR_MSG);
    expect(failureText(new TransportError('timeout', 't'), 'x')).toBe(TIMEOUT_MSG);
    // SPEC 8 ignores type errors: nothing was shown, so the form says its own words.
    expect(failureText(new TypeError('x is undefined'), '登录失败，请稍后重试')).toBe('登录失败，请稍后重试');
  });

  it('falls back to SERVER_BUSY_MSG when msg is empty', async () => {
    const { client, hooks } = setup([fail(500, '')]);
    await client.request('/api/x').catch(() => undefined);
    expect(hooks.notify).toHaveBeenCalledWith('error', SERVER_BUSY_MSG, MESSAGE_DURATION_MS);
  });

  it('resets the latch', async () => {
    const { client, hooks } = setup([fail(2002), fail(500, 'e'), fail(2002)]);
    for (let i = 0; i < 3; i++) await client.request('/api/x').catch(() => undefined);
    expect(hooks.notify.mock.calls.filter((c) => c[0] === 'warning')).toHaveLength(2);
  });
});

describe('rule 6: every failure is logged and rejects', () => {
  it('logs path, code and msg, never the token', async () => {
    const { client, hooks } = setup([
      fail(2001, 'a'),
      fail(500, 'b'),
      fail(9, 'c'),
      new TransportError('network', 'down'),
    ]);
    const paths = ['/api/one', '/api/two', '/api/register/valid', '/api/four'];
    const results = await Promise.allSettled(paths.map((p) => client.request(p)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(hooks.log.mock.calls.map((c) => c[0])).toEqual([
      { path: '/api/one', code: 2001, msg: 'a' },
      { path: '/api/two', code: 500, msg: 'b' },
      { path: '/api/register/valid', code: 9, msg: 'c' },
      { path: '/api/four', code: undefined, msg: 'down' },
    ]);
    expect(JSON.stringify(hooks.log.mock.calls)).not.toContain('secret-token');
  });

  it('works without a log hook', async () => {
    const client = createApiClient({
      transport: async () => fail(500, 'x'),
      hooks: { notify: () => {}, onSessionError: () => {} },
      headers: () => ({}),
    });
    await expect(client.request('/api/x')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('rule 7: network-level errors', () => {
  it.each([
    ['a timeout', new TransportError('timeout', 'timeout of 30000ms exceeded'), TIMEOUT_MSG],
    ['an unreachable server', new TransportError('network', 'Failed to fetch'), NETWORK_ERROR_MSG],
    ['a reply that is no envelope', new TransportError('http', 'HTTP 502', 502), SERVER_BUSY_MSG],
    ['any other error', new Error('boom'), NETWORK_ERROR_MSG],
  ])('%s is shown as an error for 3 s and rejects', async (_name, thrown, message) => {
    const { client, hooks } = setup([thrown]);
    await expect(client.request('/api/x')).rejects.toBe(thrown);
    expect(hooks.notify).toHaveBeenCalledWith('error', message, MESSAGE_DURATION_MS);
    expect(hooks.onSessionError).not.toHaveBeenCalled();
  });

  it('ignores a TypeError (no message) but still rejects and logs', async () => {
    const thrown = new TypeError("Cannot read properties of undefined (reading 'code')");
    const { client, hooks } = setup([thrown]);
    await expect(client.request('/api/x')).rejects.toBe(thrown);
    expect(hooks.notify).not.toHaveBeenCalled();
    expect(hooks.log).toHaveBeenCalledTimes(1);
  });

  it("ignores the caller's own abort", async () => {
    const aborted = Object.assign(new Error('The operation was aborted'), { name: 'AbortError' });
    const { client, hooks } = setup([aborted]);
    await expect(client.request('/api/x')).rejects.toBe(aborted);
    expect(hooks.notify).not.toHaveBeenCalled();
  });
});

describe('rule 8: timeout', () => {
  it('defaults to HTTP_TIMEOUT_MS (30000)', async () => {
    const { client, requests } = setup();
    await client.request('/api/x');
    expect(HTTP_TIMEOUT_MS).toBe(30000);
    expect(requests[0].timeoutMs).toBe(HTTP_TIMEOUT_MS);
  });

  it('passes null (no timeout) for course-file uploads, and any other value as given', async () => {
    const { client, requests } = setup();
    await client.request('/api/resourceFile/uploadCourseWareFile', {}, { timeoutMs: null });
    await client.request('/api/x', {}, { timeoutMs: 5 });
    expect(requests.map((r) => r.timeoutMs)).toEqual([null, 5]);
  });

  it("passes the caller's signal on", async () => {
    const { client, requests } = setup();
    const controller = new AbortController();
    await client.request('/api/x', {}, { signal: controller.signal });
    expect(requests[0].signal).toBe(controller.signal);
  });
});

describe('rule 9: checkToken', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function checked(reply: Reply) {
    const ctx = setup([reply]);
    const callback = jest.fn();
    ctx.client.checkToken(callback);
    await jest.advanceTimersByTimeAsync(0);
    return { ...ctx, callback };
  }

  it.each([
    ['success', ok(true)],
    ['2002', fail(2002)],
    ['another code', fail(500, 'x')],
    ['a network error', new TransportError('network', 'down')],
  ])('after %s: runs the callback 500 ms after the answer', async (_name, reply) => {
    const { callback, requests } = await checked(reply);
    expect(requests[0].path).toBe(TOKEN_CHECK_PATH);
    expect(callback).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(TOKEN_CHECK_CALLBACK_DELAY_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(TOKEN_CHECK_CALLBACK_DELAY_MS).toBe(500);
  });

  it('shows no message for other failures', async () => {
    for (const reply of [fail(500, 'x'), new TransportError('timeout', 't')]) {
      const { hooks } = await checked(reply);
      expect(hooks.notify).not.toHaveBeenCalled();
    }
  });

  it('still applies rule 3 to 2002', async () => {
    const { hooks } = await checked(fail(2002));
    expect(hooks.notify).not.toHaveBeenCalled();
    expect(hooks.onSessionError).toHaveBeenCalledWith(2002, { forced: true });
  });
});

describe('rule 10: download', () => {
  const file = new Blob(['a,b\n1,2'], { type: 'text/csv' });

  it('resolves with the blob of a file', async () => {
    const download = jest.fn<ReturnType<DownloadTransport>, Parameters<DownloadTransport>>(async () => ({
      contentType: 'text/csv',
      blob: file,
    }));
    const { client, hooks } = setup([], download);
    await expect(client.download('/api/train/export', { id: 1 })).resolves.toBe(file);
    expect(download.mock.calls[0][0]).toMatchObject({
      path: '/api/train/export',
      body: { id: 1 },
      timeoutMs: HTTP_TIMEOUT_MS,
    });
    expect(hooks.notify).not.toHaveBeenCalled();
  });

  it('treats a JSON reply as a failure: 下载失败 shown as an error, rejected, logged', async () => {
    const json = { code: 500, msg: '文件不存在', data: null };
    const download: DownloadTransport = async () => ({
      contentType: 'application/json;charset=UTF-8',
      blob: new Blob([JSON.stringify(json)]),
      json,
    });
    const { client, hooks } = setup([], download);
    await expect(client.download('/api/train/export')).rejects.toMatchObject({
      code: 500,
      message: DOWNLOAD_FAILED_MSG,
    });
    expect(hooks.notify).toHaveBeenCalledWith('error', DOWNLOAD_FAILED_MSG, MESSAGE_DURATION_MS);
    expect(hooks.log).toHaveBeenCalledWith({ path: '/api/train/export', code: 500, msg: '文件不存在' });
  });

  it('applies rule 7 to network errors', async () => {
    const { client, hooks } = setup([], async () => {
      throw new TransportError('timeout', 't');
    });
    await expect(client.download('/api/x')).rejects.toBeInstanceOf(TransportError);
    expect(hooks.notify).toHaveBeenCalledWith('error', TIMEOUT_MSG, MESSAGE_DURATION_MS);
  });
});

describe('platformPath', () => {
  it('moves /api/ calls under /api/platform/ on platform hosts only', () => {
    expect(platformPath('/api/course/homeList', true)).toBe('/api/platform/course/homeList');
    expect(platformPath('/api/course/homeList', false)).toBe('/api/course/homeList');
    expect(platformPath('/api/platform/study/totalTime', true)).toBe('/api/platform/study/totalTime');
    expect(platformPath('/modules/imgCode/detail', true)).toBe('/modules/imgCode/detail');
  });
});

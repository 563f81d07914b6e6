/** The server transport: in-process through the endpoint table, or HTTP when API_BASE_URL is set. */
import { ApiError } from '@/lib/api/core';
import { serverApi } from '@/lib/api/server';
import { apiQuery, apiQueryKey, makeQueryClient } from '@/lib/api/query';
import { callEndpoint } from '@/lib/server/http/dispatch';
import type { Site } from '@/lib/variants';
import type { ApiPath } from '@/lib/contract/endpoints';

jest.mock('@/lib/server/http/dispatch', () => ({ callEndpoint: jest.fn() }));

const callEndpointMock = callEndpoint as jest.MockedFunction<typeof callEndpoint>;
const site: Site = { variant: 'party', dx: false };

beforeEach(() => {
  callEndpointMock.mockReset();
  delete process.env.API_BASE_URL;
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('in-process (no API_BASE_URL)', () => {
  it('calls callEndpoint with path, body, token and site', async () => {
    callEndpointMock.mockResolvedValue({ code: 0, msg: '', data: { list: [] } });
    const data = await serverApi(site, { token: 'tok', origin: 'https://party.example.cn' }).request(
      '/api/course/homeList',
      { pageSize: 8 },
    );
    expect(data).toEqual({ list: [] });
    const [path, body, ctx] = callEndpointMock.mock.calls[0];
    expect(path).toBe('/api/course/homeList');
    expect(body).toEqual({ pageSize: 8 });
    expect(ctx).toMatchObject({ token: 'tok', site });
    expect(ctx.headers).toMatchObject({
      'x-access-origin': encodeURIComponent('https://party.example.cn'),
      'x-access-device-type': 'WEB',
    });
  });

  it('passes a null token for visitors', async () => {
    callEndpointMock.mockResolvedValue({ code: 0, msg: '', data: null });
    await serverApi(site).request('/api/banner');
    expect(callEndpointMock.mock.calls[0][2].token).toBeNull();
  });

  it('rejects with ApiError and logs without the token', async () => {
    callEndpointMock.mockResolvedValue({ code: 2002, msg: '账号未登录', data: null });
    await expect(serverApi(site, { token: 'secret-token' }).request('/api/eosoperator/myInfo')).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(console.warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify((console.warn as jest.Mock).mock.calls)).not.toContain('secret-token');
  });
});

describe('HTTP (API_BASE_URL set)', () => {
  it('POSTs to the base URL, forwarding the token and the origin', async () => {
    process.env.API_BASE_URL = 'http://backend.internal:4000';
    const fetchMock = jest.fn(
      async () => ({ ok: true, status: 200, json: async () => ({ code: 0, msg: '', data: 7 }) }) as unknown as Response,
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    await expect(
      serverApi(site, { token: 'tok', origin: 'https://party.example.cn' }).request('/api/study/totalTime'),
    ).resolves.toBe(7);
    expect(callEndpointMock).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://backend.internal:4000/api/study/totalTime');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      'x-access-token': 'tok',
      'x-access-origin': encodeURIComponent('https://party.example.cn'),
      'content-type': 'application/json',
    });
  });
});

describe('react-query glue', () => {
  it('builds the same key on both sides', () => {
    expect(apiQueryKey('/api/course/homeList', { t: 301 })).toEqual(['/api/course/homeList', { t: 301 }]);
    expect(apiQueryKey('/api/banner')).toEqual(['/api/banner', {}]);
    expect(apiQuery('/api/banner' as string as ApiPath).queryKey).toEqual(apiQueryKey('/api/banner', undefined));
  });

  it('hands server-prefetched data to the client query', async () => {
    callEndpointMock.mockResolvedValue({ code: 0, msg: '', data: ['b'] });
    const qc = makeQueryClient();
    await qc.prefetchQuery({
      queryKey: apiQueryKey('/api/banner'),
      queryFn: () => serverApi(site).request('/api/banner'),
    });
    expect(qc.getQueryData(apiQuery('/api/banner' as string as ApiPath).queryKey)).toEqual(['b']);
  });

  it('does not retry answers from the server, and retries a failed transport once', () => {
    const retry = makeQueryClient().getDefaultOptions().queries?.retry as (n: number, e: unknown) => boolean;
    expect(retry(0, new ApiError('/api/x', 2002, '', null))).toBe(false);
    expect(retry(0, new ApiError('/api/x', 500, '', null))).toBe(false);
    expect(retry(0, new Error('down'))).toBe(true);
    expect(retry(1, new Error('down'))).toBe(false);
  });
});

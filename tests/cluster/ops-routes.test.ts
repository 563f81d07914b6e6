/**
 * Operations routes closed at the edge (issue 38): through nginx, /metrics and /api/health/ready answer only the
 * addresses deploy/nginx.conf lists ($ops_allowed, 127.0.0.1 as shipped); any other client gets nginx's 403, even
 * one that claims an allowed address in X-Forwarded-For. 127.0.0.2 is loopback too, but not in the list. The
 * liveness /api/health stays open.
 */
import { call, cluster } from './support';

describe('operations routes through nginx', () => {
  it('refuses /metrics and /api/health/ready to an address that is not listed, whatever it forwards', async () => {
    for (const path of ['/metrics', '/api/health/ready']) {
      const refused = await call({ port: cluster.port, path, localAddress: '127.0.0.2' });
      expect(refused.status).toBe(403);
      expect(refused.body).not.toContain('portal_');
      const forged = await call({
        port: cluster.port,
        path,
        localAddress: '127.0.0.2',
        headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
      });
      expect(forged.status).toBe(403);
    }
    const live = await call({ port: cluster.port, path: '/api/health', localAddress: '127.0.0.2' });
    expect(live.status).toBe(200);
    expect(live.json).toMatchObject({ status: 'ok' });
  });

  it('answers a listed address, and the portal reads the address nginx saw', async () => {
    const metrics = await call({ port: cluster.port, path: '/metrics', localAddress: '127.0.0.1' });
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('portal_http_requests_total');
    const ready = await call({ port: cluster.port, path: '/api/health/ready', localAddress: '127.0.0.1' });
    expect(ready.status).toBe(200);
    expect(ready.json).toMatchObject({ status: 'ready' });
  });
});

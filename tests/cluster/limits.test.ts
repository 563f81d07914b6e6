/**
 * Sign-in limits behind nginx: nginx refuses the 41st sign-in try from one address within a minute (429), and the
 * portal's own throttling still counts per client address, which it reads from nginx's X-Forwarded-For
 * (TRUST_PROXY=1), so one address's failures neither lock the others nor escape by a forged header. Each test
 * connects from addresses of its own (127.0.0.x), so nginx's buckets of the other tests are untouched.
 */
import { call, cluster, signIn } from './support';

describe('sign-in limits through nginx', () => {
  it('answers 429 to the 41st sign-in try from one address within a minute, and not to another address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const a = await call({
        port: cluster.port,
        path: '/modules/eosoperator/login',
        body: { userID: 'nobody', password: 'x', code: 'x', codeUuid: 'x' },
        localAddress: '127.0.0.41',
      });
      statuses.push(a.status);
    }
    expect(statuses.slice(0, 40).filter((s) => s === 429)).toEqual([]);
    expect(statuses[40]).toBe(429);
    const other = await call({
      port: cluster.port,
      path: '/modules/eosoperator/login',
      body: { userID: 'nobody', password: 'x', code: 'x', codeUuid: 'x' },
      localAddress: '127.0.0.42',
    });
    expect(other.status).toBe(200);
  });

  it("the portal's own lock counts the client's address behind nginx, which a forged X-Forwarded-For cannot change", async () => {
    const from = '127.0.0.43';
    for (let i = 0; i < 5; i++) {
      const failed = await signIn('newbie', 'wrong-password', { localAddress: from });
      expect(failed.answer.json.msg).toBe('账号或密码错误');
    }
    const locked = await signIn('newbie', 'Newbie_2026', { localAddress: from });
    expect(locked.answer.json.msg).toMatch(/登录失败次数过多/);
    // The same address with a header of its own choosing: nginx appends the address it saw, which the portal reads.
    const cap = await call({ port: cluster.port, path: '/modules/imgCode/detail', body: {}, localAddress: from });
    const { uuid, answer } = cap.json.data as { uuid: string; answer: string };
    const forged = await call({
      port: cluster.port,
      path: '/modules/eosoperator/login',
      body: { userID: 'newbie', password: 'Newbie_2026', code: answer, codeUuid: uuid },
      headers: { 'x-forwarded-for': '10.9.8.7', 'x-real-ip': '10.9.8.7' },
      localAddress: from,
    });
    expect(forged.json.msg).toMatch(/登录失败次数过多/);
    // Another address is not locked out of the account.
    const elsewhere = await signIn('newbie', 'Newbie_2026', { localAddress: '127.0.0.44' });
    expect(elsewhere.answer.json.code).toBe(0);
  });
});

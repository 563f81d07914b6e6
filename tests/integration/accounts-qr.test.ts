/**
 * QR-code sign-in that cannot be phished (issue 22): the ticket records the requesting desktop (site, browser,
 * system, masked address, time) and the phone is shown them; the desktop sees 'scanned' once the phone opens the
 * code; a ticket can be confirmed within 60 s of its request, once, and not after 取消. Through the endpoint table;
 * the clock is moved by creating tickets in the past.
 */
import { eq } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { qrTickets } from '@/lib/server/db/schema';
import { callEndpoint } from '@/lib/server/http/dispatch';
import { handleApiRequest } from '@/lib/server/http/api-route';
import { maskAddress, parseUserAgent } from '@/lib/server/services/accounts/device';
import { loginGetQRRandNum, QR_CONFIRM_WINDOW_MS } from '@/lib/server/services/accounts/qr-login';
import { hashToken } from '@/lib/server/services/accounts/sessions';
import { accountsClient, main, ok, tokenOf } from './accounts-support';
import { QR_CANCELLED_MSG, QR_EXPIRED_MSG, QR_USED_MSG } from '@/lib/contract/accounts';

const { call, login } = accountsClient('10.7.0.1');

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.130 Safari/537.36';

/** A ticket requested by a Windows Chrome at 203.0.113.7, as the desktop's call brings it. */
const desktopTicket = async () => {
  const res = await callEndpoint(
    '/modules/eosoperator/loginGetQRRandNum',
    {},
    { token: null, site: main, ip: '203.0.113.7', headers: { 'user-agent': CHROME_WIN } },
  );
  return String(ok(res).randNum);
};
const poll = async (randNum: string) =>
  (await call('/modules/eosoperator/loginByQRRandNum', { randNum })).data as { status: string } | null;

let phone = '';
beforeAll(async () => {
  phone = tokenOf(await login('student', 'Student_2026', '10.7.0.2'));
}, 120_000);
afterAll(async () => {
  await closeDb();
});

describe('what the phone is shown', () => {
  it('the site, browser, system, masked address and time of the desktop request', async () => {
    const before = Date.now();
    const randNum = await desktopTicket();
    const scan = ok(await call('/modules/eosoperator/qrScan', { randNum }, { token: phone }));
    expect(scan).toMatchObject({ needLogin: false, operatorName: '陈思雨' });
    const device = scan.device as Record<string, string>;
    expect(device).toMatchObject({ browser: 'Chrome 120', system: 'Windows 10', address: '203.0.113.*' });
    expect(device.host).toMatch(/^localhost:\d+$/);
    expect(new Date(device.requestedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(device.requestedAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect(JSON.stringify(scan)).not.toContain('203.0.113.7');
  });

  it('the User-Agent header reaches the ticket through the HTTP layer', async () => {
    const safariMac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15';
    const res = await handleApiRequest(
      new Request('http://127.0.0.1:3000/modules/eosoperator/loginGetQRRandNum', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', host: 'localhost:3000', 'user-agent': safariMac },
      }),
    );
    const randNum = ((await res.json()) as { data: { randNum: string } }).data.randNum;
    const [t] = await (
      await db()
    )
      .select()
      .from(qrTickets)
      .where(eq(qrTickets.randHash, hashToken(randNum)));
    expect([t.requestBrowser, t.requestSystem]).toEqual(['Safari 17', 'macOS 10.15']);
  });

  it('reads browsers and systems simply, and masks addresses', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
      ),
    ).toEqual({ browser: 'Edge 120', system: 'Windows 10' });
    expect(parseUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toEqual({
      browser: 'Firefox 121',
      system: 'Linux',
    });
    expect(
      parseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari 17', system: 'iOS 17' });
    expect(
      parseUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 120', system: 'Android 14' });
    expect(parseUserAgent('Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko')).toEqual({
      browser: 'IE 11',
      system: 'Windows 7',
    });
    expect(parseUserAgent('curl/8.5.0')).toEqual({ browser: '未知浏览器', system: '未知系统' });
    expect(maskAddress('203.0.113.7')).toBe('203.0.113.*');
    expect(maskAddress('::ffff:198.51.100.23')).toBe('198.51.100.*');
    expect(maskAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:*');
    expect(maskAddress('')).toBe('未知');
    expect([maskAddress('::1'), maskAddress('127.0.0.1')]).toEqual(['本机', '本机']);
  });
});

describe('the ticket lifecycle', () => {
  it('waiting -> scanned when the phone opens it (signed in or not) -> confirmed once -> taken', async () => {
    const randNum = await desktopTicket();
    expect(await poll(randNum)).toEqual({ status: 'waiting' });
    expect(ok(await call('/modules/eosoperator/qrScan', { randNum })).needLogin).toBe(true);
    expect(await poll(randNum)).toEqual({ status: 'scanned' });
    ok(await call('/modules/eosoperator/qrConfirm', { randNum }, { token: phone }));
    const again = await call('/modules/eosoperator/qrConfirm', { randNum }, { token: phone });
    expect([again.code !== 0, again.msg]).toEqual([true, QR_USED_MSG]);
    // a confirmed ticket cannot be cancelled either, nor opened again
    expect((await call('/modules/eosoperator/qrCancel', { randNum })).msg).toBe(QR_USED_MSG);
    expect((await call('/modules/eosoperator/qrScan', { randNum }, { token: phone })).msg).toBe(QR_USED_MSG);
    expect((await poll(randNum))?.status).toBe('confirmed');
    expect((await call('/modules/eosoperator/loginByQRRandNum', { randNum })).msg).toBe(QR_USED_MSG);
  });

  it('a ticket older than 60 s cannot be confirmed, even if its expiry were later', async () => {
    const at = (ms: number) => new Date(Date.now() - ms);
    const fresh = await loginGetQRRandNum(
      main,
      { userAgent: CHROME_WIN, ip: '203.0.113.7' },
      at(QR_CONFIRM_WINDOW_MS - 5_000),
    );
    ok(await call('/modules/eosoperator/qrConfirm', { randNum: fresh.randNum }, { token: phone }));

    const old = await loginGetQRRandNum(
      main,
      { userAgent: CHROME_WIN, ip: '203.0.113.7' },
      at(QR_CONFIRM_WINDOW_MS + 1_000),
    );
    const refused = await call('/modules/eosoperator/qrConfirm', { randNum: old.randNum }, { token: phone });
    expect([refused.code !== 0, refused.msg]).toEqual([true, QR_EXPIRED_MSG]);
    // the 60 s count from the request itself, not from the expiry column (which the desktop's polling sets)
    const d = await db();
    const late = await loginGetQRRandNum(
      main,
      { userAgent: CHROME_WIN, ip: '203.0.113.7' },
      at(QR_CONFIRM_WINDOW_MS + 1_000),
    );
    await d
      .update(qrTickets)
      .set({ expiresAt: new Date(Date.now() + 600_000) })
      .where(eq(qrTickets.randHash, hashToken(late.randNum)));
    expect((await call('/modules/eosoperator/qrScan', { randNum: late.randNum }, { token: phone })).msg).toBe(
      QR_EXPIRED_MSG,
    );
    expect((await call('/modules/eosoperator/qrConfirm', { randNum: late.randNum }, { token: phone })).msg).toBe(
      QR_EXPIRED_MSG,
    );
    expect((await poll(late.randNum))?.status).toBe('waiting');
  });

  it('取消: the desktop sees cancelled, and the ticket cannot be confirmed or cancelled again', async () => {
    const randNum = await desktopTicket();
    ok(await call('/modules/eosoperator/qrScan', { randNum }, { token: phone }));
    ok(await call('/modules/eosoperator/qrCancel', { randNum }, { token: phone }));
    expect(await poll(randNum)).toEqual({ status: 'cancelled' });
    const confirm = await call('/modules/eosoperator/qrConfirm', { randNum }, { token: phone });
    expect([confirm.code !== 0, confirm.msg]).toEqual([true, QR_CANCELLED_MSG]);
    expect((await call('/modules/eosoperator/qrCancel', { randNum })).msg).toBe(QR_CANCELLED_MSG);
    expect((await call('/modules/eosoperator/qrScan', { randNum }, { token: phone })).msg).toBe(QR_CANCELLED_MSG);
    expect(await poll(randNum)).toEqual({ status: 'cancelled' });
  });
});

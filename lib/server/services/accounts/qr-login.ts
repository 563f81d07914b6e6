/**
 * QR-code login from a phone (SPEC 4.2 type 2; loginGetQRRandNum, loginByQRRandNum): the desktop gets
 * a random number and polls; a signed-in phone opening /qrCodePage/qrCode?randNum=... confirms; the
 * next poll answers a token and signs the desktop in. The ticket lives in the database (docs/design.md §6), only
 * its hash is kept, and it is confirmed once and taken once before it expires.
 *
 * Against phishing (issue 22: a link to an attacker's ticket, one tap, and the attacker's browser was signed in):
 * the ticket records the requesting desktop's site, browser, system, masked address and time, the phone shows
 * them with 确认登录 and 取消, and a ticket can be confirmed only within 60 s of its request, once, and not
 * after it was cancelled.
 */
import type { QrPoll } from '@/lib/contract/accounts';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { QR_POLL_INTERVAL_MS, QR_POLL_MAX_TRIES } from '@/lib/constants';
import { findRoute, siteOrigin, VARIANTS, type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import { operators, qrTickets } from '@/lib/server/db/schema';
import type { ResponseCookie } from '../cookies';
import { ServiceError } from '@/lib/server/errors';
import { signIn } from './auth';
import { maskAddress, parseUserAgent } from './device';
import { hashToken, type SessionUser } from './sessions';
import { QR_EXPIRED_MSG, QR_USED_MSG, QR_CANCELLED_MSG } from '@/lib/contract/accounts';

/** The desktop polls 50 times a second apart; the ticket outlives that by a little. */
export const QR_TTL_MS = QR_POLL_INTERVAL_MS * QR_POLL_MAX_TRIES + 10_000;
/** How long after the desktop's request the phone may confirm: a link kept for later is no use to a phisher. */
export const QR_CONFIRM_WINDOW_MS = 60_000;

/** What the desktop's request said about itself (the User-Agent header, the socket's address). */
export type QrRequester = { userAgent: string; ip: string };

export const QR_PAGE_PATH = '/qrCodePage/qrCode';

export async function loginGetQRRandNum(
  site: Site,
  requester: QrRequester = { userAgent: '', ip: '' },
  now = new Date(),
) {
  const randNum = randomBytes(24).toString('base64url');
  const d = await db();
  await d.delete(qrTickets).where(lt(qrTickets.expiresAt, new Date(now.getTime() - 3600_000)));
  const { browser, system } = parseUserAgent(requester.userAgent);
  await d.insert(qrTickets).values({
    randHash: hashToken(randNum),
    // The site the desktop will be signed in to, as this portal names it (not a header the caller chose).
    requestHost: new URL(siteOrigin(site)).host,
    requestBrowser: browser,
    requestSystem: system,
    requestAddress: maskAddress(requester.ip),
    createdAt: now,
    expiresAt: new Date(now.getTime() + QR_TTL_MS),
  });
  // A host whose route set has no QR page (SPEC 2.2) sends the phone to the main site's.
  const pageSite: Site = findRoute(VARIANTS[site.variant], QR_PAGE_PATH) ? site : { variant: 'main', dx: false };
  return { randNum, qrUrl: `${siteOrigin(pageSite)}${QR_PAGE_PATH}?randNum=${randNum}`, expiresIn: QR_TTL_MS };
}

const confirmableSince = (now: Date) => new Date(now.getTime() - QR_CONFIRM_WINDOW_MS);

async function live(randNum: string, now: Date) {
  const d = await db();
  const [t] = await d
    .select()
    .from(qrTickets)
    .where(eq(qrTickets.randHash, hashToken(randNum)))
    .limit(1);
  if (!t || t.expiresAt <= now) throw new ServiceError(QR_EXPIRED_MSG);
  return t;
}

/** Why a ticket the phone cannot act on is refused, in the order a person can act on it. */
function refusal(t: typeof qrTickets.$inferSelect, now: Date): string | null {
  if (t.status === 'cancelled') return QR_CANCELLED_MSG;
  if (t.status === 'confirmed' || t.status === 'taken') return QR_USED_MSG;
  if (t.createdAt <= confirmableSince(now)) return QR_EXPIRED_MSG;
  return null;
}

/**
 * The phone's view: the phone's user, and what is asking to be signed in (site, browser, system, masked address,
 * time of the request); or the ticket's state. Opening it marks it scanned, which the desktop then says.
 */
export async function qrScan(randNum: string, user: SessionUser | null, now = new Date()) {
  const t = await live(randNum, now);
  const refused = refusal(t, now);
  if (refused) throw new ServiceError(refused);
  const d = await db();
  await d
    .update(qrTickets)
    .set({ status: 'scanned' })
    .where(and(eq(qrTickets.randHash, t.randHash), eq(qrTickets.status, 'waiting')));
  if (!user) return { status: 'scanned', needLogin: true };
  const device = {
    host: t.requestHost,
    browser: t.requestBrowser,
    system: t.requestSystem,
    address: t.requestAddress,
    requestedAt: t.createdAt.toISOString(),
  };
  const confirmBefore = new Date(t.createdAt.getTime() + QR_CONFIRM_WINDOW_MS).toISOString();
  return {
    status: 'scanned',
    needLogin: false,
    operatorName: user.operatorName,
    orgName: user.orgName,
    userID: user.userID,
    device,
    confirmBefore,
  };
}

/** The phone confirms: once, within 60 s of the desktop's request, unless cancelled. */
export async function qrConfirm(randNum: string, user: SessionUser, phoneToken: string | null, now = new Date()) {
  const d = await db();
  const rows = await d
    .update(qrTickets)
    .set({
      status: 'confirmed',
      operatorId: user.operatorID,
      phoneTokenHash: phoneToken ? hashToken(phoneToken) : null,
    })
    .where(
      and(
        eq(qrTickets.randHash, hashToken(randNum)),
        gt(qrTickets.expiresAt, now),
        gt(qrTickets.createdAt, confirmableSince(now)),
        inArray(qrTickets.status, ['waiting', 'scanned']),
      ),
    )
    .returning({ randHash: qrTickets.randHash });
  if (!rows[0]) throw new ServiceError(refusal(await live(randNum, now), now) ?? QR_USED_MSG);
  return true;
}

/** The phone says no (取消): the ticket can no longer be confirmed, and the desktop shows 已取消. */
export async function qrCancel(randNum: string, now = new Date()): Promise<boolean> {
  const d = await db();
  const rows = await d
    .update(qrTickets)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(qrTickets.randHash, hashToken(randNum)),
        gt(qrTickets.expiresAt, now),
        inArray(qrTickets.status, ['waiting', 'scanned']),
      ),
    )
    .returning({ randHash: qrTickets.randHash });
  if (!rows[0]) throw new ServiceError(refusal(await live(randNum, now), now) ?? QR_USED_MSG);
  return true;
}

/** loginByQRRandNum: the desktop's poll; a confirmed ticket is taken once and signs the desktop in. */
export async function loginByQRRandNum(
  randNum: string,
  setCookies: ResponseCookie[],
  now = new Date(),
): Promise<QrPoll> {
  const t = await live(randNum, now);
  if (t.status === 'waiting' || t.status === 'scanned' || t.status === 'cancelled') return { status: t.status };
  const d = await db();
  const taken = await d
    .update(qrTickets)
    .set({ status: 'taken' })
    .where(and(eq(qrTickets.randHash, t.randHash), eq(qrTickets.status, 'confirmed')))
    .returning({ operatorId: qrTickets.operatorId, phoneTokenHash: qrTickets.phoneTokenHash });
  if (!taken[0]?.operatorId) throw new ServiceError(QR_USED_MSG);
  const [op] = await d.select().from(operators).where(eq(operators.id, taken[0].operatorId));
  const result = await signIn(op, setCookies, { keepTokenHash: taken[0].phoneTokenHash ?? undefined, via: 'qr' });
  return { status: 'confirmed', ...result };
}

/**
 * CAS single sign-on (protocol 3.0; SPEC 7 isCas), off unless CAS_URL is set. The browser goes to
 * `${CAS_URL}/login?service=<our address>` and comes back to /home with `ticket`; the ticket is validated here at
 * `${CAS_URL}/p3/serviceValidate` for that same service address, which the server builds itself from a one-time
 * state (never taken from the browser), so a ticket issued for another application is refused by the CAS server.
 * A ticket is accepted once (the CAS server consumes it, and the portal records it too).
 *
 * The CAS user names the account: its login name or e-mail (or, with CAS_USER_ATTRIBUTE, that attribute's value).
 * A CAS user with no portal account is refused with a message naming it: CAS users are the institution's staff,
 * whose accounts are made by the administrators, so nothing is created or linked by the sign-in itself.
 */
import { XMLParser } from 'fast-xml-parser';
import { siteOrigin, type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import { passportFlows } from '@/lib/server/db/schema';
import { config } from '@/lib/server/config';
import type { ResponseCookie } from '../cookies';
import { ServiceError } from '@/lib/server/errors';
import { errorText, log } from '@/lib/server/ops/log';
import type { SignInAnswer } from '@/lib/contract/accounts';
import { findOperatorByLogin, signIn } from './auth';
import { newFlow, readFlow } from './passport-link';
import { hashToken } from './sessions';
import {
  CAS_OFF_MSG,
  CAS_EXPIRED_MSG,
  CAS_TICKET_USED_MSG,
  CAS_FAILED_MSG,
  CAS_UNREACHABLE_MSG,
  NOT_ACTIVATED_MSG,
} from '@/lib/contract/accounts';

export const casUnknownUserMsg = (name: string) => `统一身份认证账号“${name}”在本平台没有对应的账号，请联系管理员开通`;

/** How long a used ticket is remembered: far past any CAS server's ticket lifetime (seconds to minutes). */
const USED_TICKET_TTL_MS = 24 * 3600_000;
const VALIDATE_TIMEOUT_MS = 10_000;

function casBase(): string {
  return (config().CAS_URL ?? '').replace(/\/+$/, '');
}

export const casConfigured = (): boolean => !!casBase();

/** The service address CAS sends the browser back to; the same string must be given when the ticket is validated. */
function serviceUrl(site: Site, casState: string): string {
  return `${siteOrigin(site)}/home?casState=${encodeURIComponent(casState)}`;
}

/** The CAS login address for this site, with a fresh one-time state in the service address. */
export async function casLoginUrl(site: Site): Promise<{ url: string }> {
  if (!casConfigured()) throw new ServiceError(CAS_OFF_MSG);
  const casState = await newFlow({ kind: 'cas-state' });
  return { url: `${casBase()}/login?service=${encodeURIComponent(serviceUrl(site, casState))}` };
}

export interface CasIdentity {
  user: string;
  attributes: Record<string, string>;
}

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, parseTagValue: false, trimValues: true });

/** Reads a CAS 3.0 serviceValidate answer: the identity, or the failure's code. */
export function parseServiceResponse(xml: string): CasIdentity | { failure: string } {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    return { failure: 'UNREADABLE' };
  }
  const response = (doc.serviceResponse ?? {}) as Record<string, unknown>;
  const success = response.authenticationSuccess as Record<string, unknown> | undefined;
  if (success && typeof success.user === 'string' && success.user.trim()) {
    const attributes: Record<string, string> = {};
    const raw = (success.attributes ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(raw)) {
      // A repeated attribute is a list: the first value names the account.
      const first = Array.isArray(v) ? v[0] : v;
      if (typeof first === 'string' || typeof first === 'number') attributes[k] = String(first);
    }
    return { user: success.user.trim(), attributes };
  }
  const failure = response.authenticationFailure as Record<string, unknown> | string | undefined;
  const code = typeof failure === 'object' && failure ? String(failure['@_code'] ?? 'UNKNOWN') : 'UNKNOWN';
  return { failure: code };
}

/** Records the ticket as used; false when it was used already. */
async function firstUse(ticket: string): Promise<boolean> {
  const d = await db();
  const now = new Date();
  const rows = await d
    .insert(passportFlows)
    .values({
      keyHash: hashToken(`cas-ticket:${ticket}`),
      kind: 'cas-ticket',
      createdAt: now,
      expiresAt: new Date(now.getTime() + USED_TICKET_TTL_MS),
      usedAt: now,
    })
    .onConflictDoNothing()
    .returning({ keyHash: passportFlows.keyHash });
  return rows.length === 1;
}

async function validate(ticket: string, service: string): Promise<CasIdentity> {
  const url = `${casBase()}/p3/serviceValidate?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`;
  let xml: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    xml = await res.text();
  } catch (err) {
    log.warn({ err: errorText(err) }, 'CAS serviceValidate unreachable');
    throw new ServiceError(CAS_UNREACHABLE_MSG);
  }
  const answer = parseServiceResponse(xml);
  if ('failure' in answer) {
    log.warn({ code: answer.failure }, 'CAS refused the ticket');
    throw new ServiceError(CAS_FAILED_MSG);
  }
  return answer;
}

/** Back from CAS with a ticket: validated, mapped to the account, signed in. */
export async function loginByCas(
  body: { ticket: string; casState: string },
  site: Site,
  setCookies: ResponseCookie[],
): Promise<SignInAnswer> {
  if (!casConfigured()) throw new ServiceError(CAS_OFF_MSG);
  const flow = await readFlow('cas-state', body.casState, true);
  if (!flow) throw new ServiceError(CAS_EXPIRED_MSG);
  if (!(await firstUse(body.ticket))) throw new ServiceError(CAS_TICKET_USED_MSG);
  const id = await validate(body.ticket, serviceUrl(site, body.casState));
  const attribute = config().CAS_USER_ATTRIBUTE;
  const name = (attribute ? id.attributes[attribute] : id.user)?.trim() ?? '';
  const op = name ? await findOperatorByLogin(name) : undefined;
  if (!op) throw new ServiceError(casUnknownUserMsg(name || id.user));
  if (!op.isActivated) throw new ServiceError(NOT_ACTIVATED_MSG);
  return signIn(op, setCookies, { via: 'cas' });
}

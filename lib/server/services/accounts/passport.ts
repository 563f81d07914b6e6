/**
 * Single sign-on with the passport (SPEC 2.6 types 12-17; loginByESObtainRedirectUri, loginByES,
 * loginByESChoose, relateES): a standard OAuth 2.0 authorization-code client with PKCE and state.
 * The authorise redirect carries response_type=code, the redirect address, the client id chosen by
 * protocol (http or https) and theme=full. Endpoints, client ids and secret come from the environment
 * (./passport-link). Back from the passport: a linked account signs in; otherwise the accounts with the
 * same e-mail or name are offered (14, or 15 for one), or the user logs in to match (16).
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { siteOrigin, type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import { operators, orgs } from '@/lib/server/db/schema';
import type { ResponseCookie } from '@/lib/server/http/endpoint';
import { ServiceError } from '@/lib/server/http/errors';
import { signIn } from './auth';
import {
  linkPassport,
  newFlow,
  passportConfig,
  passportConfigured,
  PASSPORT_EXPIRED_MSG,
  readFlow,
} from './passport-link';
import type { SessionUser } from './sessions';
import type { LoginByESResult, MatchItem } from '@/lib/contract/accounts';

export const PASSPORT_OFF_MSG = '未配置科技云通行证登录';
export const PASSPORT_FAILED_MSG = '科技云通行证登录失败，请重试';
export const NOT_MATCHED_MSG = '所选账号与科技云通行证不匹配';

function redirectUri(site: Site): string {
  return passportConfig().redirectUri || `${siteOrigin(site)}/home`;
}

function clientIdFor(uri: string): string {
  const c = passportConfig();
  return uri.startsWith('https:') ? c.httpsClientId || c.httpClientId : c.httpClientId || c.httpsClientId;
}

/** loginByESObtainRedirectUri: the passport's authorise address, with a fresh state and PKCE verifier. */
export async function obtainRedirectUri(site: Site) {
  if (!passportConfigured()) throw new ServiceError(PASSPORT_OFF_MSG);
  const verifier = randomBytes(32).toString('base64url');
  const state = await newFlow({ kind: 'state', verifier });
  const uri = redirectUri(site);
  const url = new URL(passportConfig().authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientIdFor(uri));
  url.searchParams.set('redirect_uri', uri);
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('theme', 'full');
  return { url: url.toString(), registerUrl: passportConfig().registerUrl };
}

interface PassportIdentity {
  sub: string;
  email: string;
  name: string;
}

async function exchange(code: string, verifier: string, site: Site): Promise<PassportIdentity> {
  const c = passportConfig();
  const uri = redirectUri(site);
  const clientId = clientIdFor(uri);
  const res = await fetch(c.tokenUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(c.clientSecret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: uri, code_verifier: verifier }),
    signal: AbortSignal.timeout(10_000),
  });
  const tokens = (await res.json().catch(() => ({}))) as { access_token?: string };
  if (!res.ok || !tokens.access_token) throw new ServiceError(PASSPORT_FAILED_MSG);
  const me = await fetch(c.userinfoUrl, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    signal: AbortSignal.timeout(10_000),
  });
  const info = (await me.json().catch(() => ({}))) as { sub?: string; email?: string; name?: string };
  if (!me.ok || !info.sub) throw new ServiceError(PASSPORT_FAILED_MSG);
  return { sub: String(info.sub), email: (info.email ?? '').toLowerCase(), name: info.name ?? '' };
}

/** Accounts a passport identity may belong to: same e-mail, or same name; not linked yet, activated. */
async function matches(email: string, name: string): Promise<MatchItem[]> {
  if (!email && !name) return [];
  const d = await db();
  const rows = await d
    .select({ headPic: operators.headPic, operatorName: operators.name, userID: operators.userId, orgName: orgs.name })
    .from(operators)
    .leftJoin(orgs, eq(orgs.id, operators.orgId))
    .where(
      sql`(lower(${operators.email}) = ${email} or ${operators.name} = ${name}) and ${operators.esUserId} is null and ${operators.isActivated}`,
    )
    .orderBy(operators.id)
    .limit(20);
  return rows.map((r) => ({
    address: r.headPic,
    operatorName: r.orgName ? `${r.operatorName}（${r.orgName}）` : r.operatorName,
    userID: r.userID,
  }));
}

/** loginByES: back from the passport with code and state. */
export async function loginByES(
  body: { code: string; state: string },
  site: Site,
  user: SessionUser | null,
  setCookies: ResponseCookie[],
): Promise<LoginByESResult> {
  if (!passportConfigured()) throw new ServiceError(PASSPORT_OFF_MSG);
  const flow = await readFlow('state', body.state, true);
  if (!flow) throw new ServiceError(PASSPORT_EXPIRED_MSG);
  const id = await exchange(body.code, flow.verifier, site);
  const d = await db();
  if (user) {
    // A signed-in user came back from "link" (type 13): the identity is linked to them.
    await linkPassport(user.operatorID, id.sub);
    return { type: 12 };
  }
  const [linked] = await d.select().from(operators).where(eq(operators.esUserId, id.sub)).limit(1);
  if (linked?.isActivated) return { type: 'login', ...(await signIn(linked, setCookies)) };
  const esLoginIO = await newFlow({ kind: 'login', esUserId: id.sub, esEmail: id.email, esName: id.name });
  const list = await matches(id.email, id.name);
  if (list.length > 1) return { type: 14, esLoginIO, list };
  if (list.length === 1) return { type: 15, esLoginIO, userID: list[0].userID };
  return { type: 16, esLoginIO, esName: id.name };
}

/** loginByESChoose: the account chosen in type 14 must be one of the matches; type 15 follows. */
export async function loginByESChoose(body: { esLoginIO: string; userID: string }) {
  const flow = await readFlow('login', body.esLoginIO, false);
  if (!flow) throw new ServiceError(PASSPORT_EXPIRED_MSG);
  const list = await matches(flow.esEmail ?? '', flow.esName ?? '');
  const chosen = list.find((m) => m.userID.toLowerCase() === body.userID.trim().toLowerCase());
  if (!chosen) throw new ServiceError(NOT_MATCHED_MSG);
  return { userID: chosen.userID, password: '' };
}

/** relateES: links a waiting passport identity to the signed-in user. */
export async function relateES(esLoginIO: string, user: SessionUser) {
  const flow = await readFlow('login', esLoginIO, true);
  if (!flow?.esUserId) throw new ServiceError(PASSPORT_EXPIRED_MSG);
  await linkPassport(user.operatorID, flow.esUserId);
  return true;
}

/**
 * Single sign-on with the passport (SPEC 2.6 types 12-17; loginByESObtainRedirectUri, loginByES,
 * loginByESChoose, relateES): an OpenID Connect authorization-code client (`openid-client`, loaded on first use)
 * with discovery from PASSPORT_ISSUER, PKCE, state and nonce. The ID token's signature (the issuer's published keys),
 * issuer, audience, expiry and nonce are checked, and the identity's details are read from the userinfo endpoint
 * for that same subject. The authorise redirect carries the client id chosen by protocol (http or https) and
 * theme=full. Back from the passport: a linked account signs in; otherwise the accounts with the same e-mail or name
 * are offered (14, or 15 for one), or the user logs in to match (16).
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { siteOrigin, type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import { operators, orgs } from '@/lib/server/db/schema';
import type { ResponseCookie } from '../cookies';
import { ServiceError } from '@/lib/server/errors';
import { errorText, log } from '@/lib/server/ops/log';
import { processState } from '@/lib/server/process-state';
import { signIn } from './auth';
import { linkPassport, newFlow, passportConfig, passportConfigured, readFlow } from './passport-link';
import type { SessionUser } from './sessions';
import type { LoginByESResult, MatchItem } from '@/lib/contract/accounts';
import {
  PASSPORT_OFF_MSG,
  PASSPORT_FAILED_MSG,
  PASSPORT_UNREACHABLE_MSG,
  PASSPORT_TOKEN_INVALID_MSG,
  NOT_MATCHED_MSG,
  PASSPORT_EXPIRED_MSG,
} from '@/lib/contract/accounts';

type OidcClient = typeof import('openid-client');
type OidcConfiguration = import('openid-client').Configuration;

function redirectUri(site: Site): string {
  return passportConfig().redirectUri || `${siteOrigin(site)}/home`;
}

function clientIdFor(uri: string): string {
  const c = passportConfig();
  return uri.startsWith('https:') ? c.httpsClientId || c.httpClientId : c.httpClientId || c.httpsClientId;
}

/** The nonce of a flow, derived from its PKCE verifier (secret, one per flow), so the flow row needs no column. */
const nonceOf = (verifier: string) => createHash('sha256').update(`nonce:${verifier}`).digest('base64url');

/** Discovered configurations per issuer and client, for a while: discovery is a round trip per sign-in otherwise. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const discovered = processState(
  'passportDiscovery',
  () => new Map<string, { at: number; value: Promise<OidcConfiguration> }>(),
);

const isLoopback = (u: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);

async function oidc(clientId: string): Promise<{ client: OidcClient; configuration: OidcConfiguration }> {
  const client = await import('openid-client');
  const c = passportConfig();
  const key = `${c.issuer}\n${clientId}\n${c.clientSecret}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return { client, configuration: await hit.value };
  const issuer = new URL(c.issuer);
  const value = client.discovery(issuer, clientId, undefined, client.ClientSecretBasic(c.clientSecret), {
    // Plain http only for a passport on this machine (the local passport of `npm run passport` and the tests).
    // The ID token's signature is checked against the issuer's published keys too (by default a token received
    // from the token endpoint is trusted on the strength of TLS alone).
    execute: [
      ...(issuer.protocol === 'http:' && isLoopback(issuer) ? [client.allowInsecureRequests] : []),
      client.enableNonRepudiationChecks,
    ],
    timeout: 10,
  });
  discovered.set(key, { at: Date.now(), value });
  try {
    return { client, configuration: await value };
  } catch (err) {
    discovered.delete(key);
    log.warn({ err: errorText(err), issuer: c.issuer }, 'passport discovery failed');
    throw new ServiceError(PASSPORT_UNREACHABLE_MSG);
  }
}

/** loginByESObtainRedirectUri: the passport's authorise address, with a fresh state, nonce and PKCE verifier. */
export async function obtainRedirectUri(site: Site) {
  if (!passportConfigured()) throw new ServiceError(PASSPORT_OFF_MSG);
  const uri = redirectUri(site);
  const { client, configuration } = await oidc(clientIdFor(uri));
  const verifier = client.randomPKCECodeVerifier();
  const state = await newFlow({ kind: 'state', verifier });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: uri,
    scope: 'openid email profile',
    state,
    nonce: nonceOf(verifier),
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    theme: 'full',
  });
  return { url: url.toString(), registerUrl: passportConfig().registerUrl };
}

interface PassportIdentity {
  sub: string;
  email: string;
  name: string;
}

/**
 * The code exchanged for tokens, the ID token checked, the identity read. A refused exchange (a wrong or used code)
 * and an ID token that fails a check are told apart in the log; the user is told in Chinese either way.
 */
async function exchange(
  back: { code: string; state: string; iss?: string },
  verifier: string,
  site: Site,
): Promise<PassportIdentity> {
  const uri = redirectUri(site);
  const { client, configuration } = await oidc(clientIdFor(uri));
  const callback = new URL(uri);
  callback.searchParams.set('code', back.code);
  callback.searchParams.set('state', back.state);
  if (back.iss) callback.searchParams.set('iss', back.iss);
  let tokens: Awaited<ReturnType<OidcClient['authorizationCodeGrant']>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: verifier,
      expectedState: back.state,
      expectedNonce: nonceOf(verifier),
      idTokenExpected: true,
    });
  } catch (err) {
    const refused = err instanceof client.ResponseBodyError || err instanceof client.AuthorizationResponseError;
    log.warn({ err: errorText(err) }, refused ? 'passport refused the code' : 'passport ID token refused');
    throw new ServiceError(refused ? PASSPORT_FAILED_MSG : PASSPORT_TOKEN_INVALID_MSG);
  }
  const claims = tokens.claims();
  if (!claims?.sub) throw new ServiceError(PASSPORT_TOKEN_INVALID_MSG);
  let info: { email?: unknown; name?: unknown };
  try {
    info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
  } catch (err) {
    log.warn({ err: errorText(err) }, 'passport userinfo refused');
    throw new ServiceError(PASSPORT_FAILED_MSG);
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { sub: String(claims.sub), email: text(info.email).toLowerCase(), name: text(info.name) };
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
  body: { code: string; state: string; iss?: string },
  site: Site,
  user: SessionUser | null,
  setCookies: ResponseCookie[],
): Promise<LoginByESResult> {
  if (!passportConfigured()) throw new ServiceError(PASSPORT_OFF_MSG);
  const flow = await readFlow('state', body.state, true);
  if (!flow) throw new ServiceError(PASSPORT_EXPIRED_MSG);
  const id = await exchange(body, flow.verifier, site);
  const d = await db();
  if (user) {
    // A signed-in user came back from "link" (type 13): the identity is linked to them.
    await linkPassport(user.operatorID, id.sub);
    return { type: 12 };
  }
  const [linked] = await d.select().from(operators).where(eq(operators.esUserId, id.sub)).limit(1);
  if (linked?.isActivated) return { type: 'login', ...(await signIn(linked, setCookies, { via: 'passport' })) };
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

/**
 * WeChat open-platform website login (login type 17; SPEC 7 getWXCode, getToken), off unless WECHAT_APPID and
 * WECHAT_SECRET are set (the dialog then keeps the portal's own QR code).
 *
 * getWXCode gives what WeChat's wxLogin.js needs to show its QR code: the qrconnect address with appid,
 * redirect_uri, response_type=code, scope=snsapi_login and a one-time state. The phone's confirmation sends the
 * browser to /home?wxLogin=1&code&state; getToken then checks the state, exchanges the code at
 * /sns/oauth2/access_token (with the secret, server side only), reads /sns/userinfo, and signs in the account bound
 * to that WeChat identity (unionid, else openid); an identity bound to none waits for the user to sign in with
 * their portal account, which binds it (./wechat-link).
 */
import { eq } from 'drizzle-orm';
import { siteOrigin, type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { config } from '@/lib/server/config';
import type { ResponseCookie } from '../cookies';
import { ServiceError } from '@/lib/server/errors';
import { log } from '@/lib/server/ops/log';
import type { LoginByWXResult, WxCode } from '@/lib/contract/accounts';
import { signIn } from './auth';
import { newFlow, readFlow } from './passport-link';
import { wechatConfigured } from './wechat-link';
import { WECHAT_NOT_CONFIGURED_MSG, WX_FAILED_MSG, WX_UNREACHABLE_MSG, WX_EXPIRED_MSG } from '@/lib/contract/accounts';

const TIMEOUT_MS = 10_000;

function redirectUri(site: Site): string {
  return `${siteOrigin(site)}/home?wxLogin=1`;
}

/** getWXCode: the QR page's address and its parts; { enabled: false } when WeChat login is not configured. */
export async function getWXCode(site: Site): Promise<WxCode> {
  if (!wechatConfigured()) return { enabled: false };
  const c = config();
  const state = await newFlow({ kind: 'wx-state' });
  const redirect_uri = redirectUri(site);
  const q = new URLSearchParams({
    appid: c.WECHAT_APPID as string,
    redirect_uri,
    response_type: 'code',
    scope: 'snsapi_login',
    state,
    // wxLogin.js's embedding: the QR page in a frame, the confirmation redirecting the top window.
    login_type: 'jssdk',
    self_redirect: 'false',
  });
  const url = `${c.WECHAT_OPEN_URL.replace(/\/+$/, '')}/connect/qrconnect?${q}#wechat_redirect`;
  return { enabled: true, appid: c.WECHAT_APPID as string, scope: 'snsapi_login', redirect_uri, state, url };
}

/** A WeChat API call: its JSON, or the refusal ({errcode, errmsg}) logged and told in Chinese. */
async function wxGet(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
  const url = `${config().WECHAT_API_URL.replace(/\/+$/, '')}${path}?${new URLSearchParams(params)}`;
  let json: Record<string, unknown>;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    // WeChat answers JSON, sometimes labelled text/plain.
    json = JSON.parse(await res.text()) as Record<string, unknown>;
  } catch (err) {
    log.warn({ err: String(err), path }, 'WeChat API unreachable');
    throw new ServiceError(WX_UNREACHABLE_MSG);
  }
  if (json.errcode && json.errcode !== 0) {
    log.warn({ path, errcode: json.errcode, errmsg: json.errmsg }, 'WeChat refused');
    throw new ServiceError(WX_FAILED_MSG);
  }
  return json;
}

/** getToken: back from WeChat with code and state; signed in, or the binding step of type 17. */
export async function getToken(
  body: { code: string; state: string },
  setCookies: ResponseCookie[],
): Promise<LoginByWXResult> {
  if (!wechatConfigured()) throw new ServiceError(WECHAT_NOT_CONFIGURED_MSG);
  if (!(await readFlow('wx-state', body.state, true))) throw new ServiceError(WX_EXPIRED_MSG);
  const c = config();
  const token = await wxGet('/sns/oauth2/access_token', {
    appid: c.WECHAT_APPID as string,
    secret: c.WECHAT_SECRET as string,
    code: body.code,
    grant_type: 'authorization_code',
  });
  const accessToken = String(token.access_token ?? '');
  const openid = String(token.openid ?? '');
  if (!accessToken || !openid) throw new ServiceError(WX_FAILED_MSG);
  const info = await wxGet('/sns/userinfo', { access_token: accessToken, openid, lang: 'zh_CN' });
  if (info.openid !== openid) throw new ServiceError(WX_FAILED_MSG);
  const wxId = String(info.unionid || token.unionid || openid);
  const nickname = typeof info.nickname === 'string' ? info.nickname : '';
  const d = await db();
  const [bound] = await d.select().from(operators).where(eq(operators.wxUnionId, wxId)).limit(1);
  if (bound?.isActivated) return { type: 'login', ...(await signIn(bound, setCookies, { via: 'wechat' })) };
  const wxLoginIO = await newFlow({ kind: 'wx-bind', esUserId: wxId, esName: nickname });
  return { type: 'bind', wxLoginIO, nickname };
}

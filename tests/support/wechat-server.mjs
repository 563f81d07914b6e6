#!/usr/bin/env node
/**
 * A stand-in for WeChat's open-platform website login over HTTP, for the tests and manual trials:
 *   GET /connect/qrconnect?appid&redirect_uri&response_type=code&scope=snsapi_login&state  the QR page (in WeChat's
 *       frame); here a list of test WeChat users whose 确认登录 stands for the phone's scan and confirmation
 *   GET /connect/confirm?uid&redirect_uri&state[&self_redirect]  issues a code and redirects to redirect_uri?code&state
 *   GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code   {access_token, openid, unionid, …}
 *   GET /sns/userinfo?access_token&openid   {openid, nickname, unionid, headimgurl, …}
 * Refusals are WeChat's {errcode, errmsg}: 40013 invalid appid, 40125 invalid appsecret, 40029 invalid code,
 * 40163 code been used, 40001 invalid access_token. Codes are single-use and live 10 minutes.
 *
 *   node tests/support/wechat-server.mjs   (WECHAT_PORT, default 3992; 0 picks a free port;
 *   WECHAT_APPID / WECHAT_SECRET, default wx-test-appid / wx-test-secret)
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

export const WECHAT_USERS = [
  { uid: 'wx1', openid: 'o-test-openid-1', unionid: 'u-test-unionid-1', nickname: '微信用户一' },
  { uid: 'wx2', openid: 'o-test-openid-2', unionid: 'u-test-unionid-2', nickname: '微信用户二' },
  { uid: 'wx3', openid: 'o-test-openid-3', unionid: 'u-test-unionid-3', nickname: '微信用户三' },
];
const CODE_TTL_MS = 10 * 60_000;

const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

export function startWechatServer({
  port = 3992,
  appid = 'wx-test-appid',
  secret = 'wx-test-secret',
  quiet = false,
} = {}) {
  /** code -> { user, at, used } ; access token -> user */
  const codes = new Map();
  const tokens = new Map();
  const json = (res, body) => res.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify(body));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://wechat.local');
    const q = url.searchParams;
    if (url.pathname === '/connect/qrconnect') {
      if (q.get('appid') !== appid || q.get('scope') !== 'snsapi_login' || !q.get('redirect_uri')) {
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end('<p>参数错误</p>');
        return;
      }
      const target = q.get('self_redirect') === 'true' ? '_self' : '_top';
      const links = WECHAT_USERS.map((u) => {
        const c = new URLSearchParams({ uid: u.uid, redirect_uri: q.get('redirect_uri'), state: q.get('state') ?? '' });
        return `<li><a target="${target}" href="/connect/confirm?${esc(c)}">${esc(u.nickname)} 确认登录</a></li>`;
      }).join('');
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>微信登录</title><body style="font-family:sans-serif;text-align:center"><p>微信扫码登录（本地测试）</p><p>请使用微信扫描二维码登录</p><ul style="list-style:none;padding:0">${links}</ul></body></html>`,
        );
      return;
    }
    if (url.pathname === '/connect/confirm') {
      const user = WECHAT_USERS.find((u) => u.uid === q.get('uid'));
      const redirect = q.get('redirect_uri');
      if (!user || !redirect) return res.writeHead(400).end();
      const code = randomBytes(16).toString('hex');
      codes.set(code, { user, at: Date.now(), used: false });
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q.get('appid') !== appid) return json(res, { errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== secret) return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.get('grant_type') !== 'authorization_code')
        return json(res, { errcode: 40002, errmsg: 'invalid grant_type' });
      const c = codes.get(q.get('code') ?? '');
      if (!c || Date.now() - c.at > CODE_TTL_MS) return json(res, { errcode: 40029, errmsg: 'invalid code' });
      if (c.used) return json(res, { errcode: 40163, errmsg: 'code been used' });
      c.used = true;
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, c.user);
      return json(res, {
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: randomBytes(16).toString('hex'),
        openid: c.user.openid,
        scope: 'snsapi_login',
        unionid: c.user.unionid,
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const user = tokens.get(q.get('access_token') ?? '');
      if (!user || user.openid !== q.get('openid')) return json(res, { errcode: 40001, errmsg: 'invalid credential' });
      return json(res, {
        openid: user.openid,
        nickname: user.nickname,
        sex: 0,
        province: '',
        city: '',
        country: 'CN',
        headimgurl: '',
        privilege: [],
        unionid: user.unionid,
      });
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}`;
      if (!quiet) console.log(`wechat stand-in on ${url}`);
      resolve({ url, appid, secret, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const wx = await startWechatServer({
    port: Number(process.env.WECHAT_PORT ?? 3992),
    appid: process.env.WECHAT_APPID || undefined,
    secret: process.env.WECHAT_SECRET || undefined,
  });
  const stop = () => void wx.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

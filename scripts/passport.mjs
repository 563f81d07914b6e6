#!/usr/bin/env node
/**
 * A local "passport" (the national science-and-technology cloud single sign-on of SPEC 2.6) for manual
 * trials and tests: a real OAuth 2.0 / OpenID Connect server (the `oidc-provider` package) on loopback,
 * with a plain login page listing its demo identities. `npm run passport` starts it and prints the
 * environment the portal needs; the integration and end-to-end tests start it the same way.
 *
 *   PASSPORT_PORT (default 3990), PASSPORT_PORTAL_PORTS (the portal ports whose /home may be the
 *   redirect address, default 3000,3010,3110), PASSPORT_CLIENT_SECRET (default local-passport-secret),
 *   PASSPORT_PUBLIC_ISSUER (the issuer URL it names itself by, when it is reached through a proxy; default
 *   http://127.0.0.1:PORT).
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';

/** Demo passport identities. 'linked' is linked to the seeded teacher; 'zhangwei' matches two accounts; 'nomatch' none. */
export const PASSPORT_USERS = [
  { sub: 'passport-teacher', login: 'linked', name: '已关联用户', email: 'teacher-passport@passport.example' },
  { sub: 'passport-zhangwei', login: 'zhangwei', name: '张伟', email: 'zhangwei@passport.example' },
  { sub: 'passport-student', login: 'single', name: '陈思雨', email: 'student-passport@passport.example' },
  { sub: 'passport-nobody', login: 'nomatch', name: '路人甲', email: 'nobody@passport.example' },
  { sub: 'passport-nobody2', login: 'nomatch2', name: '路人乙', email: 'nobody2@passport.example' },
];

const HOSTS = ['localhost', 'party.localhost', 'stu.localhost', 'dangxiao.localhost', 'column.localhost', '127.0.0.1'];

const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

export async function startPassport({
  port = 3990,
  portalPorts = [3000, 3010, 3110],
  secret = 'local-passport-secret',
  publicIssuer,
  quiet = false,
} = {}) {
  const issuer = publicIssuer || `http://127.0.0.1:${port}`;
  const redirectUris = portalPorts.flatMap((p) => HOSTS.map((h) => `http://${h}:${p}/home`));
  const clients = [
    {
      client_id: 'portal-http',
      client_secret: secret,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
    {
      client_id: 'portal-https',
      client_secret: secret,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ];
  const provider = new Provider(issuer, {
    clients,
    cookies: { keys: ['local-passport-cookie-key'] },
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    extraParams: ['theme'],
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => false },
    async findAccount(_ctx, sub) {
      const user = PASSPORT_USERS.find((u) => u.sub === sub);
      if (!user) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email: user.email, name: user.name }) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // a registration page to link to from login type 13
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><meta charset="utf-8"><title>错误</title><p>${esc(out.error)}: ${esc(out.error_description ?? '')}</p>`;
    },
  });
  provider.proxy = false;

  async function interaction(req, res) {
    const details = await provider.interactionDetails(req, res);
    const { uid, prompt, params } = details;
    if (prompt.name === 'consent') {
      // The portal is a first-party client: consent is granted without asking.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session.accountId, clientId: params.client_id });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    if (req.method === 'POST') {
      const body = await new Promise((resolve) => {
        let data = '';
        req.on('data', (c) => (data += c));
        req.on('end', () => resolve(new URLSearchParams(data)));
      });
      const user = PASSPORT_USERS.find((u) => u.login === body.get('login'));
      if (!user)
        return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'unknown user' });
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: user.sub } },
        { mergeWithLastSubmission: false },
      );
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>科技云通行证（本地）</title>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1>科技云通行证（本地测试）</h1><p>theme: ${esc(params.theme ?? '')}</p>
<form method="post" action="/interaction/${esc(uid)}"><fieldset><legend>选择通行证账号</legend>
${PASSPORT_USERS.map((u, i) => `<label style="display:block;margin:.4rem 0"><input type="radio" name="login" value="${esc(u.login)}"${i === 0 ? ' checked' : ''}> ${esc(u.name)}（${esc(u.login)}）</label>`).join('')}
</fieldset><button type="submit">登录通行证</button></form></body></html>`);
  }

  const callback = provider.callback();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, issuer);
    if (url.pathname === '/register') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(
        '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>注册科技云通行证</title><h1>注册科技云通行证（本地测试）</h1>',
      );
    }
    if (url.pathname.startsWith('/interaction/')) {
      return interaction(req, res).catch((err) => {
        res.statusCode = 400;
        res.end(String(err.message));
      });
    }
    return callback(req, res);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const env = {
    PASSPORT_ISSUER: issuer,
    PASSPORT_HTTP_CLIENT_ID: 'portal-http',
    PASSPORT_HTTPS_CLIENT_ID: 'portal-https',
    PASSPORT_CLIENT_SECRET: secret,
  };
  if (!quiet) {
    console.log(
      `[passport] local passport on ${issuer} (demo identities: ${PASSPORT_USERS.map((u) => u.login).join(', ')})`,
    );
    console.log('[passport] start the portal with:');
    console.log(
      `  ${Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')} npm start`,
    );
  }
  return { issuer, env, close: () => new Promise((r) => server.close(r)) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ports = (process.env.PASSPORT_PORTAL_PORTS ?? '3000,3010,3110').split(',').map(Number).filter(Boolean);
  await startPassport({
    port: Number(process.env.PASSPORT_PORT || 3990),
    portalPorts: ports,
    secret: process.env.PASSPORT_CLIENT_SECRET || undefined,
    publicIssuer: process.env.PASSPORT_PUBLIC_ISSUER || undefined,
  });
}

#!/usr/bin/env node
/**
 * A stand-in CAS server speaking CAS protocol 3.0 over HTTP, for the tests (integration and end-to-end) and
 * manual trials: `GET /login?service=` shows a login form, `POST /login` checks the user and sends the browser back
 * to the service with `ticket=ST-…`, `GET /p3/serviceValidate?service=&ticket=` answers the protocol's XML
 * (cas:authenticationSuccess with cas:user and cas:attributes, or cas:authenticationFailure with
 * INVALID_REQUEST, INVALID_TICKET or INVALID_SERVICE). As the protocol asks, a ticket is single-use: its first
 * validation consumes it, whether it succeeds or not; it expires after 5 minutes.
 *
 *   node tests/support/cas-server.mjs   (CAS_PORT, default 3991; 0 picks a free port)
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

/** Demo CAS users (password for all: Cas_2026). 'learner' and 'teacher' have portal accounts; 'outsider' has none. */
export const CAS_USERS = [
  { user: 'learner', attributes: { mail: 'learner@example.org', displayName: '王晓明', employeeNumber: 'learner' } },
  { user: 'T2026001', attributes: { mail: 'teacher@example.org', displayName: '教师', employeeNumber: 'teacher' } },
  { user: 'outsider', attributes: { mail: 'outsider@example.org', displayName: '院外人员', employeeNumber: 'x0001' } },
];
export const CAS_PASSWORD = 'Cas_2026';
const TICKET_TTL_MS = 5 * 60_000;

const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function page(service, error = '') {
  return `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>统一身份认证（本地测试）</title>
<body style="font-family:sans-serif;max-width:24rem;margin:3rem auto">
<h1>统一身份认证（本地测试）</h1>
${error ? `<p role="alert" style="color:#b91c1c">${esc(error)}</p>` : ''}
<form method="post" action="/login">
<input type="hidden" name="service" value="${esc(service)}">
<p><label>用户名 <input name="username" autocomplete="username"></label></p>
<p><label>密码 <input name="password" type="password" autocomplete="current-password"></label></p>
<p><button type="submit">登录统一身份认证</button></p>
</form>
<p style="color:#555">测试用户：${CAS_USERS.map((u) => esc(u.user)).join('、')}，密码 ${CAS_PASSWORD}</p>
</body></html>`;
}

function xml(body) {
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n${body}\n</cas:serviceResponse>\n`;
}
const failure = (code, text) =>
  xml(`  <cas:authenticationFailure code="${code}">${esc(text)}</cas:authenticationFailure>`);
function success(u) {
  const attrs = Object.entries(u.attributes)
    .map(([k, v]) => `      <cas:${k}>${esc(v)}</cas:${k}>`)
    .join('\n');
  return xml(
    `  <cas:authenticationSuccess>\n    <cas:user>${esc(u.user)}</cas:user>\n    <cas:attributes>\n${attrs}\n    </cas:attributes>\n  </cas:authenticationSuccess>`,
  );
}

export function startCasServer({ port = 3991, quiet = false } = {}) {
  /** ticket -> { service, user, at } */
  const tickets = new Map();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://cas.local');
    if (url.pathname === '/login' && req.method === 'GET') {
      const service = url.searchParams.get('service');
      if (!service) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('service 参数缺失');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(service));
      return;
    }
    if (url.pathname === '/login' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const service = form.get('service') ?? '';
        const user = CAS_USERS.find((u) => u.user === form.get('username'));
        if (!service || !user || form.get('password') !== CAS_PASSWORD) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(service, '用户名或密码错误'));
          return;
        }
        const ticket = `ST-${randomBytes(18).toString('base64url')}`;
        tickets.set(ticket, { service, user, at: Date.now() });
        const back = `${service}${service.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
        res.writeHead(302, { location: back }).end();
      });
      return;
    }
    if (url.pathname === '/p3/serviceValidate' && req.method === 'GET') {
      const service = url.searchParams.get('service');
      const ticket = url.searchParams.get('ticket');
      res.setHeader('content-type', 'application/xml; charset=utf-8');
      if (!service || !ticket) return res.end(failure('INVALID_REQUEST', 'service and ticket are required'));
      const t = tickets.get(ticket);
      tickets.delete(ticket); // single-use, whatever the outcome
      if (!t || Date.now() - t.at > TICKET_TTL_MS)
        return res.end(failure('INVALID_TICKET', `Ticket ${ticket} not recognized`));
      if (t.service !== service)
        return res.end(failure('INVALID_SERVICE', `Ticket ${ticket} was not issued for this service`));
      return res.end(success(t.user));
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}`;
      if (!quiet) console.log(`cas stand-in on ${url}`);
      resolve({ url, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cas = await startCasServer({ port: Number(process.env.CAS_PORT ?? 3991) });
  const stop = () => void cas.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

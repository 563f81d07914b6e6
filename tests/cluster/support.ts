/**
 * What the cluster tests share: where the cluster is (tests/cluster/setup.mjs), HTTP from Node with a Host header and
 * a chosen source address (nginx limits per address; 127.0.0.x are all this machine), signing in with the captcha's
 * test hook, and killing or restarting an instance through the setup's control server.
 */
import http from 'node:http';
import { Client } from 'pg';

export interface ClusterInfo {
  port: number;
  instancePorts: number[];
  databaseUrl: string;
  uploadDir: string;
  /** The S3 store the instances share (s3rver). */
  storageUrl: string;
  controlPort: number;
}

export const cluster: ClusterInfo = JSON.parse(process.env.PORTAL_CLUSTER ?? 'null');

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { code: number; msg?: string; data?: unknown } & Record<string, unknown>;
}

export interface Call {
  port: number;
  path: string;
  method?: string;
  body?: unknown;
  raw?: Buffer;
  headers?: Record<string, string>;
  cookie?: string;
  host?: string;
  localAddress?: string;
  timeoutMs?: number;
  /** Runs after half the body is sent (e.g. kills the instance that receives it), before the rest. */
  midway?: () => Promise<void>;
}

export function call({
  port,
  path,
  method,
  body,
  raw,
  headers = {},
  cookie,
  host = 'localhost',
  localAddress,
  timeoutMs = 30_000,
  midway,
}: Call): Promise<Answer> {
  const payload = raw ?? (body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
  const h: Record<string, string | number> = { host: `${host}:${port}`, ...headers };
  if (payload) {
    h['content-length'] = payload.length;
    if (!raw) h['content-type'] = 'application/json';
  }
  if (cookie) h.cookie = cookie;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: '127.0.0.1',
        port,
        path,
        method: method ?? (payload ? 'POST' : 'GET'),
        headers: h,
        localAddress,
        timeout: timeoutMs,
        agent: false,
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          let json: Answer['json'];
          try {
            json = JSON.parse(text);
          } catch {
            json = { code: -1 };
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
    if (!midway || !payload) {
      req.end(payload);
      return;
    }
    const half = Math.floor(payload.length / 2);
    req.write(payload.subarray(0, half));
    midway().then(
      () => req.end(payload.subarray(half)),
      (err: Error) => req.destroy(err),
    );
  });
}

export function cookieOf(a: Answer): string {
  return ([] as string[])
    .concat(a.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

export async function captcha(port: number, localAddress?: string): Promise<{ uuid: string; answer: string }> {
  const a = await call({ port, path: '/modules/imgCode/detail', body: {}, localAddress });
  if (a.json.code !== 0) throw new Error(`captcha: ${a.status} ${a.body.slice(0, 200)}`);
  return a.json.data as { uuid: string; answer: string };
}

/** Signs in on `port` (nginx or an instance), with the captcha from `captchaPort` (default the same). */
export async function signIn(
  userID: string,
  password: string,
  {
    port = cluster.port,
    captchaPort = port,
    localAddress,
  }: { port?: number; captchaPort?: number; localAddress?: string } = {},
) {
  const cap = await captcha(captchaPort, localAddress);
  const a = await call({
    port,
    path: '/modules/eosoperator/login',
    body: { userID, password, code: cap.answer, codeUuid: cap.uuid },
    localAddress,
  });
  return { answer: a, cookie: cookieOf(a) };
}

export async function control(action: 'kill' | 'restart', i: number): Promise<void> {
  const a = await call({ port: cluster.controlPort, path: `/${action}?i=${i}`, method: 'POST', timeoutMs: 200_000 });
  if (!a.json.ok) throw new Error(`${action} ${i}: ${a.body}`);
}

export async function withDb<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: cluster.databaseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The local passport (scripts/passport.mjs: a real oidc-provider) started for a suite, and the portal pointed at it. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export async function startLocalPassport(opts: {
  port: number;
  /** The issuer the portal is told (the passport's own address, or a proxy in front of it). */
  issuer: string;
  redirect: string;
  /** More of the passport's environment (e.g. PASSPORT_PUBLIC_ISSUER behind a proxy). */
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const passport = spawn(process.execPath, [path.join(process.cwd(), 'scripts/passport.mjs')], {
    env: {
      ...process.env,
      PASSPORT_PORT: String(opts.port),
      PASSPORT_PORTAL_PORTS: '3110',
      PASSPORT_CLIENT_SECRET: 'test-secret',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('passport did not start')), 20_000);
    passport.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('local passport on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    passport.on('exit', (code) => reject(new Error(`passport exited ${code}`)));
  });
  Object.assign(process.env, {
    PASSPORT_ISSUER: opts.issuer,
    PASSPORT_HTTP_CLIENT_ID: 'portal-http',
    PASSPORT_HTTPS_CLIENT_ID: 'portal-https',
    PASSPORT_CLIENT_SECRET: 'test-secret',
    PASSPORT_REDIRECT_URI: opts.redirect,
  });
  return passport;
}

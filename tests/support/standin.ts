/** Starts one of the stand-in servers of tests/support (*.mjs) as a child process on a free port; resolves its URL. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export async function startStandIn(
  script: 'cas-server.mjs' | 'wechat-server.mjs',
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess; stop: () => void }> {
  const child = spawn(process.execPath, [path.join(process.cwd(), 'tests/support', script)], {
    env: { ...process.env, CAS_PORT: '0', WECHAT_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), 20_000);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = / on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
  return { url, child, stop: () => void child.kill('SIGTERM') };
}

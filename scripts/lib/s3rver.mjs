/**
 * An S3-protocol server for the tests and `npm run cluster`: the npm package s3rver (files on disk, the real S3 HTTP
 * API with SigV4), since no MinIO binary can be installed on these machines. startS3rver() runs it as a child
 * process (its own event loop, like a real store; one process to stop by its id) on loopback, on a free port unless
 * told one, with its files in a folder of its own, and resolves with the STORAGE_URL that reaches it.
 *
 * Run as a script: `node scripts/lib/s3rver.mjs <dir> [port] [bucket]` prints {"port":N} once it listens.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMain } from './proc.mjs';

/** s3rver's fixed credentials (it checks signatures with them). */
export const S3RVER_KEY = 'S3RVER';

export async function startS3rver({ port = 0, dir, bucket = 'portal', log = () => undefined } = {}) {
  const own = !dir;
  const folder = dir ?? mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  mkdirSync(folder, { recursive: true });
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), folder, String(port), bucket], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
  const listening = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}): ${err.trim()}`)));
  });
  log(`[s3rver] on 127.0.0.1:${listening}, files in ${folder}`);
  const url = `s3://${S3RVER_KEY}:${S3RVER_KEY}@127.0.0.1:${listening}/${bucket}?region=us-east-1&forcePathStyle=1`;
  return {
    url,
    port: listening,
    dir: folder,
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      if (own) rmSync(folder, { recursive: true, force: true });
    },
  };
}

if (isMain(import.meta.url)) {
  const [dir, port = '0', bucket = 'portal'] = process.argv.slice(2);
  const S3rver = createRequire(import.meta.url)('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: Number(port),
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
  const stop = () => server.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

#!/usr/bin/env node
/**
 * npm start: runs `next start -p ${PORT:-3000}` as one process with inherited stdio, passing SIGINT/SIGTERM on to it
 * and exiting with its code.
 * - NODE_ENV=production: never builds (a build on a production host at start-up would take minutes and several
 *   instances would race on one .next); a missing or stale build stops it with a message: run `npm run build`.
 * - Otherwise (the embedded demo, README's first command): builds when needed (scripts/lib/build.mjs), and on the
 *   embedded database (no DATABASE_URL) asks for the demo data (SEED=demo) unless SEED is set, so a fresh
 *   `npm install && npm start` shows a full portal. A server itself never seeds unless asked.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded, productionBuildProblem } from './lib/build.mjs';
import { ROOT } from './lib/proc.mjs';

const port = process.env.PORT || '3000';

const production = process.env.NODE_ENV === 'production';
if (production) {
  const problem = productionBuildProblem();
  if (problem) {
    console.error(`[start] ${problem}`);
    process.exit(1);
  }
} else {
  try {
    await buildIfNeeded({ benchPages: false });
  } catch (err) {
    console.error(`[start] ${err.message}`);
    process.exit(1);
  }
}
const env = { ...process.env };
if (!production && !env.DATABASE_URL && !env.SEED) env.SEED = 'demo';

const hosts = ['localhost', 'party.localhost', 'stu.localhost', 'dangxiao.localhost'];
console.log(`[start] serving ${hosts.map((h) => `http://${h}:${port}`).join(', ')}`);

// scripts/lib/preload.cjs: see there (a client header must not skip proxy.ts while the server starts).
const child = spawn(
  process.execPath,
  [
    '--require',
    path.join(ROOT, 'scripts/lib/preload.cjs'),
    path.join(ROOT, 'node_modules/next/dist/bin/next'),
    'start',
    '-p',
    port,
  ],
  {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('error', (err) => {
  console.error(`[start] ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] || 1)));

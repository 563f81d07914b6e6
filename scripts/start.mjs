#!/usr/bin/env node
/**
 * npm start: builds when needed (scripts/lib/build.mjs), then runs `next start -p ${PORT:-3000}` as one
 * process with inherited stdio, passing SIGINT/SIGTERM on to it and exiting with its code.
 * The database is created, migrated and seeded under DATA_DIR (default ./data) on first use.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from './lib/build.mjs';
import { ROOT } from './lib/proc.mjs';

const port = process.env.PORT || '3000';

try {
  await buildIfNeeded();
} catch (err) {
  console.error(`[start] ${err.message}`);
  process.exit(1);
}

const hosts = ['localhost', 'party.localhost', 'stu.localhost', 'dangxiao.localhost'];
console.log(`[start] serving ${hosts.map((h) => `http://${h}:${port}`).join(', ')}`);

// scripts/lib/preload.cjs: see there (a client header must not skip proxy.ts while the server starts).
const child = spawn(process.execPath, ['--require', path.join(ROOT, 'scripts/lib/preload.cjs'), path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', port], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('error', (err) => {
  console.error(`[start] ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] || 1)));

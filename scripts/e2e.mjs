#!/usr/bin/env node
/**
 * npm run test:e2e [-- playwright args]: makes sure Debian's Chromium is installed, builds when needed,
 * runs `playwright test` (list reporter on the terminal, JSON to test-results/playwright.json; the server is
 * started by playwright.config.ts through scripts/serve-test.mjs) and returns the counts.
 * test.mjs imports runE2E() and adds the counts to its summary.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './lib/build.mjs';
import { ROOT, aptInstall, ensureChromium, isMain, run } from './lib/proc.mjs';
import { NGINX, RTMP_MODULE } from './lib/nginx-rtmp.mjs';

export const PLAYWRIGHT_JSON = path.join(ROOT, 'test-results', 'playwright.json');

/** Counts from Playwright's JSON report: { passed, failed, skipped, flaky } or null when there is none. */
export function readPlaywrightCounts(file = PLAYWRIGHT_JSON) {
  if (!existsSync(file)) return null;
  try {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: (stats.expected || 0) + (stats.flaky || 0),
      failed: stats.unexpected || 0,
      skipped: stats.skipped || 0,
      flaky: stats.flaky || 0,
    };
  } catch {
    return null;
  }
}

/**
 * The live spec's ingest and stream (e2e/common/live-stream.spec.ts): Debian's nginx with its RTMP module, and ffmpeg.
 * Installed when missing and running as root; otherwise that spec skips itself and says why.
 */
async function ensureLiveIngest(log = console.log) {
  const missing = [];
  if (!existsSync(NGINX)) missing.push('nginx');
  if (!existsSync(RTMP_MODULE)) missing.push('libnginx-mod-rtmp');
  if (!existsSync('/usr/bin/ffmpeg')) missing.push('ffmpeg');
  if (missing.length === 0) return;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    log(`[e2e] ${missing.join(', ')} missing (not root, not installed): the live stream spec will be skipped`);
    return;
  }
  log(`[e2e] installing ${missing.join(' ')} with apt-get`);
  if (!(await aptInstall(missing))) log('[e2e] apt-get failed: the live stream spec will be skipped');
}

/**
 * Runs the end-to-end suite. Resolves { code, passed, failed, skipped, flaky }; a run that failed without
 * counting a failing test (no browser, build or server error, bad config) counts as one failure.
 */
export async function runE2E(args = []) {
  const none = { passed: 0, failed: 1, skipped: 0, flaky: 0 };
  try {
    await ensureChromium();
    await ensureLiveIngest();
    await buildIfNeeded();
  } catch (err) {
    console.error(`[e2e] ${err.message}`);
    return { code: 1, ...none };
  }
  rmSync(PLAYWRIGHT_JSON, { force: true });
  const code = await run(process.execPath, [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', ...args]);
  const counts = readPlaywrightCounts() || { ...none, failed: code === 0 ? 0 : 1 };
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return { code, ...counts };
}

if (isMain(import.meta.url)) {
  const result = await runE2E(process.argv.slice(2));
  const extra = [result.skipped ? `${result.skipped} skipped` : '', result.flaky ? `${result.flaky} flaky` : ''].filter(
    Boolean,
  );
  console.log(`[e2e] ${result.passed} passed, ${result.failed} failed${extra.length ? `, ${extra.join(', ')}` : ''}`);
  process.exit(result.code === 0 && result.failed === 0 ? 0 : 1);
}
